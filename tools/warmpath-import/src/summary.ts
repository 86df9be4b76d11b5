export interface FileResult {
  file: string;
  /** The person the export belongs to (workspace imports). */
  source?: string;
  status: 'completed' | 'failed';
  importId: string | null;
  imported: number | null;
  updated: number | null;
  unchanged: number | null;
  skipped: number | null;
  /** True when this run found the file already imported (same Idempotency-Key): nothing changed. */
  alreadyImported: boolean;
  error: string | null;
}

const count = (n: number | null) => (n === null ? '-' : n.toLocaleString('en-US'));

/** The summary as a plain text table, one row per file. */
export function summaryTable(results: FileResult[]): string {
  const withSource = results.some((r) => r.source !== undefined);
  const header = [
    'FILE',
    ...(withSource ? ['SOURCE'] : []),
    'STATUS',
    'IMPORTED',
    'UPDATED',
    'UNCHANGED',
    'SKIPPED',
    'DETAIL',
  ];
  const rows = results.map((r) => [
    r.file,
    ...(withSource ? [r.source ?? ''] : []),
    r.status,
    count(r.imported),
    count(r.updated),
    count(r.unchanged),
    count(r.skipped),
    r.error ?? (r.alreadyImported ? 'already imported, nothing changed' : ''),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = new Set(['IMPORTED', 'UPDATED', 'UNCHANGED', 'SKIPPED']);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === cells.length - 1
          ? cell
          : numeric.has(header[i] ?? '')
            ? cell.padStart(widths[i] ?? 0)
            : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const failed = results.filter((r) => r.status === 'failed').length;
  const totals = `${results.length - failed} of ${results.length} completed${failed ? `, ${failed} failed` : ''}`;
  return [line(header), ...rows.map(line), '', totals].join('\n') + '\n';
}
