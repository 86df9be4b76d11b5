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
