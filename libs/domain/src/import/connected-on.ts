const MONTHS = new Map<string, number>(
  [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may', 'may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'september', 'sept'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
// LinkedIn writes "24 Nov 2023"; exports touched by a spreadsheet may say "24-Nov-2023".
const DAY_MONTH_YEAR = /^(\d{1,2})[\s\-/.]+([a-z]+)\.?[\s\-/.,]+(\d{4})$/;
const MONTH_DAY_YEAR = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/;

/**
 * LinkedIn's "Connected On" as an ISO date (yyyy-mm-dd), or null when it cannot be read; an
 * unreadable date never costs the row. Accepts "24 Nov 2023", "4 November 2023",
 * "Nov 24, 2023" and "2023-11-24".
 */
export function parseConnectedOn(value: string | null | undefined): string | null {
  if (!value) return null;
  const known = KNOWN_DATES.get(value);
  if (known !== undefined) return known;
  const date = readConnectedOn(value);
  // An export has a few thousand distinct days for tens of thousands of rows: each is read once.
  if (KNOWN_DATES.size >= KNOWN_DATES_MAX) KNOWN_DATES.clear();
  KNOWN_DATES.set(value, date);
  return date;
}

/** Dates already read, by their text; emptied when full. */
const KNOWN_DATES = new Map<string, string | null>();
const KNOWN_DATES_MAX = 20_000;

function readConnectedOn(value: string): string | null {
  const text = value.trim().toLowerCase();
  // No date is longer than this; a huge cell is not worth a regular expression.
  if (!text || text.length > 40) return null;
  const iso = ISO_DATE.exec(text);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = DAY_MONTH_YEAR.exec(text);
  if (dmy) return toIsoDate(Number(dmy[3]), MONTHS.get(dmy[2] ?? '') ?? 0, Number(dmy[1]));
  const mdy = MONTH_DAY_YEAR.exec(text);
  if (mdy) return toIsoDate(Number(mdy[3]), MONTHS.get(mdy[1] ?? '') ?? 0, Number(mdy[2]));
  return null;
}

function toIsoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one: rejects 30 February.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Whole years between an ISO "connected on" date and now (floor: 5 years and 11 months is 5),
 * in UTC. Null when the date is unknown; 0 for a date in the future.
 */
export function computeYearsConnected(connectedOn: string | null, now: Date): number | null {
  const match = connectedOn ? ISO_DATE.exec(connectedOn) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let years = now.getUTCFullYear() - year;
  const monthNow = now.getUTCMonth() + 1;
  if (monthNow < month || (monthNow === month && now.getUTCDate() < day)) years -= 1;
  return Math.max(0, years);
}
