import {
  type ColumnMapping,
  type SkippedTargetRow,
  TARGET_LIST_LIMITS,
  type Target,
  type TargetField,
} from '@warmpath/contracts';
import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { foldCase } from '../text/fold-text.js';
import { targetCompanyKey } from './target-company-key.js';
import { recogniseTargetColumns } from './target-columns.js';
import { normaliseCompanyLinkedinUrl, normaliseTargetDomain } from './target-domain.js';
import { TargetFileError } from './target-file-error.js';

// docs/targets.md#rows: every non-blank row becomes a target or is skipped with its line and why.

/** One row of a sheet: its cells, and the 1-based line it starts on. */
export interface SheetRow {
  cells: readonly string[];
  line: number;
}

/** A sheet read into targets: what the mapping step and the saved list show. */
export interface TargetSheet {
  header: string[];
  mapping: ColumnMapping;
  targets: Target[];
  skipped: SkippedTargetRow[];
}

export interface ReadSheetOptions {
  /** The mapping chosen in the mapping step; recognised from the header when absent. */
  mapping?: ColumnMapping;
  maxRows?: number;
}

const PROFILE = /linkedin\.com\/in\//i;
const URL_LIKE = /^(?:https?:\/\/|www\.)|\//i;

/**
 * Targets of a sheet (a CSV file, a worksheet, pasted lines). Throws TargetFileError: EMPTY_FILE
 * (no non-blank row), NO_TARGET_COLUMN, TOO_MANY_ROWS (more data rows than the list may hold).
 * Duplicates (the same folded company, domain, company page or person) are skipped and reported.
 */
export function readTargetSheet(rows: readonly SheetRow[], options: ReadSheetOptions = {}): TargetSheet {
  const maxRows = options.maxRows ?? TARGET_LIST_LIMITS.rows;
  const filled = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (filled.length === 0) throw TargetFileError.empty();
  // The header search looks at the first rows only; a wider sheet past them is data.
  const recognised = options.mapping
    ? { mapping: options.mapping, header: headerCells(filled, options.mapping) }
    : recogniseTargetColumns(filled.slice(0, 40).map((row) => row.cells));
  if (!recognised) throw TargetFileError.noTargetColumn();
  const { mapping } = recognised;
  const data = filled.slice(mapping.headerRow + 1);
  if (data.length > maxRows) throw TargetFileError.tooManyRows(data.length, maxRows);
  const targets: Target[] = [];
  const skipped: SkippedTargetRow[] = [];
  const firstLineByKey = new Map<string, number>();
  for (const row of data) {
    const target = rowTarget(row, mapping.columns);
    if (!target) {
      skipped.push({ line: row.line, reason: 'no-target', message: NO_TARGET_MESSAGE });
      continue;
    }
    const key = targetIdentity(target);
    const first = firstLineByKey.get(key);
    if (first !== undefined) {
      skipped.push({
        line: row.line,
        reason: 'duplicate',
        message: `The same target as line ${first}.`,
        duplicateOf: first,
      });
      continue;
    }
    firstLineByKey.set(key, row.line);
    targets.push(target);
  }
  return { header: recognised.header, mapping, targets, skipped };
}

const NO_TARGET_MESSAGE =
  'Neither a company (a name, domain, website or LinkedIn page) nor a person (a LinkedIn profile, or a name with a company).';

function headerCells(rows: readonly SheetRow[], mapping: ColumnMapping): string[] {
  return mapping.headerRow >= 0 ? (rows[mapping.headerRow]?.cells ?? []).map((cell) => cell.trim()) : [];
}

/**
 * Targets of pasted text: one company, domain or LinkedIn URL a line; cells pasted from a
 * spreadsheet (separated by tabs) are read as a sheet with its header.
 */
export function readPastedTargets(text: string, options: ReadSheetOptions = {}): TargetSheet {
  const rows = text.split(/\r\n|\n|\r/).map((line, index) => ({ cells: line.split('\t'), line: index + 1 }));
  const sheet = readTargetSheet(rows, options);
  // One target a line is what pasting is for: no mapping step to show.
  if (sheet.mapping.headerRow === -1 && !options.mapping)
    return { ...sheet, mapping: { ...sheet.mapping, unsure: false, doubts: [] } };
  return sheet;
}

const clip = (text: string, max: number): string | null => (text ? text.slice(0, max) : null);

function rowTarget(row: SheetRow, columns: ColumnMapping['columns']): Target | null {
  const cell = (field: TargetField): string => {
    const index = columns[field];
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const line = row.line;
  let name = cell('company');
  let profileUrl: string | null = null;
  let linkedinUrl = normaliseCompanyLinkedinUrl(cell('companyLinkedinUrl'));
  let domain = normaliseTargetDomain(cell('domain'));
  for (const text of [cell('profileUrl'), cell('website'), name]) {
    if (!text) continue;
    if (PROFILE.test(text)) profileUrl ??= normaliseProfileUrl(text);
    else linkedinUrl ??= normaliseCompanyLinkedinUrl(text);
  }
  if (!domain) {
    const site = cell('website');
    if (site && !normaliseCompanyLinkedinUrl(site)) domain = normaliseTargetDomain(site);
  }
  // A URL in the company column says where the company is, not what it is called.
  if (name && (PROFILE.test(name) || normaliseCompanyLinkedinUrl(name))) name = '';
  else if (name && !/\s/.test(name) && normaliseTargetDomain(name)) {
    domain ??= normaliseTargetDomain(name);
    if (URL_LIKE.test(name)) name = '';
  }
  let firstName = cell('firstName');
  let lastName = cell('lastName');
  const fullName = cell('fullName');
  if (fullName && !firstName && !lastName) [firstName, lastName] = splitFullName(fullName);
  const personCompany = cell('personCompany') || name;
  const named = firstName !== '' && lastName !== '';
  if (profileUrl || (named && personCompany)) {
    return {
      kind: 'person',
      line,
      profileUrl,
      firstName: clip(firstName, 200),
      lastName: clip(lastName, 200),
      company: clip(personCompany, 300),
    };
  }
  if (targetCompanyKey(name) === null) name = '';
  if (!name && !domain && !linkedinUrl) return null;
  return { kind: 'company', line, name: clip(name, 300), domain, linkedinUrl };
}

/** "Ana María López" → ["Ana", "María López"]: the first word is the first name. */
function splitFullName(fullName: string): [string, string] {
  const words = fullName.split(/\s+/);
  return [words[0] ?? '', words.slice(1).join(' ')];
}

/** What makes two rows the same target (docs/targets.md#rows). */
export function targetIdentity(target: Target): string {
  if (target.kind === 'company') {
    const key = targetCompanyKey(target.name);
    if (key) return `company:${key}`;
    return target.domain ? `domain:${target.domain}` : `page:${target.linkedinUrl}`;
  }
  if (target.profileUrl) return `profile:${target.profileUrl}`;
  return `person:${foldCase(`${target.firstName} ${target.lastName}`).replace(/\s+/g, ' ')}|${targetCompanyKey(target.company) ?? ''}`;
}
