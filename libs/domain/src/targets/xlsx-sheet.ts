import type { SheetRow } from './parse-targets.js';
import { TargetFileError } from './target-file-error.js';
import type { ZipEntry } from '../zip/zip-directory.js';
import { type InflateRaw, inflateRawWithStreams, readZipEntry } from './zip-entries.js';

// docs/targets.md#files: the first worksheet of an .xlsx workbook (OOXML), as text cells. Only
// the parts needed are read: the workbook, its relationships, the shared strings and one sheet.

/** True when the ZIP is an Excel workbook (not an archive or a document). */
export function isWorkbook(entries: readonly ZipEntry[]): boolean {
  return entries.some((entry) => entry.name === 'xl/workbook.xml');
}

/** True for an OpenDocument spreadsheet (.ods), which is refused with its own message. */
export function isOpenDocument(entries: readonly ZipEntry[]): boolean {
  return (
    entries.some((entry) => entry.name === 'mimetype') &&
    entries.some((entry) => entry.name === 'content.xml')
  );
}

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text of XML character data: entities and OOXML's "_x000D_" escapes decoded. */
export function decodeXmlText(text: string): string {
  return text
    .replace(ENTITY, (_, hex: string | undefined, decimal: string | undefined, name: string | undefined) =>
      hex || decimal
        ? String.fromCodePoint(parseInt((hex ?? decimal) as string, hex ? 16 : 10))
        : (NAMED[(name as string).toLowerCase()] ?? ''),
    )
    .replace(/_x([0-9a-f]{4})_/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
}

const attribute = (attributes: string, name: string): string | null => {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes);
  return match ? decodeXmlText(match[1] as string) : null;
};

/** The visible text of a rich or plain string: its <t> runs, phonetic guides (<rPh>) left out. */
function runsText(xml: string): string {
  let text = '';
  for (const match of xml
    .replace(/<rPh\b[\s\S]*?<\/rPh>/g, '')
    .matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g))
    text += decodeXmlText(match[1] ?? '');
  return text;
}

export function parseSharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g)].map((match) => runsText(match[1] ?? ''));
}

/** 0-based column of a cell reference's letters ("A" → 0, "AB" → 27). */
function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** Rows of a worksheet's XML; a row's line is its Excel row number. */
export function parseWorksheet(xml: string, sharedStrings: readonly string[]): SheetRow[] {
  const rows: SheetRow[] = [];
  let nextRow = 1;
  for (const row of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const number = Number(attribute(row[1] ?? '', 'r') ?? nextRow);
    nextRow = number + 1;
    const cells: string[] = [];
    let nextColumn = 0;
    for (const cell of (row[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1] ?? '';
      const reference = /^([A-Z]+)/.exec(attribute(attributes, 'r') ?? '');
      const column = reference ? columnIndex(reference[1] as string) : nextColumn;
      nextColumn = column + 1;
      const body = cell[2] ?? '';
      const value = /<v\b[^>]*>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text: string;
      switch (attribute(attributes, 't')) {
        case 's':
          text = sharedStrings[Number(value)] ?? '';
          break;
        case 'inlineStr':
          text = runsText(/<is\b[^>]*>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
          break;
        case 'b':
          text = value === '1' ? 'TRUE' : 'FALSE';
          break;
        default:
          text = decodeXmlText(value ?? '');
      }
      while (cells.length < column) cells.push('');
      cells[column] = text;
    }
    rows.push({ cells, line: number });
  }
  return rows;
}

/** The path of the workbook's first sheet, from workbook.xml and its relationships. */
function firstSheetPath(workbook: string, relationships: string): string | null {
  const sheet = /<sheet\b([^>]*?)\/?>/.exec(workbook);
  if (!sheet) return null;
  const id = attribute(sheet[1] ?? '', 'r:id');
  for (const relation of relationships.matchAll(/<Relationship\b([^>]*?)\/?>/g)) {
    if (attribute(relation[1] ?? '', 'Id') !== id) continue;
    const target = attribute(relation[1] ?? '', 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return null;
}

/**
 * The rows of an .xlsx workbook's first worksheet, every cell as text (numbers as stored, TRUE and
 * FALSE for booleans). Throws UNREADABLE_WORKBOOK when a part is missing, encrypted or damaged.
 */
export async function readXlsxRows(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  inflateRaw: InflateRaw = inflateRawWithStreams,
): Promise<SheetRow[]> {
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const decoder = new TextDecoder();
  const text = async (name: string): Promise<string | null> => {
    const entry = byName.get(name);
    return entry ? decoder.decode(await readZipEntry(bytes, entry, inflateRaw)) : null;
  };
  const workbook = await text('xl/workbook.xml');
  const path = firstSheetPath(workbook ?? '', (await text('xl/_rels/workbook.xml.rels')) ?? '');
  const sheet = path ? await text(path) : null;
  if (sheet === null) throw TargetFileError.unreadableWorkbook('it has no worksheet');
  const shared = await text('xl/sharedStrings.xml');
  return parseWorksheet(sheet, shared ? parseSharedStrings(shared) : []);
}
