import { csvLine } from './csv-text.js';

/** One row of a LinkedIn Connections.csv export, as the file writes it. */
export interface ExportRow {
  firstName: string;
  lastName: string;
  url: string;
  email: string;
  company: string;
  position: string;
  /** LinkedIn's own format, e.g. "24 Nov 2023". */
  connectedOn: string;
}

/** The lines LinkedIn's current export writes before the header. */
export const LINKEDIN_PREAMBLE = [
  'Notes:',
  '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address. Learn more about connections and your data here: https://www.linkedin.com/help/linkedin/answer/261"',
  '',
] as const;

export const CURRENT_HEADER = [
  'First Name',
  'Last Name',
  'URL',
  'Email Address',
  'Company',
  'Position',
  'Connected On',
];
/** Exports before 2019: no preamble, no URL column. */
export const LEGACY_HEADER = [
  'First Name',
  'Last Name',
  'Email Address',
  'Company',
  'Position',
  'Connected On',
];

let sequence = 0;

/** A plausible row; every call gives a different person unless overridden. */
export function buildExportRow(overrides: Partial<ExportRow> = {}): ExportRow {
  sequence += 1;
  const firstName = overrides.firstName ?? `Person${sequence}`;
  const lastName = overrides.lastName ?? `Tester${sequence}`;
  return {
    firstName,
    lastName,
    url: `https://www.linkedin.com/in/${firstName}-${lastName}-${sequence}`.toLowerCase(),
    email: '',
    company: 'Acme',
    position: 'Software Engineer',
    connectedOn: '24 Nov 2023',
    ...overrides,
  };
}

export interface ExportOptions {
  /** 'current' (preamble, 7 columns; the default) or 'legacy' (no preamble, no URL column). */
  format?: 'current' | 'legacy';
  lineEnding?: '\r\n' | '\n';
  /** Start with a UTF-8 byte-order mark, as files re-saved by spreadsheets do. */
  bom?: boolean;
}

/** The text of a Connections.csv export holding these rows. */
export function buildLinkedInCsv(rows: readonly ExportRow[], options: ExportOptions = {}): string {
  const eol = options.lineEnding ?? '\n';
  const legacy = options.format === 'legacy';
  const lines: string[] = legacy ? [] : [...LINKEDIN_PREAMBLE];
  lines.push(csvLine(legacy ? LEGACY_HEADER : CURRENT_HEADER));
  for (const row of rows) {
    const cells = legacy
      ? [row.firstName, row.lastName, row.email, row.company, row.position, row.connectedOn]
      : [row.firstName, row.lastName, row.url, row.email, row.company, row.position, row.connectedOn];
    lines.push(csvLine(cells));
  }
  return `${options.bom ? '\uFEFF' : ''}${lines.join(eol)}${eol}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as LinkedIn writes it ("4 Nov 2023": one- or two-digit day). */
export function linkedInDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
