import { describe, expect, it } from '@jest/globals';
import { companyKey } from '@warmpath/domain';
import { buildSampleConnectionsCsv, generateExportRows, generateLinkedInCsv } from './generate-export.js';

describe('generateExportRows', () => {
  it('gives the same rows for the same seed and other rows for another seed', () => {
    const a = [...generateExportRows(50, { seed: 7 })];
    expect([...generateExportRows(50, { seed: 7 })]).toEqual(a);
    expect([...generateExportRows(50, { seed: 8 })]).not.toEqual(a);
  });

  it('gives every person a distinct profile URL', () => {
    const urls = new Set([...generateExportRows(5000)].map((row) => row.url));
    expect(urls.size).toBe(5000);
  });

  it('writes LinkedIn dates with a one- or two-digit day', () => {
    for (const row of generateExportRows(200))
      expect(row.connectedOn).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });
});

describe('generateLinkedInCsv', () => {
  it('starts with the preamble and has one line per person after the header', () => {
    const lines = generateLinkedInCsv(10).trimEnd().split('\n');
    expect(lines[0]).toBe('Notes:');
    expect(lines[3]).toBe('First Name,Last Name,URL,Email Address,Company,Position,Connected On');
    expect(lines).toHaveLength(14);
  });
});

describe('buildSampleConnectionsCsv', () => {
  const rows = [...generateExportRows(150, { seed: 2024, companies: 12, emailShare: 0.2 })];

  it('has 150 people in the current format with CRLF line endings', () => {
    const csv = buildSampleConnectionsCsv();
    expect(csv.startsWith('Notes:\r\n')).toBe(true);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(154);
  });

  it('spreads people over several companies, one of them with more than 15 people', () => {
    const sizes = new Map<string, number>();
    for (const row of rows) {
      const key = companyKey(row.company);
      if (key) sizes.set(key, (sizes.get(key) ?? 0) + 1);
    }
    expect(sizes.size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...sizes.values())).toBeGreaterThan(15);
  });
});
