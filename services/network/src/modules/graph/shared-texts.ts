import type { ConnectionRow } from './network.repository.js';

/**
 * One string object per distinct text, process-wide, for the fields of a stored connection that
 * repeat from person to person: companies, titles, industries, places, days, import times. pg
 * makes a fresh string per row and field, so a workspace of a million records kept a million
 * copies of a few thousand companies (docs/performance.md "Loaded records share their texts").
 * Bounded: past `max` distinct texts the table starts again; strings already shared stay shared.
 */
export class SharedTexts {
  private readonly texts = new Map<string, string>();

  constructor(private readonly max = 250_000) {}

  get size(): number {
    return this.texts.size;
  }

  /** The shared string equal to `text` (the first one met since the table started). */
  shared<T extends string | null>(text: T): T {
    if (text === null) return text;
    const known = this.texts.get(text);
    if (known !== undefined) return known as T;
    if (this.texts.size >= this.max) this.texts.clear();
    this.texts.set(text, text);
    return text;
  }
}

/**
 * The repeating fields of stored connections, each kind in a table of its own (smaller tables
 * answer faster than one of every text), the import time checked against the last row's first:
 * a network's rows mostly share it.
 */
export class SharedRowTexts {
  private readonly companies = new SharedTexts();
  private readonly titles = new SharedTexts();
  private readonly industries = new SharedTexts();
  private readonly places = new SharedTexts();
  private readonly days = new SharedTexts();
  private readonly times = new SharedTexts();
  private lastTime = '';

  get size(): number {
    return [this.companies, this.titles, this.industries, this.places, this.days, this.times].reduce(
      (sum, table) => sum + table.size,
      0,
    );
  }

  /** `row` with its repeating fields replaced by the shared strings (the row is changed in place). */
  shareRow(row: ConnectionRow): ConnectionRow {
    row.company = this.companies.shared(row.company);
    row.position = this.titles.shared(row.position);
    row.industry = this.industries.shared(row.industry);
    row.location = this.places.shared(row.location);
    row.connected_on = this.days.shared(row.connected_on);
    row.created_at =
      row.created_at === this.lastTime ? this.lastTime : (this.lastTime = this.times.shared(row.created_at));
    if (row.previous_company !== null) row.previous_company = this.companies.shared(row.previous_company);
    if (row.previous_position !== null) row.previous_position = this.titles.shared(row.previous_position);
    return row;
  }
}
