/**
 * The expand-only rule for migrations (docs/operations.md "Upgrading without downtime"): while a
 * rolling deploy runs, the previous release's pods read and write the schema the new release
 * migrated. A migration added since that release may add (tables, nullable columns, columns with
 * a default, indexes) but not take away or change what the previous release uses.
 */

/** The SQL a migration runs going up: the string literals of its `up()` method. */
export function upSql(source: string): string {
  const start = source.search(/\basync\s+up\s*\(/);
  if (start < 0) return '';
  const end = source.slice(start).search(/\basync\s+down\s*\(/);
  const body = end < 0 ? source.slice(start) : source.slice(start, start + end);
  const literals = body.match(/`[^`]*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g) ?? [];
  return literals.map((literal) => literal.slice(1, -1)).join(';\n');
}

const RULES: { pattern: RegExp; why: string }[] = [
  {
    pattern: /\bDROP\s+(TABLE|SCHEMA|VIEW|MATERIALIZED\s+VIEW)\b/i,
    why: 'drops a table the previous release may use',
  },
  {
    pattern: /\bALTER\s+TABLE\b[\s\S]*?\bDROP\s+(?!CONSTRAINT\b|DEFAULT\b|NOT\s+NULL\b)(COLUMN\b|"?\w)/i,
    why: 'drops a column the previous release may read or write',
  },
  { pattern: /\bRENAME\b/i, why: 'renames what the previous release names' },
  { pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i, why: "changes a column's type" },
  {
    pattern: /\bSET\s+NOT\s+NULL\b/i,
    why: "makes a column required that the previous release's inserts may leave out",
  },
  {
    pattern:
      /\bADD\s+(COLUMN\s+)?(IF\s+NOT\s+EXISTS\s+)?"?\w+"?\s+[^,;]*\bNOT\s+NULL\b(?![^,;]*\bDEFAULT\b)/i,
    why: "adds a required column without a default: the previous release's inserts leave it out",
  },
];

/** A comment that declares the migration a deliberate contract step (it then passes). */
export const CONTRACT_MARKER = /\/\/\s*Contract step:\s*\S/;

/**
 * What breaks the previous release in one migration's source: one line per offending statement,
 * none when it only expands (or declares itself a contract step).
 */
export function contractProblems(source: string): string[] {
  if (CONTRACT_MARKER.test(source)) return [];
  const problems: string[] = [];
  for (const statement of upSql(source).split(';')) {
    const sql = statement.replace(/\s+/g, ' ').trim();
    if (!sql || /^CREATE\s+(TABLE|(UNIQUE\s+)?INDEX)\b/i.test(sql)) continue;
    for (const rule of RULES) if (rule.pattern.test(sql)) problems.push(`${rule.why}: ${sql.slice(0, 160)}`);
  }
  return problems;
}
