import { describe, expect, it } from 'vitest';
import { absentText, jobChangeText } from './export-history';

const history = {
  absentSince: null,
  previousCompany: 'Globex',
  previousPosition: 'CTO',
  jobChangedAt: '2026-11-24T10:00:00.000Z',
};

describe('export history in words', () => {
  it('says where a person moved from and in which export it was seen', () => {
    expect(jobChangeText({ company: 'Initech', position: 'CTO', exportHistory: history })).toBe(
      'Moved from Globex to Initech, seen in your export of 24 Nov 2026',
    );
  });

  it('names the positions when the company stayed the same', () => {
    expect(jobChangeText({ company: 'Globex', position: 'CEO', exportHistory: history })).toBe(
      'Moved from CTO to CEO, seen in your export of 24 Nov 2026',
    );
  });

  it('says nothing for a person without a history, and flags one missing from the latest export', () => {
    expect(jobChangeText({ company: 'Acme', position: null, exportHistory: undefined })).toBeNull();
    expect(
      absentText({ exportHistory: { ...history, jobChangedAt: null, absentSince: '2026-11-25T09:00:00Z' } }),
    ).toBe('Not in your latest export (missing since 25 Nov 2026)');
  });
});
