import { ImportFileError, type WrongDelimiter } from './import-file-error.js';

export const CONNECTION_FIELDS = [
  'firstName',
  'lastName',
  'url',
  'email',
  'company',
  'position',
  'connectedOn',
  'industry',
  'location',
] as const;
export type ConnectionField = (typeof CONNECTION_FIELDS)[number];

/** Cell index of each of our fields in the file's rows; only the names are sure to be there. */
export type ConnectionColumns = Record<'firstName' | 'lastName', number> &
  Partial<Record<Exclude<ConnectionField, 'firstName' | 'lastName'>, number>>;

/**
 * How wide the header is: a data row with more values is checked for a shift (see
 * normaliseConnectionRow). `named` ends at the last cell with a name; spreadsheets add blank ones.
 */
export interface HeaderWidth {
  cells: number;
  named: number;
}

export interface HeaderRow {
  /** Index of the header line in the lines given; data starts on the next line. */
  index: number;
  columns: ConnectionColumns;
  width: HeaderWidth;
}

export const HEADER_SEARCH_LINES = 20;

// Header names as folded by `foldHeader`: LinkedIn's own first, then other exports' names.
const COLUMN_NAMES: Record<ConnectionField, readonly string[]> = {
  firstName: ['first name', 'firstname', 'given name'],
  lastName: ['last name', 'lastname', 'surname', 'family name'],
  url: ['url', 'profile url', 'linkedin url', 'linkedin profile url', 'profile link'],
  email: ['email address', 'email', 'e mail address', 'e mail'],
  company: ['company', 'company name', 'organization', 'organisation'],
  position: ['position', 'title', 'job title'],
  connectedOn: ['connected on', 'connected'],
  industry: ['industry'],
  location: ['location'],
};

const FIELD_BY_NAME = new Map<string, ConnectionField>(
  CONNECTION_FIELDS.flatMap((field) => COLUMN_NAMES[field].map((name) => [name, field] as const)),
);

const REQUIRED_LABELS = { firstName: 'First Name', lastName: 'Last Name' } as const;
const EXPECTED_LABELS = { company: 'Company', position: 'Position' } as const;

/** Header cell as compared: no BOM, no surrounding quotes (left by a parse with the wrong delimiter). */
function foldHeader(cell: string): string {
  return cell
    .replace(/\uFEFF/g, '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

const FIELD_MEANINGS: Record<ConnectionField, string> = {
  firstName: 'the first name',
  lastName: 'the last name',
  url: 'the profile URL',
  email: 'the e-mail address',
  company: 'the company',
  position: 'the position',
  connectedOn: 'the date you connected',
  industry: 'the industry',
  location: 'the location',
};

/** Two cells of one line naming the same field; the first one found. */
interface DuplicateColumn {
  field: ConnectionField;
  first: number;
  second: number;
}

/** Columns recognised in a line, first occurrence of a field winning; unknown cells ignored. */
function recogniseColumns(cells: readonly string[]): Partial<Record<ConnectionField, number>> {
  return recogniseLine(cells).columns;
}

function recogniseLine(cells: readonly string[]): {
  columns: Partial<Record<ConnectionField, number>>;
  duplicate: DuplicateColumn | null;
} {
  const columns: Partial<Record<ConnectionField, number>> = {};
  let duplicate: DuplicateColumn | null = null;
  cells.forEach((cell, index) => {
    const field = FIELD_BY_NAME.get(foldHeader(cell));
    if (!field) return;
    const first = columns[field];
    if (first === undefined) columns[field] = index;
    else duplicate ??= { field, first, second: index };
  });
  return { columns, duplicate };
}

function headerWidth(cells: readonly string[]): HeaderWidth {
  let named = cells.length;
  while (named > 0 && (cells[named - 1] as string).trim() === '') named--;
  return { cells: cells.length, named };
}

/** Which of two columns to read is anybody's guess: the file is refused rather than one chosen. */
function duplicateColumnError(
  cells: readonly string[],
  { field, first, second }: DuplicateColumn,
): ImportFileError {
  const name = (index: number): string => (cells[index] as string).replace(/\uFEFF/g, '').trim();
  return ImportFileError.duplicateColumn(name(first), name(second), FIELD_MEANINGS[field], [
    first + 1,
    second + 1,
  ]);
}

function hasNames(columns: Partial<Record<ConnectionField, number>>): columns is ConnectionColumns {
  return columns.firstName !== undefined && columns.lastName !== undefined;
}

const isBlank = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

/**
 * Finds the header among the first lines, past LinkedIn's "Notes:" preamble. Throws an
 * ImportFileError saying what is wrong when there is none: EMPTY_FILE, WRONG_DELIMITER (a
 * header appears when split by ";" or tab), MISSING_COLUMNS (a header without the names) or
 * NO_HEADER; or when it names a column it reads twice: DUPLICATE_COLUMN.
 */
export function findHeaderRow(
  lines: readonly (readonly string[])[],
  maxLines = HEADER_SEARCH_LINES,
): HeaderRow {
  const searched = lines.slice(0, maxLines);
  if (lines.every(isBlank)) throw ImportFileError.emptyFile();
  let partial: Partial<Record<ConnectionField, number>> | undefined;
  for (const [index, cells] of searched.entries()) {
    const { columns, duplicate } = recogniseLine(cells);
    if (hasNames(columns)) {
      if (duplicate) throw duplicateColumnError(cells, duplicate);
      return { index, columns, width: headerWidth(cells) };
    }
    // Two known names make a header line, even an incomplete one.
    if (!partial && Object.keys(columns).length >= 2) partial = columns;
  }
  const delimiter = detectDelimiterProblem(searched);
  if (delimiter) throw ImportFileError.wrongDelimiter(delimiter);
  if (partial) throw ImportFileError.missingColumns(missingLabels(partial));
  throw ImportFileError.noHeader();
}

function missingLabels(columns: Partial<Record<ConnectionField, number>>): string[] {
  const labels = { ...REQUIRED_LABELS, ...EXPECTED_LABELS };
  return (Object.keys(labels) as (keyof typeof labels)[])
    .filter((field) => columns[field] === undefined)
    .map((field) => labels[field]);
}

/**
 * The delimiter a file uses instead of commas, when its header only appears split by it
 * (spreadsheets in many locales save "CSV" with semicolons). Lines are the cells of a comma
 * parse, joined back so a comma inside a semicolon file does not hide the header.
 */
export function detectDelimiterProblem(
  lines: readonly (readonly string[])[],
  maxLines = HEADER_SEARCH_LINES,
): WrongDelimiter | null {
  for (const cells of lines.slice(0, maxLines)) {
    const line = cells.join(',');
    for (const delimiter of [';', '\t'] as const) {
      if (line.includes(delimiter) && hasNames(recogniseColumns(line.split(delimiter)))) return delimiter;
    }
  }
  return null;
}
