const DIGITS = /^\d+$/;

/**
 * Deterministic order of node ids: database ids are decimal strings, so "9" sorts before "10";
 * other ids ("u3") sort by code unit, never by locale, so every machine agrees.
 */
export function compareIds(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
