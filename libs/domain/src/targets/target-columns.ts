import type { ColumnMapping, TargetField } from '@warmpath/contracts';
import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { normaliseCompanyLinkedinUrl, normaliseTargetDomain } from './target-domain.js';

// docs/targets.md#columns: header names recognised, and when the mapping step is shown.

/** Rows searched for the header (a title or notes may come first), as for LinkedIn exports. */
export const TARGET_HEADER_SEARCH_ROWS = 20;

/** Header names, folded by foldHeader, that surely name a field. */
const SURE_NAMES: Record<TargetField, readonly string[]> = {
  company: [
    'company',
    'company name',
    'account',
    'account name',
    'accounts',
    'account names',
    'companies',
    'company names',
    'organizations',
    'organisations',
    'targets',
    'target accounts',
    'target companies',
    'organization',
    'organisation',
    'organization name',
    'organisation name',
    'target company',
    'target account',
    'customer',
    'customer name',
    'client',
    'client name',
    'business name',
    'firm',
    'employer',
  ],
  domain: ['domain', 'company domain', 'domain name', 'email domain', 'website domain', 'account domain'],
  website: [
    'website',
    'web site',
    'company website',
    'company url',
    'homepage',
    'home page',
    'site',
    'account website',
  ],
  companyLinkedinUrl: [
    'company linkedin',
    'company linkedin url',
    'linkedin company',
    'linkedin company url',
    'linkedin company page',
    'company linkedin page',
    'company page',
  ],
  profileUrl: [
    'profile url',
    'linkedin profile',
    'linkedin profile url',
    'person linkedin url',
    'contact linkedin url',
    'profile link',
  ],
  firstName: ['first name', 'firstname', 'given name', 'first'],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'last'],
  fullName: [
    'full name',
    'contact name',
    'contact',
    'person',
    'person name',
    'lead name',
    'lead',
    'prospect',
  ],
  personCompany: ['current company', 'person company', 'contact company', 'lead company', 'prospect company'],
};

/** Header names whose field depends on what the column holds: read from the cells below. */
const URL_NAMES = new Set([
  'linkedin',
  'linkedin url',
  'url',
  'link',
  'links',
  'linkedin link',
  'profile',
  'web',
]);
/** "Name" is a person in a sheet that also has a company column, a company otherwise. */
const NAME_NAMES = new Set(['name', 'names']);

const SURE_FIELD = new Map<string, TargetField>(
  (Object.keys(SURE_NAMES) as TargetField[]).flatMap((field) =>
    SURE_NAMES[field].map((name) => [name, field] as const),
  ),
);

/** Words that make a loose (unsure) guess of a header no list names. */
const LOOSE_WORDS: readonly (readonly [RegExp, TargetField])[] = [
  [/\blinkedin\b.*\bcompany\b|\bcompany\b.*\blinkedin\b/, 'companyLinkedinUrl'],
  [/\bprofile\b|\blinkedin\b/, 'profileUrl'],
  [/\bdomain\b/, 'domain'],
  [/\bwebsite\b|\burl\b/, 'website'],
  [/\bfirst\b/, 'firstName'],
  [/\blast\b|\bsurname\b/, 'lastName'],
  [/\bcompany\b|\baccount\b|\borgani[sz]ation\b/, 'company'],
];

/** Words of CRM columns about a target, not naming one ("Account Owner", "Company Size"). */
const NOT_A_TARGET =
  /\b(?:owner|id|type|industry|revenue|status|stage|size|employees|count|number|date|created|modified|source|notes?|phone|tier|segment|region|country|city)\b/;

/** A longer cell is a sentence, not a header to guess from. */
const MAX_LOOSE_HEADER_WORDS = 5;

const looksLikeData = (cell: string): boolean => {
  const text = cell.trim();
  return (
    /:\/\/|@|www\.|linkedin\.com/i.test(text) || (!/\s/.test(text) && normaliseTargetDomain(text) !== null)
  );
};

/** Header cell as compared: no BOM or quotes, lower case, words separated by one space. */
export function foldHeader(cell: string): string {
  return cell
    .replace(/\uFEFF/g, '')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The fields that can make a target on their own (a name needs a company too). */
export const TARGET_MAKING_FIELDS: readonly TargetField[] = [
  'company',
  'domain',
  'website',
  'companyLinkedinUrl',
  'profileUrl',
  'fullName',
];

interface Candidate {
  field: TargetField;
  sure: boolean;
}

/**
 * The field a column of cells (below its header) looks like: LinkedIn profiles, company pages or
 * web addresses; null when the sampled cells hold none of them.
 */
function fieldFromCells(cells: readonly string[]): TargetField | null {
  let profiles = 0;
  let pages = 0;
  let sites = 0;
  for (const cell of cells) {
    if (!cell.trim()) continue;
    if (normaliseCompanyLinkedinUrl(cell)) pages++;
    else if (/linkedin\.com\/in\//i.test(cell) && normaliseProfileUrl(cell)) profiles++;
    else if (normaliseTargetDomain(cell)) sites++;
  }
  const best = Math.max(profiles, pages, sites);
  if (best === 0) return null;
  return best === profiles ? 'profileUrl' : best === pages ? 'companyLinkedinUrl' : 'website';
}

/** How one header cell reads, given the cells below it. */
function candidateFor(header: string, below: readonly string[]): Candidate | null {
  const name = foldHeader(header);
  // A web address, a domain or an e-mail address is data, whatever words it holds.
  if (!name || looksLikeData(header)) return null;
  const sure = SURE_FIELD.get(name);
  if (sure) return { field: sure, sure: true };
  if (URL_NAMES.has(name)) {
    const field = fieldFromCells(below);
    return field
      ? { field, sure: true }
      : { field: name.includes('linkedin') ? 'profileUrl' : 'website', sure: false };
  }
  if (NAME_NAMES.has(name)) return { field: 'fullName', sure: true };
  if (name.split(' ').length > MAX_LOOSE_HEADER_WORDS || NOT_A_TARGET.test(name)) return null;
  const loose = LOOSE_WORDS.find(([pattern]) => pattern.test(name));
  return loose ? { field: loose[1], sure: false } : null;
}

export interface RecognisedHeader {
  mapping: ColumnMapping;
  /** The header's cells as written (empty when the sheet has no header). */
  header: string[];
}

/**
 * The header row among the first rows and what each of its columns holds (docs/targets.md#columns).
 * The header is the row with the most recognised cells (the first one on a tie). The mapping is
 * `unsure` (the UI shows the mapping step) when a column was guessed from a loose name, two
 * columns claim one field, "Name" had to be read as a company, or no header was found and every
 * line was read as one target in the first column. Null when no row has a column that can make a
 * target and the sheet is more than one column wide: no recognisable column.
 */
export function recogniseTargetColumns(rows: readonly (readonly string[])[]): RecognisedHeader | null {
  let best: { index: number; candidates: (Candidate | null)[]; count: number } | null = null;
  const searched = Math.min(rows.length, TARGET_HEADER_SEARCH_ROWS);
  for (let index = 0; index < searched; index++) {
    const cells = rows[index] as readonly string[];
    const candidates = cells.map((cell, column) =>
      candidateFor(
        cell,
        rows.slice(index + 1, index + 21).map((row) => row[column] ?? ''),
      ),
    );
    const count = candidates.filter(Boolean).length;
    if (count > (best?.count ?? 0)) best = { index, candidates, count };
  }
  if (best) {
    const mapping = mappingFrom(best.index, best.candidates);
    if (mapping) return { mapping, header: (rows[best.index] ?? []).map((cell) => cell.trim()) };
  }
  return headerless(rows);
}

function mappingFrom(headerRow: number, candidates: readonly (Candidate | null)[]): ColumnMapping | null {
  const columns: ColumnMapping['columns'] = {};
  const doubts: string[] = [];
  // Sure names first: a loose guess never competes with a column that surely holds its field
  // ("Account Owner" beside "Account Name").
  const sureFirst = candidates
    .map((candidate, index) => ({ candidate, index }))
    .filter((entry): entry is { candidate: Candidate; index: number } => entry.candidate !== null)
    .sort((a, b) => Number(b.candidate.sure) - Number(a.candidate.sure) || a.index - b.index);
  for (const { candidate, index } of sureFirst) {
    const taken = columns[candidate.field];
    if (taken !== undefined) {
      if (candidate.sure)
        doubts.push(
          `Columns ${taken + 1} and ${index + 1} both look like ${FIELD_LABELS[candidate.field]}: column ${taken + 1} is read.`,
        );
      continue;
    }
    columns[candidate.field] = index;
    if (!candidate.sure)
      doubts.push(`Column ${index + 1} was guessed to hold ${FIELD_LABELS[candidate.field]}.`);
  }
  // "Name" beside a company column is a person's; alone (or with only web columns) an account's.
  const hasPersonColumns =
    columns.profileUrl !== undefined || columns.firstName !== undefined || columns.lastName !== undefined;
  if (
    columns.fullName !== undefined &&
    columns.company === undefined &&
    columns.personCompany === undefined &&
    !hasPersonColumns
  ) {
    columns.company = columns.fullName;
    delete columns.fullName;
    doubts.push(`The "Name" column (column ${columns.company + 1}) was read as company names.`);
  }
  const makesTargets =
    TARGET_MAKING_FIELDS.some((field) => columns[field] !== undefined) ||
    (columns.firstName !== undefined && columns.lastName !== undefined);
  if (!makesTargets) return null;
  return { headerRow, columns, unsure: doubts.length > 0, doubts };
}

/**
 * A sheet without a header: a single column is a list of targets, one a line (a company, a domain
 * or a LinkedIn URL); anything wider cannot be guessed.
 */
function headerless(rows: readonly (readonly string[])[]): RecognisedHeader | null {
  const wide = rows.some((row) => row.slice(1).some((cell) => cell.trim() !== ''));
  if (wide) return null;
  return {
    header: [],
    mapping: {
      headerRow: -1,
      columns: { company: 0 },
      unsure: true,
      doubts: ['No header row was found: each line was read as one company, domain or LinkedIn URL.'],
    },
  };
}

/** Field names as the mapping step and its doubts say them. */
export const FIELD_LABELS: Record<TargetField, string> = {
  company: 'company names',
  domain: 'domains',
  website: 'websites',
  companyLinkedinUrl: 'LinkedIn company pages',
  profileUrl: 'LinkedIn profile URLs',
  firstName: 'first names',
  lastName: 'last names',
  fullName: "people's full names",
  personCompany: "people's companies",
};
