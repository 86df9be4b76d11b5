import type { TargetListResults } from '@warmpath/contracts';
import { Alert } from 'antd';
import { formatDate } from '../network';

/** "3 new ways in since 12/03/2026": rows covered, or with a new connector, since the last opening. */
export function NewWaysInNotice({ results }: { results: TargetListResults }) {
  const count = results.newWaysIn ?? 0;
  if (count === 0) return null;
  const since = results.lastOpenedAt ? ` since ${formatDate(results.lastOpenedAt)}` : '';
  return (
    <Alert
      type="success"
      showIcon
      title={`${count} new ${count === 1 ? 'way' : 'ways'} in${since}`}
      description="Rows marked New have a way in, or a connector, they did not have when you last opened the list."
    />
  );
}
