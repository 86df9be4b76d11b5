import { describe, expect, it } from '@jest/globals';
import { ARCHIVE_OWNER, generateArchive, generateMessageRows } from './generate-archive.js';

describe('generateArchive', () => {
  const today = new Date('2026-11-26T00:00:00Z');
  const archive = generateArchive({ seed: 5, connections: 300, messages: 4000, marker: 'MARK', today });
  const messages = archive.files.find((file) => file.name === 'messages.csv')?.data as string;

  it('is the same for the same seed', () => {
    expect(
      generateArchive({ seed: 5, connections: 300, messages: 4000, marker: 'MARK', today }).files,
    ).toEqual(archive.files);
  });

  it('writes thousands of messages over a few hundred connections, group chats, strangers and bad dates', () => {
    expect(archive.counts.messages).toBe(4000);
    expect(archive.counts.groups).toBeGreaterThan(10);
    expect(archive.counts.strangerMessages).toBeGreaterThan(0);
    expect(archive.counts.malformedDates).toBeGreaterThan(0);
    expect(messages).toContain(ARCHIVE_OWNER.url);
    expect(messages).toContain('rita-recruiter');
  });

  it('quotes multi-line content with commas, quotes and emoji, the marker in every content cell', () => {
    expect(messages).toMatch(/"Hi [^"]+, how are you, ""really"" .+\nBest, talk soon MARK"/u);
    const invitations = archive.files.find((file) => file.name === 'Invitations.csv')?.data as string;
    expect(invitations).toContain('MARK');
  });

  it('writes every file of the archive', () => {
    expect(archive.files.map((file) => file.name)).toEqual([
      'Connections.csv',
      'messages.csv',
      'Invitations.csv',
      'Endorsement_Received_Info.csv',
      'Endorsement_Given_Info.csv',
      'Recommendations_Received.csv',
      'Recommendations_Given.csv',
    ]);
  });

  it('streams message rows for a file of any size', () => {
    let rows = 0;
    for (const _row of generateMessageRows(archive.connections, { messages: 50_000 })) rows++;
    expect(rows).toBe(50_000);
  });
});
