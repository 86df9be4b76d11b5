import { describe, expect, it } from '@jest/globals';
import {
  ARCHIVE_OWNER,
  buildExportRow,
  buildLinkedInCsv,
  buildZip,
  generateArchive,
} from '@warmpath/testing';
import { openUpload } from '../archive/archive-source.js';
import { readSignalsInProcess } from './signals-reader.js';

const MARKER = 'MARKER-7f3c-never-stored';

async function* bytesOf(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data;
}

async function signalsOf(files: { name: string; data: string | Uint8Array }[]) {
  const upload = await openUpload(bytesOf(buildZip(files)), 'export.zip');
  return { upload, collected: await readSignalsInProcess(upload.signalFiles) };
}

const connections = buildLinkedInCsv([
  buildExportRow({ firstName: 'Ana', url: 'https://www.linkedin.com/in/ana' }),
]);

describe('the archive signals of an import', () => {
  it('finds every signal file, whatever the case of its name and its folder', async () => {
    const { upload } = await signalsOf([
      { name: 'export/Connections.csv', data: connections },
      { name: 'export/Messages.csv', data: 'CONVERSATION ID,SENDER PROFILE URL\n' },
      { name: 'export/invitations.csv', data: 'Direction,inviterProfileUrl,inviteeProfileUrl\n' },
      { name: 'Endorsement_Received_Info.csv', data: '' },
      { name: 'Recommendations_Given.csv', data: '' },
    ]);
    expect(upload.signalFiles.map((file) => file.file)).toEqual([
      'messages',
      'invitations',
      'endorsements-received',
      'recommendations-given',
    ]);
  });

  it('reads a generated archive into numbers and dates per person, without a word of content', async () => {
    const archive = generateArchive({ seed: 3, connections: 200, messages: 3000, marker: MARKER });
    const { collected } = await signalsOf(archive.files);
    expect(collected.messages).toMatchObject({
      messagesRead: archive.counts.messages,
      undatedMessages: archive.counts.malformedDates,
      memberFound: true,
    });
    expect(Object.keys(collected.files).sort()).toEqual([
      'endorsements-given',
      'endorsements-received',
      'invitations',
      'messages',
      'recommendations-given',
      'recommendations-received',
    ]);
    expect(collected.unreadable).toEqual([]);
    const urls = new Set(archive.connections.map((row) => row.url));
    const talkedTo = collected.people.filter(
      ([url, signals]) => urls.has(url) && signals.messagesSent + signals.messagesReceived > 0,
    );
    expect(talkedTo.length).toBeGreaterThan(50);
    expect(collected.people.some(([url]) => url.includes('rita-recruiter'))).toBe(true);
    expect(collected.people.some(([url]) => url === ARCHIVE_OWNER.url)).toBe(false);
    expect(collected.people.some(([, signals]) => signals.groupMessages > 0)).toBe(true);
    expect(collected.people.some(([, signals]) => signals.invitationWithNote)).toBe(true);
    expect(collected.recommendations.length).toBeGreaterThan(0);
    expect(JSON.stringify(collected)).not.toContain(MARKER);
    expect(JSON.stringify(collected)).not.toContain('how are you');
  });

  it('lists a file without its columns or with broken quoting as unreadable, and keeps the rest', async () => {
    const { collected } = await signalsOf([
      { name: 'Connections.csv', data: connections },
      { name: 'messages.csv', data: 'FROM,TO,CONTENT\nx,y,private\n' },
      {
        name: 'Invitations.csv',
        data: 'Direction,inviterProfileUrl,inviteeProfileUrl\nINCOMING,https://www.linkedin.com/in/ana,me\n"OUTGOING"x,a,b\n',
      },
    ]);
    expect(collected.unreadable.sort()).toEqual(['invitations', 'messages']);
    expect(collected.people).toEqual([
      ['https://www.linkedin.com/in/ana', expect.objectContaining({ invitedBy: 'person' })],
    ]);
    expect(collected.messages).toBeNull();
  });

  it('has no signal files for a plain CSV upload', async () => {
    const upload = await openUpload(bytesOf(new TextEncoder().encode(connections)), 'Connections.csv');
    expect(upload.signalFiles).toEqual([]);
  });
});
