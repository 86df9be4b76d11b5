import { deflateRawSync } from 'node:zlib';

import { writeZip, type ZipPart, type ZipWriterOptions } from '../src/zip/index.js';

// An .xlsx workbook for the target file specs, written with the domain's ZIP writer.

export type { ZipPart };
export type ZipOptions = Omit<ZipWriterOptions, 'deflateRaw'>;

export const buildZip = (parts: readonly ZipPart[], options: ZipOptions = {}): Uint8Array =>
  writeZip(parts, { ...options, deflateRaw: (data) => deflateRawSync(data) });

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const column = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};

/**
 * An .xlsx workbook as Excel writes it: text in shared strings, numbers as values, the sheet
 * named in workbook.xml through its relationships. `extraSheets` come after the first one.
 */
export function buildXlsx(
  rows: readonly (readonly (string | number | null)[])[],
  extraParts: readonly ZipPart[] = [],
  zipOptions: ZipOptions = {},
): Uint8Array {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const sheetRows = rows
    .map((cells, r) => {
      const xmlCells = cells
        .map((value, c) => {
          if (value === null) return '';
          const ref = `${column(c)}${r + 1}`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          if (!indexOf.has(value)) {
            indexOf.set(value, strings.length);
            strings.push(value);
          }
          return `<c r="${ref}" t="s"><v>${indexOf.get(value)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xmlCells}</row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return buildZip(
    [
      { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
      {
        name: 'xl/workbook.xml',
        data: `<?xml version="1.0"?><workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Targets" sheetId="1" r:id="rId3"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: '<?xml version="1.0"?><Relationships><Relationship Id="rId1" Target="styles.xml"/><Relationship Id="rId3" Type="worksheet" Target="worksheets/sheet7.xml"/></Relationships>',
      },
      {
        name: 'xl/sharedStrings.xml',
        data: `<?xml version="1.0"?><sst ${ns}>${strings.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('')}</sst>`,
      },
      {
        name: 'xl/worksheets/sheet7.xml',
        data: `<?xml version="1.0"?><worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`,
      },
      ...extraParts,
    ],
    zipOptions,
  );
}
