import type {
  CompanyTarget,
  Connection,
  MatchKind,
  PersonTarget,
  Target,
  TargetCorrection,
  TargetReach,
  TargetResultRow,
} from '@warmpath/contracts';
import { countCompaniesHidingSmallGroups } from '../pooling/counts-only-companies.js';
import { CompanySuggester, type CompanySuggestions } from './company-suggestions.js';
import type { TargetBlock, TargetBlocks } from './target-blocks.js';
import { targetCompanyKey } from './target-company-key.js';
import {
  comparePeople,
  connectorsOf,
  type KnowerTie,
  type KnowerTies,
  targetPerson,
  tiesOf,
  warmthBand,
} from './target-connectors.js';
import { companyStemKey, isFreeMailDomain } from './target-domain.js';
import { TargetPeopleIndex, type TargetPeopleLookup } from './target-people-index.js';

// docs/targets.md#matching and #ranking.

export interface MatchTargetsOptions {
  /**
   * Each person's ties, by person id: the members who know them and how warmly (the pooled
   * network's knows ties). A person missing here gets one tie per member of `knownBy`, warmed by
   * the connection's own strength or years (edgeWarmth).
   */
  ties?: KnowerTies;
  /** The list's corrections, by line: a company key to use, or null for "nobody there". */
  corrections?: readonly TargetCorrection[];
  /**
   * People known only by members on counts-only sharing, never to be shown: each target company
   * counts them in `hiddenPeopleCount` only from groups of MIN_COUNTS_ONLY_COMPANY_GROUP
   * (countCompaniesHidingSmallGroups), so no answer points at one hidden person.
   */
  countedOnly?: readonly { company: string | null }[];
  /** `hiddenCounts(countedOnly)` computed once for many lists: given, countedOnly is not read. */
  hidden?: ReadonlyMap<string, number>;
  /**
   * The ranked people and connectors of the company lists already met at this network version,
   * by the lists' identity (docs/targets.md#ranking): a big company named by many targets and
   * lists is ranked once. Only for one set of people and `ties`.
   */
  blocks?: TargetBlocks;
  /** People listed per target, most senior first (all are counted). */
  maxPeople?: number;
  /** Suggestions for each company target nobody is known at (0: none). */
  suggestions?: number;
  /** A suggester already built over the network's companies (built here when needed). */
  suggester?: CompanySuggestions;
}

export const DEFAULT_MAX_PEOPLE = 10;
export const DEFAULT_SUGGESTIONS = 3;

interface Found {
  match: MatchKind;
  reached: TargetReach;
  /** The network company matched, when matched by company. */
  companyKey: string | null;
  /** The folded company the target names (counts-only people are counted there). */
  namedKey: string | null;
  /** The lists of people found, in the order met: their people without repeats are the target's. */
  lists: readonly (readonly Connection[])[];
}

const NOTHING: Found = { match: 'none', reached: 'none', companyKey: null, namedKey: null, lists: [] };

/**
 * Each target's best way in (docs/targets.md#matching): how it met the network, the people known
 * there (most senior first), the members who know them (the warmest first: the best connector)
 * and the warmth band. Pure: the caller gives only people the asker may see, their ties, and the
 * counts-only people separately. One result per target, in the targets' order. People are
 * indexed once, so 1,000 targets over 100,000 people take well under a second; give a
 * TargetPeopleIndex to matchTargetsWithIndex to reuse it across lists.
 */
export function matchTargets(
  targets: readonly Target[],
  people: Iterable<Connection> | TargetPeopleIndex,
  options: MatchTargetsOptions = {},
): TargetResultRow[] {
  const index = people instanceof TargetPeopleIndex ? people : new TargetPeopleIndex(people);
  return matchTargetsWithIndex(targets, index, options);
}

export function matchTargetsWithIndex(
  targets: readonly Target[],
  index: TargetPeopleLookup,
  options: MatchTargetsOptions = {},
): TargetResultRow[] {
  const corrections = new Map((options.corrections ?? []).map((fix) => [fix.line, fix.companyKey]));
  const hidden = options.hidden ?? hiddenCounts(options.countedOnly ?? []);
  const tieCache = new Map<string, KnowerTie[]>();
  const ties = (person: Connection): KnowerTie[] => {
    let cached = tieCache.get(person.id);
    if (!cached) {
      cached = tiesOf(person, options.ties);
      tieCache.set(person.id, cached);
    }
    return cached;
  };
  const blockOf = (found: Found): TargetBlock => {
    const build = () => rankPeople(peopleOf(found.lists), ties);
    // A person found by profile or name is a list of its own: nothing to share with other targets.
    return options.blocks && found.reached === 'company' ? options.blocks.of(found.lists, build) : build();
  };
  let suggester = options.suggester;
  const suggestionCount = options.suggestions ?? DEFAULT_SUGGESTIONS;
  const suggest = (name: string) => {
    suggester ??= new CompanySuggester(
      [...index.companyNames.values()].map((company) => ({ name: company })),
    );
    return suggester.suggest(name, suggestionCount);
  };
  return targets.map((target) => {
    const correction = corrections.get(target.line);
    const found =
      correction !== undefined
        ? manual(index, correction)
        : target.kind === 'company'
          ? findCompany(index, target)
          : findPerson(index, target);
    const block = blockOf(found);
    const known = block.peopleCount;
    const [best = null, ...others] = block.connectors;
    // A person found is known: what counts-only members know at their company adds nothing.
    const hiddenPeopleCount =
      found.reached !== 'person' && found.namedKey ? (hidden.get(found.namedKey) ?? 0) : 0;
    const unmatchedName =
      target.kind === 'company' && found.match === 'none' && correction === undefined ? target.name : null;
    return {
      target,
      match: known > 0 || found.match === 'manual' ? found.match : hiddenPeopleCount > 0 ? 'folded' : 'none',
      reached: known > 0 ? found.reached : 'none',
      companyKey: found.companyKey,
      covered: known > 0,
      peopleCount: known,
      hiddenPeopleCount,
      people: block.listed.slice(0, options.maxPeople ?? DEFAULT_MAX_PEOPLE),
      bestConnector: best,
      warmthBand: best ? warmthBand(best.bestWarmth) : null,
      otherConnectors: others,
      suggestions: unmatchedName && suggestionCount > 0 ? suggest(unmatchedName) : [],
    };
  });
}

const NO_BLOCK: TargetBlock = { peopleCount: 0, listed: [], connectors: [] };

/** The people of the lists found, each once, in the order met. */
function peopleOf(lists: readonly (readonly Connection[])[]): readonly Connection[] {
  if (lists.length === 1) return lists[0] as readonly Connection[];
  const people = new Set<Connection>();
  for (const list of lists) for (const person of list) people.add(person);
  return [...people];
}

/** The people someone may name knows, listed most senior first, and their connectors. */
function rankPeople(people: readonly Connection[], ties: (person: Connection) => KnowerTie[]): TargetBlock {
  if (people.length === 0) return NO_BLOCK;
  const known = people
    .map((person) => ({ person, ties: ties(person) }))
    .filter((entry) => entry.ties.length > 0);
  const listed = known
    .map(({ person, ties: personTies }) => targetPerson(person, personTies))
    .filter((person) => person !== null)
    .sort(comparePeople);
  const connectors = connectorsOf(
    known.map(({ person, ties: personTies }) => ({ id: person.id, ties: personTies })),
  );
  return { peopleCount: known.length, listed, connectors };
}

function manual(index: TargetPeopleLookup, companyKey: string | null): Found {
  if (companyKey === null) return { ...NOTHING, match: 'manual' };
  const people = index.peopleAt(companyKey);
  return {
    match: 'manual',
    reached: 'company',
    companyKey,
    namedKey: companyKey,
    lists: people ? [people] : [],
  };
}

/** By name (exact, then folded), then by domain and company page; people of all of them. */
function findCompany(index: TargetPeopleLookup, target: CompanyTarget): Found {
  let found: Found = NOTHING;
  const lists: (readonly Connection[])[] = [];
  const add = (match: MatchKind, companyKey: string | null, list: readonly Connection[] | undefined) => {
    if (!list?.length) return;
    lists.push(list);
    if (found.match === 'none') found = { match, reached: 'company', companyKey, namedKey: null, lists: [] };
  };
  const key = targetCompanyKey(target.name);
  if (key !== null)
    add(index.isExactSpelling(key, target.name as string) ? 'exact' : 'folded', key, index.peopleAt(key));
  // People's domains are indexed with their parents: "acme.com" meets "ana@uk.acme.com".
  if (target.domain && !isFreeMailDomain(target.domain))
    add(
      'domain',
      key !== null && index.peopleAt(key) !== undefined ? key : null,
      index.peopleAtDomain(target.domain),
    );
  for (const source of [target.domain, target.linkedinUrl]) {
    const stem = source ? companyStemKey(source) : null;
    const stemKey = stem ? index.keyForStem(stem) : null;
    if (stemKey) add('domain', stemKey, index.peopleAt(stemKey));
  }
  if (found === NOTHING) return { ...NOTHING, namedKey: key };
  return { ...found, namedKey: key ?? found.companyKey, lists };
}

/** The person by profile URL, or by name at their company; else people at their company. */
function findPerson(index: TargetPeopleLookup, target: PersonTarget): Found {
  const key = targetCompanyKey(target.company);
  const byProfile = target.profileUrl ? index.byProfile(target.profileUrl) : undefined;
  if (byProfile)
    return {
      match: 'profile-url',
      reached: 'person',
      companyKey: targetCompanyKey(byProfile.company),
      namedKey: null,
      lists: [[byProfile]],
    };
  if (key !== null && target.firstName && target.lastName) {
    const byName = index.byName(target.firstName, target.lastName, key);
    if (byName.length > 0)
      return { match: 'name-company', reached: 'person', companyKey: key, namedKey: null, lists: [byName] };
  }
  const colleagues = key !== null ? index.peopleAt(key) : undefined;
  if (!colleagues?.length) return { ...NOTHING, namedKey: key };
  const match = index.isExactSpelling(key as string, target.company as string) ? 'exact' : 'folded';
  return { match, reached: 'company', companyKey: key, namedKey: key, lists: [colleagues] };
}

/**
 * Counts-only people per folded company, only from groups large enough to name
 * (docs/targets.md#k-anonymity): what `options.hidden` takes, computed once for many lists.
 */
export function hiddenCounts(countedOnly: readonly { company: string | null }[]): Map<string, number> {
  const counts = new Map<string, number>();
  if (countedOnly.length === 0) return counts;
  for (const company of countCompaniesHidingSmallGroups([], countedOnly).companies) {
    const key = targetCompanyKey(company.name);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + company.count);
  }
  return counts;
}

/**
 * Results in the order a team works a list: covered first, then the warmer best connector, more
 * people, then the list's own order.
 */
export function rankTargetResults(rows: readonly TargetResultRow[]): TargetResultRow[] {
  return [...rows].sort(
    (a, b) =>
      Number(b.covered) - Number(a.covered) ||
      (b.bestConnector?.bestWarmth ?? 0) - (a.bestConnector?.bestWarmth ?? 0) ||
      b.peopleCount - a.peopleCount ||
      a.target.line - b.target.line,
  );
}
