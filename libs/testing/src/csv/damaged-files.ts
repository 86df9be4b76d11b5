import { csvLine } from './csv-text.js';
import { CURRENT_HEADER, LINKEDIN_PREAMBLE } from './linkedin-export.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const file = (lines: readonly string[]): string => [...LINKEDIN_PREAMBLE, ...lines].join('\n') + '\n';
const header = csvLine(CURRENT_HEADER);

/** Ana and Chloé: the good rows every damaged file below keeps around its damage. */
export const DAMAGED_FILE_GOOD_ROWS = [
  'Ana,Silva,https://www.linkedin.com/in/ana-silva,ana@example.com,Globex,CTO,24 Nov 2023',
  'Chloé,Dubois,https://www.linkedin.com/in/chloe-dubois,,Initech,Designer,3 Feb 2021',
] as const;
const [ana, chloe] = DAMAGED_FILE_GOOD_ROWS;

/**
 * Exports damaged as real ones are (docs/import.md), as the bytes a browser would upload: each keeps
 * Ana (line 5) and Chloé (line 7) around the damage on line 6, unless said otherwise.
 */
export const DAMAGED_FILES = {
  /** "Acme, Inc." without quotes on line 6: 8 values for 7 columns. */
  unquotedComma: (): Uint8Array =>
    encode(
      file([
        header,
        ana,
        'Ben,Okafor,https://www.linkedin.com/in/ben-okafor,,Acme, Inc.,Engineer,2 Jan 2020',
        chloe,
      ]),
    ),
  /** A trailing comma after the date on line 6: an empty 8th value, repaired with a warning. */
  trailingComma: (): Uint8Array =>
    encode(
      file([
        header,
        ana,
        'Ben,Okafor,https://www.linkedin.com/in/ben-okafor,,Acme,Engineer,2 Jan 2020,',
        chloe,
      ]),
    ),
  /** Line 6 has free text, line 7 a spreadsheet formula where the e-mail address goes. */
  invalidEmails: (): Uint8Array =>
    encode(
      file([
        header,
        ana,
        'Ben,Okafor,https://www.linkedin.com/in/ben-okafor,ask me on LinkedIn,Acme,Engineer,2 Jan 2020',
        csvLine([
          'Dan',
          'Lee',
          'https://www.linkedin.com/in/dan-lee',
          '=HYPERLINK("mailto:dan@example.com","mail")',
          'Acme',
          'Engineer',
          '2 Jan 2020',
        ]),
      ]),
    ),
  /** "Company" twice in the header. */
  duplicateColumn: (): Uint8Array =>
    encode(
      file([
        'First Name,Last Name,URL,Email Address,Company,Position,Connected On,Company',
        `${ana},Other Co`,
        `${chloe},Other Co`,
      ]),
    ),
  /** NUL bytes inside two fields of line 6. */
  nulInFields: (): Uint8Array =>
    encode(
      file([
        header,
        ana,
        'Ben,Oka\u0000for,https://www.linkedin.com/in/ben-okafor,,Ac\u0000me,Engineer,2 Jan 2020',
        chloe,
      ]),
    ),
  /** Ana and Chloé, then 4,000 NUL bytes where a download stopped. */
  trailingNuls: (): Uint8Array => {
    const text = encode(file([header, ana, chloe]));
    const bytes = new Uint8Array(text.length + 4000);
    bytes.set(text);
    return bytes;
  },
} as const;
export type DamagedFileKind = keyof typeof DAMAGED_FILES;
