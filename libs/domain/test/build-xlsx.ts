import { deflateRawSync } from 'node:zlib';

// A minimal ZIP writer and .xlsx workbook for the target file specs (no CRC check is made by the
// reader, so none is written).

export interface ZipPart {
  name: string;
  data: string | Uint8Array;
  method?: 'deflate' | 'store';
  /** General-purpose flags of the entry (1: encrypted). */
  flags?: number;
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};

export function buildZip(parts: readonly ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.from(typeof part.data === 'string' ? new TextEncoder().encode(part.data) : part.data);
    const deflate = (part.method ?? 'deflate') === 'deflate';
    const body = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(part.name, 'utf8');
    const fields = [
      u16(part.flags ?? 0),
      u16(deflate ? 8 : 0),
      u16(0),
      u16(0x21),
      u32(0),
      u32(body.length),
      u32(data.length),
    ];
    const local = Buffer.concat([u32(0x04034b50), u16(20), ...fields, u16(name.length), u16(0), name]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        ...fields,
        u16(name.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
      ]),
    );
    locals.push(local, body);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(parts.length),
    u16(parts.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

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
  return buildZip([
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
  ]);
}
