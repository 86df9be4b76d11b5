import { type RelationshipType } from '@warmpath/contracts';
import { COMPANY_LINK_STRENGTH } from '../company/company-links.js';

/** An edge as warmth sees it: who knows whom and for how long, teammates, or a company link. */
export type WarmthEdge =
  | {
      type: 'connection';
      yearsConnected: number | null;
      hasWorkedWith: boolean;
      /** The tie's strength score (0-100) when the knower imported an archive (docs/warmth.md). */
      strength?: number | null;
    }
  | { type: 'teammate' }
  | { type: Exclude<RelationshipType, 'connection' | 'teammate'>; strength: number };

/**
 * The numbers behind warmth, all in (0, 1]. Knowing someone starts at 0.5 and grows by 0.04 a
 * year for 10 years (0.9), plus 0.1 for having worked together. A teammate is 0.9: they will
 * answer you. A company link is at most 0.8, below a long-known direct contact: sharing an
 * employer is weaker evidence than a relationship, and weakest for the general link (0.27).
 */
export const WARMTH = {
  knownBase: 0.5,
  perYear: 0.04,
  maxYears: 10,
  workedTogether: 0.1,
  teammate: 0.9,
  strongestCompanyLink: 0.8,
  /** Floor, so a zero or negative stored strength still gives a finite cost. */
  minimum: 0.01,
} as const;

/** Warmth of one edge, in (0, 1]: higher means a more likely introduction. */
export function edgeWarmth(edge: WarmthEdge): number {
  switch (edge.type) {
    case 'connection':
      return edge.strength === undefined || edge.strength === null
        ? knownWarmth(edge.yearsConnected, edge.hasWorkedWith)
        : strengthWarmth(edge.strength);
    case 'teammate':
      return WARMTH.teammate;
    case 'company-role':
    case 'company-group':
    case 'company-general': {
      const warmth = (edge.strength / COMPANY_LINK_STRENGTH.role) * WARMTH.strongestCompanyLink;
      return clamp(warmth);
    }
    default:
      return assertNever(edge);
  }
}

function knownWarmth(yearsConnected: number | null, hasWorkedWith: boolean): number {
  const years = Math.min(Math.max(yearsConnected ?? 0, 0), WARMTH.maxYears);
  return clamp(WARMTH.knownBase + WARMTH.perYear * years + (hasWorkedWith ? WARMTH.workedTogether : 0));
}

/**
 * A tie known from an archive: 0.5 for a score of 0 up to 1 for 100, on the same footing as a
 * plain connection (0.5 to 1): a person messaged last week outranks a long-ago colleague.
 */
function strengthWarmth(score: number): number {
  return clamp(WARMTH.knownBase + (1 - WARMTH.knownBase) * (Math.min(Math.max(score, 0), 100) / 100));
}

const clamp = (warmth: number): number => Math.min(1, Math.max(WARMTH.minimum, warmth));

function assertNever(value: never): never {
  throw new Error(`Unknown edge type: ${JSON.stringify(value)}`);
}
