import type { ImportStatus, ImportWarningKind } from '@warmpath/contracts';
import { csvCell } from '@warmpath/domain';

/** One line of the downloadable report: a skipped row or a row imported with a warning. */
export interface ReportLine {
  line: number;
  kind: string;
  reason: string;
}

/** Kinds as the report names them. */
export const REPORT_KINDS: Record<'skipped' | ImportWarningKind, string> = {
  skipped: 'Skipped',
  'invalid-email': 'E-mail left out',
  'extra-empty-fields': 'Extra empty values ignored',
};

const WARNING_SENTENCES: Record<ImportWarningKind, (count: number) => string> = {
  'invalid-email': (n) =>
    n === 1
      ? '1 person was imported without their e-mail value, which was not an e-mail address.'
      : `${n} people were imported without their e-mail values, which were not e-mail addresses.`,
  'extra-empty-fields': (n) =>
    n === 1
      ? '1 row had empty values after the last column; they were ignored.'
      : `${n} rows had empty values after the last column; they were ignored.`,
};

/** The warnings of an import in words, one sentence per kind that happened. */
export function warningSentences(status: Pick<ImportStatus, 'warningCounts'>): string[] {
  return (Object.keys(WARNING_SENTENCES) as ImportWarningKind[])
    .filter((kind) => status.warningCounts[kind] > 0)
    .map((kind) => WARNING_SENTENCES[kind](status.warningCounts[kind]));
}

/** Skipped rows and warnings as listed by the server (the first 100 of each), in line order. */
export function reportLines(status: Pick<ImportStatus, 'skippedRows' | 'warnings'>): ReportLine[] {
  const lines: ReportLine[] = [
    ...status.skippedRows.map((row) => ({ line: row.line, kind: REPORT_KINDS.skipped, reason: row.reason })),
    ...status.warnings.map((row) => ({ line: row.line, kind: REPORT_KINDS[row.kind], reason: row.message })),
  ];
  return lines.sort((a, b) => a.line - b.line);
}

/** The report as a CSV file: Line, Kind, Reason (cells formula-safe: libs/domain's csvCell). */
export function reportCsv(lines: readonly ReportLine[]): string {
  const rows = [['Line', 'Kind', 'Reason'], ...lines.map((line) => [line.line, line.kind, line.reason])];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
