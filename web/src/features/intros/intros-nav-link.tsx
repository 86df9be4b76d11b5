import { Badge } from 'antd';
import { Link } from 'react-router';
import { useGetIntroSummaryQuery } from './intros.api';

/** How often the badge looks for new requests while the app is open. */
const SUMMARY_POLL_MS = 60_000;

/** The top bar's "Intros" link, with the number of requests waiting for the viewer. */
export function IntrosNavLink() {
  const { data } = useGetIntroSummaryQuery(undefined, {
    pollingInterval: SUMMARY_POLL_MS,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  const waiting = data?.awaitingMe ?? 0;
  return (
    <Link to="/intros" aria-label={waiting > 0 ? `Intros, ${waiting} waiting for you` : 'Intros'}>
      <Badge count={waiting} size="small" offset={[8, -2]} dot={waiting === 0 && (data?.unread ?? 0) > 0}>
        <span style={{ color: 'inherit' }}>Intros</span>
      </Badge>
    </Link>
  );
}
