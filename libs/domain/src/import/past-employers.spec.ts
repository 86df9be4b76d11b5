import { describe, expect, it } from '@jest/globals';
import { readPastEmployers } from './past-employers.js';

const HEADER = ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On'];

describe('readPastEmployers', () => {
  it("keeps only the company keys of the member's jobs, each once", () => {
    const rows = [
      HEADER,
      ['Initech', 'CTO', 'Leading things', 'Lisbon', 'Mar 2024', ''],
      ['Globex Inc.', 'Engineer', '', '', 'Jan 2019', 'Feb 2024'],
      ['GLOBEX', 'Intern', '', '', 'Jun 2018', 'Sep 2018'],
      ['', 'Freelance', '', '', '2017', '2018'],
    ];
    expect(readPastEmployers(rows)).toEqual(['initech', 'globex']);
  });

  it('answers null for a file without a company column', () => {
    expect(
      readPastEmployers([
        ['Title', 'Started On'],
        ['CTO', '2020'],
      ]),
    ).toBeNull();
    expect(readPastEmployers([])).toBeNull();
  });

  it('keeps at most 100 companies', () => {
    const rows = [HEADER, ...Array.from({ length: 150 }, (_, i) => [`Company ${i}`, 'x'])];
    expect(readPastEmployers(rows)).toHaveLength(100);
  });
});
