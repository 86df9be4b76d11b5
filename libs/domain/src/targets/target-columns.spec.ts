import { describe, expect, it } from '@jest/globals';
import { recogniseTargetColumns } from './target-columns.js';

describe('recogniseTargetColumns', () => {
  it.each([
    [['Company'], 'company'],
    [['Account Name'], 'company'],
    [['Account'], 'company'],
    [['Organization'], 'company'],
    [['Organisation'], 'company'],
    [['Companies'], 'company'],
    [['Targets'], 'company'],
    [['Domain'], 'domain'],
    [['Website'], 'website'],
    [['Profile URL'], 'profileUrl'],
    [['Company LinkedIn URL'], 'companyLinkedinUrl'],
  ] as const)('reads the header %j surely', (header, field) => {
    const result = recogniseTargetColumns([[...header], ['x']]);
    expect(result?.mapping.columns[field]).toBe(0);
    expect(result?.mapping.unsure).toBe(false);
  });

  it('maps a people sheet, with the company as their company', () => {
    const result = recogniseTargetColumns([
      ['First Name', 'Last Name', 'Company', 'Title'],
      ['Ana', 'Lopez', 'Acme', 'CTO'],
    ]);
    expect(result?.mapping).toEqual({
      headerRow: 0,
      columns: { firstName: 0, lastName: 1, company: 2 },
      unsure: false,
      doubts: [],
    });
  });

  it('finds the header below a title row', () => {
    const result = recogniseTargetColumns([
      ['Q3 targets'],
      [],
      ['Account Name', 'Website'],
      ['Acme', 'acme.com'],
    ]);
    expect(result?.mapping.headerRow).toBe(2);
    expect(result?.header).toEqual(['Account Name', 'Website']);
  });

  it('reads a "LinkedIn" or "URL" column by what it holds', () => {
    const profiles = recogniseTargetColumns([['LinkedIn'], ['https://www.linkedin.com/in/ana']]);
    expect(profiles?.mapping.columns).toEqual({ profileUrl: 0 });
    const pages = recogniseTargetColumns([['LinkedIn URL'], ['linkedin.com/company/acme']]);
    expect(pages?.mapping.columns).toEqual({ companyLinkedinUrl: 0 });
    const sites = recogniseTargetColumns([['URL'], ['https://acme.com']]);
    expect(sites?.mapping.columns).toEqual({ website: 0 });
    expect(sites?.mapping.unsure).toBe(false);
  });

  it('reads "Name" as a person beside a company, and as a company alone (unsure)', () => {
    expect(
      recogniseTargetColumns([
        ['Name', 'Company'],
        ['Ana Lopez', 'Acme'],
      ])?.mapping.columns,
    ).toEqual({
      fullName: 0,
      company: 1,
    });
    const alone = recogniseTargetColumns([
      ['Name', 'Website'],
      ['Acme', 'acme.com'],
    ]);
    expect(alone?.mapping.columns).toEqual({ company: 0, website: 1 });
    expect(alone?.mapping.unsure).toBe(true);
  });

  it('is unsure of a loosely named column, and says which', () => {
    const result = recogniseTargetColumns([['Parent company / group (legal)'], ['Acme']]);
    expect(result?.mapping.columns).toEqual({ company: 0 });
    expect(result?.mapping.unsure).toBe(true);
    expect(result?.mapping.doubts[0]).toContain('Column 1');
  });

  it('is unsure when two columns claim one field, and reads the first', () => {
    const result = recogniseTargetColumns([
      ['Company', 'Account'],
      ['Acme', 'Acme Inc'],
    ]);
    expect(result?.mapping.columns).toEqual({ company: 0 });
    expect(result?.mapping.unsure).toBe(true);
  });

  it("reads a CRM's account export surely, its other account columns ignored", () => {
    const result = recogniseTargetColumns([
      ['Account Name', 'Account Owner', 'Account ID', 'Website', 'Industry', 'Company Size'],
      ['Acme', 'Sam Rep', '001', 'acme.com', 'Software', '200'],
    ]);
    expect(result?.mapping).toEqual({
      headerRow: 0,
      columns: { company: 0, website: 3 },
      unsure: false,
      doubts: [],
    });
  });

  it('never lets a loose guess take a field a column surely holds', () => {
    const result = recogniseTargetColumns([
      ['Parent account (legal)', 'Company'],
      ['Acme Holdings', 'Acme'],
    ]);
    expect(result?.mapping.columns).toEqual({ company: 1 });
    expect(result?.mapping.unsure).toBe(false);
  });

  it('reads a one-column sheet without header as one target a line, unsure', () => {
    const result = recogniseTargetColumns([['Acme'], ['Globex']]);
    expect(result?.mapping).toMatchObject({ headerRow: -1, columns: { company: 0 }, unsure: true });
  });

  it('finds nothing in a wide sheet without a target column', () => {
    expect(
      recogniseTargetColumns([
        ['Title', 'Revenue'],
        ['CTO', '3'],
      ]),
    ).toBeNull();
    expect(
      recogniseTargetColumns([
        ['First Name', 'Revenue'],
        ['Ana', '3'],
      ]),
    ).toBeNull();
  });
});
