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

const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};

export interface ZipOptions {
  /**
   * ZIP64 as streaming writers emit it even for small files: every entry's sizes and offset in a
   * ZIP64 extra field (the 32-bit fields at 0xffffffff), and a ZIP64 end record and locator
   * before an end record whose count and offset are at 0xffff and 0xffffffff.
   */
  zip64?: boolean;
}

export function buildZip(parts: readonly ZipPart[], options: ZipOptions = {}): Uint8Array {
  const zip64 = options.zip64 ?? false;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.from(typeof part.data === 'string' ? new TextEncoder().encode(part.data) : part.data);
    const deflate = (part.method ?? 'deflate') === 'deflate';
    const body = deflate ? deflateRawSync(data) : data;
    const name = Buffer.from(part.name, 'utf8');
    const sized = (value: number) => u32(zip64 ? 0xffffffff : value);
    const fields = [
      u16(part.flags ?? 0),
      u16(deflate ? 8 : 0),
      u16(0),
      u16(0x21),
      u32(0),
      sized(body.length),
      sized(data.length),
    ];
    // ZIP64 extra field: size, compressed size (local and central), then the local offset.
    const sizes = [u64(data.length), u64(body.length)];
    const localExtra = zip64 ? Buffer.concat([u16(1), u16(16), ...sizes]) : Buffer.alloc(0);
    const centralExtra = zip64 ? Buffer.concat([u16(1), u16(24), ...sizes, u64(offset)]) : Buffer.alloc(0);
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(zip64 ? 45 : 20),
      ...fields,
      u16(name.length),
      u16(localExtra.length),
      name,
      localExtra,
    ]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(zip64 ? 45 : 20),
        u16(zip64 ? 45 : 20),
        ...fields,
        u16(name.length),
        u16(centralExtra.length),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        sized(offset),
        name,
        centralExtra,
      ]),
    );
    locals.push(local, body);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const zip64End = zip64
    ? Buffer.concat([
        u32(0x06064b50),
        u64(44),
        u16(45),
        u16(45),
        u32(0),
        u32(0),
        u64(parts.length),
        u64(parts.length),
        u64(directory.length),
        u64(offset),
        // The locator: the ZIP64 end record's offset.
        u32(0x07064b50),
        u32(0),
        u64(offset + directory.length),
        u32(1),
      ])
    : Buffer.alloc(0);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(zip64 ? 0xffff : parts.length),
    u16(zip64 ? 0xffff : parts.length),
    u32(zip64 ? 0xffffffff : directory.length),
    u32(zip64 ? 0xffffffff : offset),
    u16(0),
  ]);
  return new Uint8Array(Buffer.concat([...locals, directory, zip64End, end]));
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
