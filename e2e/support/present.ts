/**
 * The value a test needs to go on. A missing one (no row, no header, no such element) fails the
 * test at this line, naming what was missing, instead of a TypeError further down.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Expected ${what}, found none`);
  return value;
}
