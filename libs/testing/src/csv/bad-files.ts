import { buildExportRow, buildLinkedInCsv, CURRENT_HEADER, LINKEDIN_PREAMBLE } from './linkedin-export.js';
import { csvLine } from './csv-text.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * One file of each class of unusable input the import must refuse with a clear message
 * (docs/import.md#failures), as the bytes a browser would upload.
 */
export const BAD_FILES = {
  empty: (): Uint8Array => new Uint8Array(0),
  headerOnly: (): Uint8Array => encode(buildLinkedInCsv([])),
  /** Saved by a spreadsheet in a locale that separates with semicolons. */
  wrongDelimiter: (): Uint8Array =>
    encode(
      [CURRENT_HEADER.join(';'), 'Ana;Silva;https://www.linkedin.com/in/ana;;Acme;CTO;24 Nov 2023'].join(
        '\n',
      ) + '\n',
    ),
  /** Last Name was deleted. */
  missingColumns: (): Uint8Array =>
    encode(['First Name,URL,Company,Position,Connected On', 'Ana,,Acme,CTO,24 Nov 2023'].join('\n') + '\n'),
  /** The start of an .xlsx workbook (a zip archive), renamed to .csv. */
  binaryRenamed: (): Uint8Array => {
    const bytes = new Uint8Array(4096);
    bytes.set([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    for (let i = 10; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    return bytes;
  },
  /** Saved as Windows-1252: "José" written with a lone 0xE9 byte on line 6. */
  invalidUtf8: (): Uint8Array => {
    const head = encode(`${buildLinkedInCsv([buildExportRow({ firstName: 'Ana', lastName: 'Silva' })])}Jos`);
    const tail = encode(',Gonçalves,,,Acme,CTO,24 Nov 2023\n');
    return Uint8Array.from([...head, 0xe9, ...tail]);
  },
  /** A quote opened on line 6 and never closed. */
  unterminatedQuote: (): Uint8Array =>
    encode(
      [
        ...LINKEDIN_PREAMBLE,
        csvLine(CURRENT_HEADER),
        'Ana,Silva,https://www.linkedin.com/in/ana,,Acme,CTO,24 Nov 2023',
        'Ben,"Okafor,https://www.linkedin.com/in/ben,,Acme,Engineer,2 Jan 2020',
        'Chloé,Dubois,https://www.linkedin.com/in/chloe,,Acme,Designer,3 Feb 2021',
      ].join('\n') + '\n',
    ),
  /** A single row whose company is 100,000 characters long. */
  hugeField: (): Uint8Array => encode(buildLinkedInCsv([buildExportRow({ company: 'A'.repeat(100_000) })])),
} as const;
export type BadFileKind = keyof typeof BAD_FILES;

/** Cells that would run as formulas in a spreadsheet or as markup in a page; they must stay plain text. */
export const HOSTILE_CELLS = {
  formulaName: '=HYPERLINK("http://evil.example","Click")',
  markupLastName: '<img src=x onerror=alert(1)>',
  formulaCompany: '+cmd|" /C calc"!A0',
  markupPosition: '<script>alert("x")</script> Engineer',
} as const;
