// The shape of the service schemas (docs/operations.md "Upgrading without downtime"): every table's
// columns with their type, nullability and default, as the previous release's code reads and
// writes them. scripts/previous-release.mjs records it in infra/previous-release.json from a
// database migrated to that release; infra/test/integration/previous-schema.integration-spec.ts
// compares it with a database migrated by today's migrations.

/**
 * The Postgres schema each service owns and migrates (its `schema` in src/app.module.ts).
 * @type {Record<string, string>}
 */
export const SERVICE_SCHEMAS = {
  auth: 'auth',
  'import-worker': 'imports',
  network: 'network',
  teams: 'teams',
};

/**
 * @typedef {{ type: string, nullable: boolean, default: string | null }} ColumnShape
 *   `default`: the default expression, `identity` or `generated: <expression>`; null when none.
 * @typedef {Record<string, Record<string, Record<string, ColumnShape>>>} SchemaShape
 *   schema → table (or view) → column → shape.
 * @typedef {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> }} Queryable
 *   A pg client (or pool).
 */

const COLUMNS_SQL = `
  SELECT n.nspname AS schema, c.relname AS table, a.attname AS column,
         format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable,
         pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity AS identity,
         a.attgenerated AS generated
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
   WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname = ANY($1) AND c.relname <> 'migrations'
   ORDER BY n.nspname, c.relname, a.attnum`;

/**
 * The tables and views of `schemas` (TypeORM's own `migrations` table left out), column by column.
 * @param {Queryable} db
 * @param {string[]} schemas
 * @returns {Promise<SchemaShape>}
 */
export async function readSchemaShape(db, schemas) {
  const { rows } = await db.query(COLUMNS_SQL, [schemas]);
  /** @type {SchemaShape} */
  const shape = Object.fromEntries(schemas.map((schema) => [schema, {}]));
  for (const row of rows) {
    const table = (shape[row.schema][row.table] ??= {});
    const generated = row.generated === 's' ? `generated: ${row.default}` : null;
    const identity = row.identity === 'a' || row.identity === 'd' ? 'identity' : null;
    table[row.column] = {
      type: row.type,
      nullable: row.nullable,
      default: generated ?? identity ?? row.default ?? null,
    };
  }
  return shape;
}

const INTEGERS = ['smallint', 'integer', 'bigint'];

/**
 * Whether a column of type `before` still takes and gives what the previous release's code sends
 * and reads: the same type, a longer or unbounded varchar, text for a varchar, or a wider integer.
 * @param {string} before
 * @param {string} after
 */
export function compatibleType(before, after) {
  if (before === after) return true;
  const varchar = /^character varying(?:\((\d+)\))?$/;
  const was = varchar.exec(before);
  if (was) {
    if (after === 'text' || after === 'character varying') return true;
    const now = varchar.exec(after);
    return Boolean(now?.[1] && was[1] && Number(now[1]) >= Number(was[1]));
  }
  const from = INTEGERS.indexOf(before);
  return from >= 0 && INTEGERS.indexOf(after) > from;
}

/**
 * What of `previous` (the previous release's schema) the `current` one no longer offers: one line
 * per missing table or column, incompatible type, column made required or stripped of its default,
 * and column added to one of its tables that its inserts cannot leave out. None when the previous
 * release's code can run on `current`.
 * @param {SchemaShape} previous
 * @param {SchemaShape} current
 * @returns {string[]}
 */
export function schemaProblems(previous, current) {
  const problems = [];
  for (const [schema, tables] of Object.entries(previous)) {
    for (const [table, columns] of Object.entries(tables)) {
      const name = `${schema}.${table}`;
      const now = current[schema]?.[table];
      if (!now) {
        problems.push(`${name}: the table is gone`);
        continue;
      }
      for (const [column, was] of Object.entries(columns)) {
        const is = now[column];
        if (!is) problems.push(`${name}.${column}: the column is gone`);
        else {
          if (!compatibleType(was.type, is.type))
            problems.push(`${name}.${column}: its type ${was.type} became ${is.type}`);
          if (was.nullable && !is.nullable) problems.push(`${name}.${column}: it became NOT NULL`);
          if (was.default !== null && is.default === null)
            problems.push(`${name}.${column}: it lost its default (${was.default})`);
        }
      }
      for (const [column, is] of Object.entries(now)) {
        if (!(column in columns) && !is.nullable && is.default === null)
          problems.push(
            `${name}.${column}: added NOT NULL without a default; the previous release's inserts leave it out`,
          );
      }
    }
  }
  return problems;
}
