import type { TargetConnector, TargetPerson, TargetResultRow } from '@warmpath/contracts';
import { fullName } from '../people/display-name.js';
import { csvDocument } from '../text/csv-cell.js';
import { warmthBand } from './target-connectors.js';

// docs/targets.md#export: a list's ways in as CSV, one row per target and connector.

export const TARGET_EXPORT_COLUMNS = [
  'Line',
  'Kind',
  'Target',
  'Company',
  'Domain',
  'LinkedIn',
  'Match',
  'Covered',
  'Warmth band',
  'Connector',
  'Best person',
  'Best person position',
  "Connector's people",
  'People at target',
] as const;

type Cell = string | number | null;

/** What a target is called in a sheet: a company's name (else domain, page), a person's name (else URL). */
export function targetLabel(row: TargetResultRow): string {
  const target = row.target;
  if (target.kind === 'company') return target.name ?? target.domain ?? target.linkedinUrl ?? '';
  return fullName(target) || target.profileUrl || '';
}

/**
 * The person a connector is the way to: their warmest tie when it is among the people listed
 * (the most senior, capped), else the most senior listed person they know.
 */
export function connectorPerson(row: TargetResultRow, connector: TargetConnector): TargetPerson | null {
  return (
    row.people.find((person) => person.id === connector.personId) ??
    row.people.find((person) => person.knowers.includes(connector.userId)) ??
    null
  );
}

function targetCells(row: TargetResultRow): Cell[] {
  const target = row.target;
  return [
    target.line,
    target.kind,
    targetLabel(row),
    target.kind === 'person' ? target.company : target.name,
    target.kind === 'company' ? target.domain : null,
    target.kind === 'company' ? target.linkedinUrl : target.profileUrl,
    row.match,
    row.covered ? 'yes' : 'no',
  ];
}

/**
 * The rows in the order given (ranked: rankTargetResults), one CSV row per target and connector
 * (best first), one with empty connector cells for a target nobody knows. `nameOf` names a member
 * (the caller's "You" or a teammate's display name). Every cell is formula-safe (csvCell).
 */
export function targetResultsToCsv(
  rows: readonly TargetResultRow[],
  nameOf: (userId: number) => string,
): string {
  const lines: Cell[][] = [[...TARGET_EXPORT_COLUMNS]];
  for (const row of rows) {
    const target = targetCells(row);
    const connectors = [row.bestConnector, ...row.otherConnectors].filter(
      (connector): connector is TargetConnector => connector !== null,
    );
    if (connectors.length === 0) {
      lines.push([...target, row.warmthBand, null, null, null, null, row.peopleCount]);
      continue;
    }
    for (const connector of connectors) {
      const person = connectorPerson(row, connector);
      lines.push([
        ...target,
        warmthBand(connector.bestWarmth),
        nameOf(connector.userId),
        person ? fullName(person) : null,
        person?.position ?? null,
        connector.peopleCount,
        row.peopleCount,
      ]);
    }
  }
  return csvDocument(lines);
}

/**
 * `Content-Disposition` of a download named `<name>.csv`: an ASCII `filename` (quotes, slashes,
 * control and non-ASCII characters replaced) and the exact name as UTF-8 `filename*` (RFC 6266).
 */
export function csvAttachmentDisposition(name: string): string {
  const file = `${name.trim() || 'targets'}.csv`;
  const ascii = file.replace(/[^\x20-\x7e]|["\\/%;]/g, '_');
  const encoded = encodeURIComponent(file).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
