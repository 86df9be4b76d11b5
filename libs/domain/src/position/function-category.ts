import { type FunctionCategory, type PositionInfo } from '@warmpath/contracts';
import { WordList, type Words, toWords } from '../text/fold-text.js';
import { seniorityOfWords } from './seniority-score.js';

const C_SUITE = 'ceo|cto|cfo|coo|cmo|cio|cpo|cro|ciso|chief';

/**
 * Order matters: the first category with a matching word wins. Leadership levels come first
 * (a "VP Engineering" is an executive, a "Director of Sales" a director). Then functions, with
 * the more specific before the broader ("Sales Engineer" is sales, "Support Engineer" support,
 * "Financial Analyst" finance). "manager" comes last on purpose: an "Engineering Manager" shares
 * a function with the engineers, so the category that drives same-function company links is the
 * function; only a title with no function word ("General Manager") is in the manager category.
 * Words are separated by "|" and may be phrases ("head of").
 */
const CATEGORY_WORDS: readonly (readonly [FunctionCategory, string])[] = [
  [
    'executive',
    `${C_SUITE}|founder|cofounder|president|vp|svp|evp|avp|board member|chairman|chairwoman|managing partner`,
  ],
  ['director', 'director|head of'],
  ['legal', 'legal|lawyer|attorney|counsel|paralegal|solicitor|barrister|compliance'],
  ['hr', 'hr|human resources|recruiter|recruiting|recruitment|talent|people operations|people partner|hrbp'],
  [
    'finance',
    'finance|financial|accountant|accounting|controller|treasury|treasurer|audit|auditor|tax|bookkeeper|investment|banker|cpa',
  ],
  [
    'sales',
    'sales|account executive|account manager|key account|business development|bdr|sdr|partnerships|revenue',
  ],
  [
    'marketing',
    'marketing|marketer|brand|growth|seo|content|communications|public relations|pr|social media|copywriter',
  ],
  ['support', 'support|customer service|customer success|help desk|helpdesk|service desk|technician'],
  ['product', 'product|product owner|ux|ui|designer|design'],
  [
    'engineering',
    'engineer|engineering|developer|software|programmer|devops|dev ops|sre|architect|frontend|backend|full stack|fullstack|qa|tester|tech lead|technical lead|machine learning|sysadmin',
  ],
  ['research', 'research|researcher|scientist|science|professor|postdoc|phd|analyst|lecturer'],
  ['consulting', 'consultant|consulting|advisor|adviser|advisory'],
  [
    'operations',
    'operations|ops|logistics|supply chain|procurement|purchasing|office|administrator|administrative|admin|coordinator|project manager|program manager|assistant',
  ],
  ['manager', 'manager|management|supervisor|team lead'],
];

const CATEGORY_LISTS = CATEGORY_WORDS.map(
  ([category, words]) => [category, new WordList(words.split('|'))] as const,
);

// docs/product.md#function-categories: the leadership keywords that colour a node as executive. The c-suite
// abbreviations are included because "CEO" names a chief without the word "chief".
const EXECUTIVE_WORDS = new WordList(
  `${C_SUITE}|president|founder|cofounder|vp|svp|evp|avp|managing director|head of|director|board member|principal|chairman|chairwoman`.split(
    '|',
  ),
);

function categoryOfWords(words: Words): FunctionCategory {
  const match = CATEGORY_LISTS.find(([, list]) => list.isIn(words));
  return match ? match[0] : 'other';
}

/**
 * The function category of a job title (docs/product.md#function-categories); "other" when nothing
 * matches.
 */
export function functionCategory(position: string | null | undefined): FunctionCategory {
  return categoryOfWords(toWords(position));
}

/** Category and seniority of a title, as carried by every graph node (`positionInfo`). */
export function positionInfo(position: string | null | undefined): PositionInfo {
  const words = toWords(position);
  return { category: categoryOfWords(words), seniority: seniorityOfWords(words) };
}

/**
 * True for leadership titles (docs/product.md#function-categories), e.g. "Head of Sales",
 * "Principal Engineer".
 */
export function isExecutive(position: string | null | undefined): boolean {
  return EXECUTIVE_WORDS.isIn(toWords(position));
}

export interface PositionAnalysis extends PositionInfo {
  isExecutive: boolean;
}

/** Everything the rules read from a title, folding it once (company links run this per person). */
export function analysePosition(position: string | null | undefined): PositionAnalysis {
  const words = toWords(position);
  return {
    category: categoryOfWords(words),
    seniority: seniorityOfWords(words),
    isExecutive: EXECUTIVE_WORDS.isIn(words),
  };
}
