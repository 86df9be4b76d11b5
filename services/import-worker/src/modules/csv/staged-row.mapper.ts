import type { StagedRow } from '@warmpath/contracts';
import {
  analysePosition,
  connectionMatchKey,
  type NormalisedConnection,
  type PositionAnalysis,
} from '@warmpath/domain';

/** Column sizes of network.import_staging: a key is cut rather than the batch refused. */
const KEY_MAX = 700;
const COMPANY_KEY_MAX = 200;
/** Distinct titles remembered; an export repeats a few hundred spellings thousands of times. */
const TITLE_CACHE_MAX = 20_000;
/** A row's size besides its strings: line number, seniority, nulls ("\\N"), tabs and the line end. */
const ROW_OVERHEAD_BYTES = 40;
/** Characters that JSON or COPY escape, or that UTF-8 writes in more than one byte. */
const NEEDS_ESCAPE_OR_MULTIBYTE = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/;

/** Turns normalised rows into the staged rows of libs/contracts, with category and seniority. */
export class StagedRowMapper {
  private readonly titles = new Map<string, PositionAnalysis>();

  toStagedRow(row: NormalisedConnection, line: number): StagedRow {
    const analysis = this.analyse(row.position);
    const companyKey = row.companyKey && row.companyKey.slice(0, COMPANY_KEY_MAX);
    // The name key lets a later export with profile URLs adopt people first imported without one.
    const nameKey = row.linkedinUrl
      ? connectionMatchKey({
          firstName: row.firstName,
          lastName: row.lastName,
          linkedinUrl: null,
          companyKey: row.companyKey,
        })
      : row.matchKey;
    return [
      line,
      row.matchKey.slice(0, KEY_MAX),
      nameKey.slice(0, KEY_MAX),
      row.firstName,
      row.lastName,
      row.email,
      row.linkedinUrl,
      row.company,
      companyKey,
      row.position,
      row.connectedOn,
      row.industry,
      row.location,
      analysis.category,
      analysis.seniority,
    ];
  }

  /**
   * An upper bound of the row's size in a staging message (COPY text inside JSON), without
   * encoding it: exact for plain ASCII; a string with anything else counts as if every character
   * took 6 bytes (a JSON escape, or a 4-byte UTF-8 character escaped for COPY).
   */
  estimateMessageBytes(row: StagedRow): number {
    let bytes = ROW_OVERHEAD_BYTES;
    for (const value of row) {
      if (typeof value !== 'string') continue;
      // +2: the tab before the value, written as "\t" in JSON.
      bytes += value.length + 2;
      if (NEEDS_ESCAPE_OR_MULTIBYTE.test(value)) bytes += value.length * 5;
    }
    return bytes;
  }

  private analyse(position: string | null): PositionAnalysis {
    const title = position ?? '';
    let analysis = this.titles.get(title);
    if (!analysis) {
      analysis = analysePosition(title);
      if (this.titles.size < TITLE_CACHE_MAX) this.titles.set(title, analysis);
    }
    return analysis;
  }
}
