import { FUNCTION_CATEGORIES, type FunctionCategory, type RelationshipType } from '@warmpath/contracts';
import { type PositionAnalysis, analysePosition } from '../position/function-category.js';
import { isSharedEmployer } from './company-key.js';
import { groupByCompany } from './group-by-company.js';

export type CompanyLinkType = Extract<RelationshipType, 'company-role' | 'company-group' | 'company-general'>;

export interface CompanyLinkPerson {
  id: string;
  company: string | null;
  position: string | null;
}

export interface CompanyLink {
  /** The more senior of the two (ties: the lower id). */
  sourceId: string;
  targetId: string;
  strength: number;
  type: CompanyLinkType;
  /** The company's display name (its most used spelling). */
  company: string;
}

/** Link strengths of docs/product.md#company-links. */
export const COMPANY_LINK_STRENGTH = {
  role: 150,
  sameFunction: 130,
  crossFunction: 80,
  general: 50,
} as const;

/** Up to this many people a company links every pair (docs/product.md#company-links). */
export const SMALL_COMPANY_MAX_PEOPLE = 15;

/**
 * Scaling rule. A same-category group above this size would link every pair, which is O(n²):
 * 1,000 engineers at one company would make ~500k links, too many to store, send or draw.
 * Above it each member links to the group's most senior member and to its neighbour in seniority
 * order: O(n) links, and the group stays connected (a path exists between any two members).
 */
export const FULL_MESH_MAX_GROUP = 15;

interface RankedPerson {
  id: string;
  category: FunctionCategory;
  seniority: number;
  leads: boolean;
  /** Place in the company's ranking (0 = top): a cheap pair key for LinkSet. */
  rank: number;
  /** Its index in the company's people as given. */
  index: number;
  /** The id is a decimal number (a database id): see compareIds. */
  numericId: boolean;
}

/**
 * Same-company links of docs/product.md#company-links, generated from scratch for a set of people.
 * Deterministic: the same people give the same links in the same order, whatever the input order.
 * One link per pair at most; when two rules link the same pair the strongest wins.
 */
export function generateCompanyLinks(people: readonly CompanyLinkPerson[]): CompanyLink[] {
  return generateCompanyLinksAs(people, companyLink);
}

const companyLink = (
  source: CompanyLinkPerson,
  target: CompanyLinkPerson,
  strength: number,
  type: CompanyLinkType,
  company: string,
): CompanyLink => ({ sourceId: source.id, targetId: target.id, strength, type, company });

/**
 * The links of people who all have company key `key`, as calls of `emit` in generateCompanyLinks'
 * order, each link's two people by their index in `members` (the more senior first): a caller
 * makes its own link object from them, without a CompanyLink per link in between
 * (docs/workspace-network.md "The cold build's cost"). `analyses` may be kept across companies
 * (analysePosition is a function of the title alone).
 */
export function forEachCompanyLink<T extends CompanyLinkPerson>(
  key: string,
  members: readonly T[],
  analyses: Map<string, PositionAnalysis>,
  emit: (source: number, target: number, strength: number, type: CompanyLinkType) => void,
): void {
  if (members.length < 2 || !isSharedEmployer(key)) return;
  // A person is in one company only, so no pair spans two: one small set per company instead of
  // one of every link (a 600,000-entry map, slow to grow and to probe).
  const ranked = rankPeople(members, analyses);
  const links = new LinkSet(ranked.length);
  if (ranked.length <= SMALL_COMPANY_MAX_PEOPLE) linkSmallCompany(ranked, links);
  else linkLargeCompany(ranked, links);
  links.forEach(emit);
}

/**
 * The links of people who all have company key `key`, whose most used spelling is `name` (as
 * groupByCompany names them), appended to `all`, each made by `make` from its two people (the more
 * senior first): a reader that needs more of the people than their ids (a link's createdAt) gets
 * them without looking them up by id (docs/workspace-network.md "In the browser").
 */
export function appendCompanyLinksAs<T extends CompanyLinkPerson, L>(
  key: string,
  name: string,
  members: readonly T[],
  analyses: Map<string, PositionAnalysis>,
  make: (source: T, target: T, strength: number, type: CompanyLinkType, company: string) => L,
  all: L[],
): void {
  forEachCompanyLink(key, members, analyses, (source, target, strength, type) => {
    all.push(make(members[source] as T, members[target] as T, strength, type, name));
  });
}

/** generateCompanyLinks with each link made by `make` (appendCompanyLinksAs), in the same order. */
export function generateCompanyLinksAs<T extends CompanyLinkPerson, L>(
  people: readonly T[],
  make: (source: T, target: T, strength: number, type: CompanyLinkType, company: string) => L,
): L[] {
  const groups = groupByCompany(people, (person) => person.company);
  const all: L[] = [];
  // Titles repeat ("Software Engineer" thousands of times): analyse each spelling once.
  const analyses = new Map<string, PositionAnalysis>();
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key);
    if (group) appendCompanyLinksAs(key, group.name, group.members, analyses, make, all);
  }
  return all;
}

/** Highest seniority first, ties by id: the first one is the company's top-ranked person. */
function rankPeople(
  members: readonly CompanyLinkPerson[],
  analyses: Map<string, PositionAnalysis>,
): RankedPerson[] {
  const ranked = members
    .map((person, index): RankedPerson => {
      const title = person.position ?? '';
      let analysis = analyses.get(title);
      if (!analysis) {
        analysis = analysePosition(title);
        analyses.set(title, analysis);
      }
      return {
        id: person.id,
        category: analysis.category,
        seniority: analysis.seniority,
        leads: analysis.isExecutive,
        rank: 0,
        index,
        numericId: DIGITS.test(person.id),
      };
    })
    .sort((a, b) => b.seniority - a.seniority || compareRankedIds(a, b));
  for (let i = 0; i < ranked.length; i++) (ranked[i] as RankedPerson).rank = i;
  return ranked;
}

const DIGITS = /^\d+$/;

/** compareIds with the "is it a number" test done once per person instead of twice per comparison. */
function compareRankedIds(a: RankedPerson, b: RankedPerson): number {
  if (a.numericId && b.numericId && a.id.length !== b.id.length) return a.id.length - b.id.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function linkSmallCompany(ranked: readonly RankedPerson[], links: LinkSet): void {
  for (let i = 0; i < ranked.length; i++) {
    for (let j = i + 1; j < ranked.length; j++) {
      const a = ranked[i] as RankedPerson;
      const b = ranked[j] as RankedPerson;
      const close = a.category === b.category || a.leads || b.leads;
      if (close) links.add(a, b, COMPANY_LINK_STRENGTH.role, 'company-role');
      else links.add(a, b, COMPANY_LINK_STRENGTH.general, 'company-general');
    }
  }
}

function linkLargeCompany(ranked: readonly RankedPerson[], links: LinkSet): void {
  const [top, ...others] = ranked;
  if (!top) return;
  for (const person of others) {
    const isLeader = person.leads || person.category === 'executive' || person.category === 'director';
    if (isLeader) links.add(top, person, COMPANY_LINK_STRENGTH.role, 'company-role');
  }
  const byCategory = groupByCategory(ranked);
  for (const members of byCategory) linkSameCategory(members, links);
  // One link per pair of categories, between the most senior person of each.
  for (let i = 0; i < byCategory.length; i++) {
    for (let j = i + 1; j < byCategory.length; j++) {
      const a = byCategory[i]?.[0] as RankedPerson;
      const b = byCategory[j]?.[0] as RankedPerson;
      links.add(a, b, COMPANY_LINK_STRENGTH.crossFunction, 'company-group');
    }
  }
}

/** Non-empty category groups in FUNCTION_CATEGORIES order, each still in rank order. */
function groupByCategory(ranked: readonly RankedPerson[]): RankedPerson[][] {
  const byCategory = new Map<FunctionCategory, RankedPerson[]>(FUNCTION_CATEGORIES.map((c) => [c, []]));
  for (const person of ranked) byCategory.get(person.category)?.push(person);
  return [...byCategory.values()].filter((members) => members.length > 0);
}

function linkSameCategory(members: readonly RankedPerson[], links: LinkSet): void {
  const strength = COMPANY_LINK_STRENGTH.sameFunction;
  if (members.length <= FULL_MESH_MAX_GROUP) {
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        links.add(members[i] as RankedPerson, members[j] as RankedPerson, strength, 'company-role');
      }
    }
    return;
  }
  // The scaling rule (see FULL_MESH_MAX_GROUP): the group's head plus the seniority neighbour.
  const head = members[0] as RankedPerson;
  for (let i = 1; i < members.length; i++) {
    const member = members[i] as RankedPerson;
    links.add(head, member, strength, 'company-role');
    if (i > 1) links.add(members[i - 1] as RankedPerson, member, strength, 'company-role');
  }
}

/**
 * One company's links keyed by unordered pair of ranks (a number, where a string key of two ids
 * cost an allocation per link), kept as numbers until emitted: a stronger link replaces a weaker
 * one in place (the first link of a pair keeps its place in the order).
 */
class LinkSet {
  /** Pair → slot: a square table for a small company, else a map. */
  private readonly table: Int32Array | null;
  private readonly byPair: Map<number, number> | null;
  private readonly sources: number[] = [];
  private readonly targets: number[] = [];
  private readonly strengths: number[] = [];
  private readonly types: CompanyLinkType[] = [];

  constructor(private readonly size: number) {
    const table = size <= LINK_TABLE_MAX_PEOPLE;
    this.table = table ? new Int32Array(size * size).fill(-1) : null;
    this.byPair = table ? null : new Map();
  }

  add(source: RankedPerson, target: RankedPerson, strength: number, type: CompanyLinkType): void {
    if (source.rank === target.rank) return;
    const pair =
      source.rank < target.rank
        ? source.rank * this.size + target.rank
        : target.rank * this.size + source.rank;
    const slot = this.table ? (this.table[pair] as number) : (this.byPair?.get(pair) ?? -1);
    if (slot >= 0) {
      if ((this.strengths[slot] as number) >= strength) return;
      this.sources[slot] = source.index;
      this.targets[slot] = target.index;
      this.strengths[slot] = strength;
      this.types[slot] = type;
      return;
    }
    const at = this.sources.push(source.index) - 1;
    this.targets.push(target.index);
    this.strengths.push(strength);
    this.types.push(type);
    if (this.table) this.table[pair] = at;
    else this.byPair?.set(pair, at);
  }

  forEach(emit: (source: number, target: number, strength: number, type: CompanyLinkType) => void): void {
    for (let at = 0; at < this.sources.length; at++)
      emit(
        this.sources[at] as number,
        this.targets[at] as number,
        this.strengths[at] as number,
        this.types[at] as CompanyLinkType,
      );
  }
}

/** Up to this many people a company's pairs are a table (64² slots), not a map. */
const LINK_TABLE_MAX_PEOPLE = 64;
