import type { Connection } from '@warmpath/contracts';
import { csvCell } from '@warmpath/domain';
import { degreeLabel } from '../network';

// The cells are libs/domain's (csvCell: RFC 4180, formulas made inert), shared with the server's exports.

interface Column {
  title: string;
  value: (connection: Connection) => string | number | null;
}

const COLUMNS: readonly Column[] = [
  { title: 'First Name', value: (c) => c.firstName },
  { title: 'Last Name', value: (c) => c.lastName },
  { title: 'Company', value: (c) => c.company },
  { title: 'Position', value: (c) => c.position },
  { title: 'Email Address', value: (c) => c.email },
  { title: 'URL', value: (c) => c.linkedinUrl },
  { title: 'Connection Degree', value: (c) => degreeLabel(c) },
  { title: 'Years Connected', value: (c) => c.yearsConnected },
  { title: 'Connected On', value: (c) => c.connectedOn },
  { title: 'Industry', value: (c) => c.industry },
  { title: 'Location', value: (c) => c.location },
  { title: 'Notes', value: (c) => c.notes },
];

/**
 * The people of the current (filtered) view as CSV: your own node left out, CRLF line ends
 * (RFC 4180) and a byte-order mark so spreadsheet programs read the accents right.
 */
export function connectionsToCsv(connections: readonly Connection[]): string {
  const lines = [COLUMNS.map((column) => csvCell(column.title)).join(',')];
  for (const connection of connections) {
    if (connection.isUser) continue;
    lines.push(COLUMNS.map((column) => csvCell(column.value(connection))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
