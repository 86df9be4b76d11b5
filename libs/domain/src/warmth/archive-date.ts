import { parseConnectedOn } from '../import/connected-on.js';

// "2023-06-11 15:33:58 UTC" (messages.csv), "2023/06/05 15:47:58 UTC" (endorsements),
// "2023-06-11T15:33:58Z", or a bare day.
const YEAR_FIRST =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(?:z|utc|gmt)?$/i;
// "1/15/24, 3:04 PM" (Invitations.csv, recommendations), "01/15/2024 15:04": month first, as LinkedIn writes.
const MONTH_FIRST =
  /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4}),?(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?\s*(?:utc|gmt)?$/i;

/**
 * A date of the LinkedIn archive as milliseconds since the epoch (UTC), or null when it cannot be
 * read: the exports write dates in several formats (docs/warmth.md, "The archive's files"), and
 * a malformed one costs only that date, never the row.
 */
export function parseArchiveTime(value: string | null | undefined): number | null {
  const text = value?.trim();
  if (!text || text.length > 40) return null;
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return toTime(yearFirst.slice(1, 7).map(Number) as Parts);
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const [month, day, rawYear, rawHour, minute, second] = monthFirst.slice(1, 7).map(Number) as Parts;
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    const meridiem = monthFirst[7]?.toLowerCase();
    if (meridiem && (rawHour < 1 || rawHour > 12)) return null;
    const hour = meridiem === 'pm' ? (rawHour % 12) + 12 : meridiem === 'am' ? rawHour % 12 : rawHour;
    return toTime([year, month, day, hour, minute, second]);
  }
  const day = parseConnectedOn(text);
  return day ? Date.parse(`${day}T00:00:00Z`) : null;
}

/** The ISO day (yyyy-mm-dd, UTC) of a time from parseArchiveTime. */
export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

type Parts = [number, number, number, number, number, number];

function toTime([year, month, day, hour, minute, second]: Parts): number | null {
  const [h, m, s] = [hour || 0, minute || 0, second || 0];
  if (month < 1 || month > 12 || day < 1 || h > 23 || m > 59 || s > 59) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return Date.UTC(year, month - 1, day, h, m, s);
}
