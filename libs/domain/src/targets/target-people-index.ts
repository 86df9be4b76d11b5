import type { Connection } from '@warmpath/contracts';
import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { foldCase } from '../text/fold-text.js';
import { targetCompanyKey } from './target-company-key.js';
import { domainAndParents, squashKey, workEmailDomain } from './target-domain.js';

// docs/targets.md#matching: the network's people indexed once, by every way a target meets them.

/** "ana lopez|acme": a person's folded name at a folded company. */
export function personNameKey(firstName: string, lastName: string, companyKey: string): string {
  return `${foldCase(`${firstName} ${lastName}`).replace(/\s+/g, ' ').trim()}|${companyKey}`;
}

/** Lower case, surrounding and repeated spaces folded: what "spelled as in the network" means. */
export const spelling = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Each company list's people by name (personNameKey), made on the first name asked there and kept
 * with the list: a workspace version that keeps the last one's list keeps them too
 * (docs/targets.md, "what the last version is worth").
 */
const namesOfList = new WeakMap<
  readonly Connection[],
  { companyKey: string; names: Map<string, Connection | Connection[]> }
>();

/** A person's canonical profile URL, worked out once per node (a version keeps most nodes). */
const profiles = new WeakMap<Connection, string | null>();
const profileOf = (person: Connection): string | null => {
  let profile = profiles.get(person);
  if (profile === undefined) profiles.set(person, (profile = normaliseProfileUrl(person.linkedinUrl)));
  return profile;
};

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * What matching asks of the people it matches against (docs/targets.md#matching): a
 * TargetPeopleIndex over one network, or a reader's view of a workspace version's shared index
 * (ReaderTargetIndex). Lists come in the network's order of people; a list returned twice for
 * the same question is the same array, so per-list work can be kept by its identity (TargetBlocks).
 */
export interface TargetPeopleLookup {
  /** The people at a folded company key (targetCompanyKey), or undefined when nobody is. */
  peopleAt(companyKey: string): readonly Connection[] | undefined;
  /** The people whose work e-mail domain is this domain or a subdomain of it. */
  peopleAtDomain(domain: string): readonly Connection[] | undefined;
  isExactSpelling(key: string, name: string): boolean;
  keyForStem(stemKey: string): string | null;
  byProfile(profileUrl: string): Connection | undefined;
  byName(firstName: string, lastName: string, companyKey: string): readonly Connection[];
  /** One spelling of each company key, first seen first: what the suggestions offer. */
  readonly companyNames: ReadonlyMap<string, string>;
}

/**
 * What a TargetPeopleIndex of the next version needs to be patched from the last one's instead of
 * built from every person (docs/targets.md, "what the last version is worth"): the last index,
 * each of its people's place in the last version, and each person's place in this one (a number
 * that grows along `people`, such as their group).
 */
export interface PeopleIndexPatch {
  readonly last: TargetPeopleIndex;
  readonly lastPlace: ReadonlyMap<Connection, number>;
  readonly place: ReadonlyMap<Connection, number>;
  /**
   * The people added and gone, already worked out by the caller in a pass of its own over every
   * person (a PeopleChangesTracker fed each person of `people` in order, with their last place):
   * then the index does not look every person up again.
   */
  readonly changes?: PeopleChangesTracker;
}

/** Past this share of people added or gone, an index is built anew rather than patched. */
const MOST_PATCHED = 0.25;

/**
 * The people who can be reached, by folded company key, work e-mail domain (and its parents),
 * canonical profile URL and name at company. Members' own nodes (you, teammates, sources) are
 * not targets' people and are left out. Built in one pass: 100,000 people in well under a second;
 * or patched from the last version's index with the people added and gone only, when the people
 * both hold are in the same order (then every list is what a build gives, in the same order; only
 * the order of the maps' keys may differ).
 */
export class TargetPeopleIndex implements TargetPeopleLookup {
  readonly byCompany: Map<string, Connection[]>;
  readonly byDomain: Map<string, Connection[]>;
  /** Company spellings (see `spelling`) seen at each key: an equal spelling is an "exact" match. */
  private readonly spellings: Map<string, Set<string>>;
  /** Keys by their squashed form ("acmelabs"), for domain stems (companyStemKey). */
  private readonly squashed: Map<string, Set<string>>;
  /** One spelling of each key as written in the network, for suggestions and display. */
  readonly companyNames: Map<string, string>;
  /** The people listed (members' own nodes left out), in order. */
  readonly people: Connection[] = [];
  private allProfiles: Map<string, Connection | Connection[]> | null = null;
  /** True when this index was patched from the last version's (for the specs and the docs' figures). */
  readonly patched: boolean;

  constructor(people: Iterable<Connection>, patch?: PeopleIndexPatch) {
    for (const person of people)
      if (!person.isUser && !person.isTeammate && !person.isSource) this.people.push(person);
    const changes =
      patch && (patch.changes ? patch.changes.changes(patch) : changesSince(patch, this.people));
    if (patch && changes) {
      const { last } = patch;
      this.byCompany = new Map(last.byCompany);
      this.byDomain = new Map(last.byDomain);
      this.spellings = new Map(last.spellings);
      this.squashed = new Map(last.squashed);
      this.companyNames = new Map(last.companyNames);
      this.patch(patch, changes);
      this.patched = true;
      return;
    }
    this.byCompany = new Map();
    this.byDomain = new Map();
    this.spellings = new Map();
    this.squashed = new Map();
    this.companyNames = new Map();
    this.patched = false;
    // Each spelling is folded once: a network names a few thousand companies many times.
    const keyOf = new Map<string, string | null>();
    const parentsOf = new Map<string, string[]>();
    for (const person of this.people) {
      const company = person.company;
      if (company) {
        let key = keyOf.get(company);
        if (key === undefined) {
          key = targetCompanyKey(company);
          keyOf.set(company, key);
          if (key !== null) this.noteSpelling(key, company);
        }
        if (key !== null) push(this.byCompany, key, person);
      }
      for (const name of domainsOf(person, parentsOf)) push(this.byDomain, name, person);
    }
  }

  /**
   * The last index's maps (copied) with the lists, spellings and profiles of the people added or
   * gone worked out again: each such list is the last one without the people gone, merged with
   * the people added by their place. A list no change touched is the last one's very array.
   */
  private patch({ last, place }: PeopleIndexPatch, { added, gone }: PeopleChanges): void {
    const goneSet = new Set(gone);
    const placeOf = (person: Connection): number => place.get(person) as number;
    // Each key a person added or gone is at, with the people added there (in order).
    const companies = new Map<string, Connection[]>();
    const domains = new Map<string, Connection[]>();
    const profiles = new Map<string, Connection[]>();
    const parentsOf = new Map<string, string[]>();
    const note = (person: Connection, isAdded: boolean): void => {
      const at = (keys: Map<string, Connection[]>, key: string): void => {
        let list = keys.get(key);
        if (!list) keys.set(key, (list = []));
        if (isAdded) list.push(person);
      };
      const key = person.company ? targetCompanyKey(person.company) : null;
      if (key !== null) at(companies, key);
      for (const domain of domainsOf(person, parentsOf)) at(domains, domain);
      const profile = profileOf(person);
      if (profile) at(profiles, profile);
    };
    for (const person of added) note(person, true);
    for (const person of gone) note(person, false);
    const relist = (before: readonly Connection[] | undefined, more: readonly Connection[]): Connection[] =>
      mergeByPlace(
        (before ?? []).filter((person) => !goneSet.has(person)),
        more,
        placeOf,
      );
    for (const [key, more] of companies) {
      const list = relist(last.byCompany.get(key), more);
      const wasKnown = last.spellings.has(key);
      if (list.length === 0) {
        this.byCompany.delete(key);
        this.spellings.delete(key);
        this.companyNames.delete(key);
        if (wasKnown) this.unsquash(key);
        continue;
      }
      this.byCompany.set(key, list);
      this.spellings.set(key, new Set(list.map((person) => spelling(person.company as string))));
      this.companyNames.set(key, (list[0]?.company as string).trim());
      if (!wasKnown) this.squash(key);
    }
    for (const [domain, more] of domains) {
      const list = relist(last.byDomain.get(domain), more);
      if (list.length > 0) this.byDomain.set(domain, list);
      else this.byDomain.delete(domain);
    }
    if (!last.allProfiles) return;
    const all = new Map(last.allProfiles);
    for (const [profile, more] of profiles) {
      const found = all.get(profile);
      const list = relist(found === undefined ? [] : Array.isArray(found) ? found : [found], more);
      if (list.length === 0) all.delete(profile);
      else all.set(profile, list.length === 1 ? (list[0] as Connection) : list);
    }
    this.allProfiles = all;
  }

  private squash(key: string): void {
    const squashed = squashKey(key);
    this.squashed.set(squashed, new Set([...(this.squashed.get(squashed) ?? []), key]));
  }

  private unsquash(key: string): void {
    const squashed = squashKey(key);
    const keys = new Set(this.squashed.get(squashed));
    keys.delete(key);
    if (keys.size > 0) this.squashed.set(squashed, keys);
    else this.squashed.delete(squashed);
  }

  peopleAt(companyKey: string): readonly Connection[] | undefined {
    return this.byCompany.get(companyKey);
  }

  peopleAtDomain(domain: string): readonly Connection[] | undefined {
    return this.byDomain.get(domain);
  }

  /** Every person of a canonical profile URL, in the order of people (the first is byProfile's). */
  allByProfile(profileUrl: string): readonly Connection[] {
    if (!this.allProfiles) {
      const all = new Map<string, Connection | Connection[]>();
      for (const person of this.people) {
        const profile = profileOf(person);
        if (!profile) continue;
        const found = all.get(profile);
        if (found === undefined) all.set(profile, person);
        else if (Array.isArray(found)) found.push(person);
        else all.set(profile, [found, person]);
      }
      this.allProfiles = all;
    }
    const found = this.allProfiles.get(profileUrl);
    return found === undefined ? [] : Array.isArray(found) ? found : [found];
  }

  /** The company keys a squashed stem names (see keyForStem). */
  keysForStem(stemKey: string): ReadonlySet<string> | undefined {
    return this.squashed.get(squashKey(stemKey));
  }

  /** The person of a canonical profile URL (indexed on first use: lists of companies never ask). */
  byProfile(profileUrl: string): Connection | undefined {
    return this.allByProfile(profileUrl)[0];
  }

  /** People of a name at a folded company (see personNameKey; each company indexed on first use). */
  byName(firstName: string, lastName: string, companyKey: string): readonly Connection[] {
    const people = this.byCompany.get(companyKey);
    if (!people) return [];
    let known = namesOfList.get(people);
    if (known?.companyKey !== companyKey) {
      const names = new Map<string, Connection | Connection[]>();
      for (const person of people) {
        const nameKey = personNameKey(person.firstName, person.lastName, companyKey);
        const found = names.get(nameKey);
        if (found === undefined) names.set(nameKey, person);
        else if (Array.isArray(found)) found.push(person);
        else names.set(nameKey, [found, person]);
      }
      namesOfList.set(people, (known = { companyKey, names }));
    }
    const found = known.names.get(personNameKey(firstName, lastName, companyKey));
    return found === undefined ? [] : Array.isArray(found) ? found : [found];
  }

  private noteSpelling(key: string, company: string): void {
    let spellings = this.spellings.get(key);
    if (!spellings) {
      spellings = new Set();
      this.spellings.set(key, spellings);
      this.companyNames.set(key, company.trim());
      const squashed = squashKey(key);
      const keys = this.squashed.get(squashed);
      if (keys) keys.add(key);
      else this.squashed.set(squashed, new Set([key]));
    }
    spellings.add(spelling(company));
  }

  /** True when somebody's company is written exactly `name` (case and spaces aside). */
  isExactSpelling(key: string, name: string): boolean {
    return this.spellings.get(key)?.has(spelling(name)) ?? false;
  }

  /**
   * The one company key a domain or company-page stem names, squashed ("acmelabs" meets "Acme
   * Labs"); null when none or several do (ambiguous: the suggestions offer them instead).
   */
  keyForStem(stemKey: string): string | null {
    const keys = this.squashed.get(squashKey(stemKey));
    return keys?.size === 1 ? ([...keys][0] as string) : null;
  }
}

/** The people added since the last index and those gone, each in their version's order. */
interface PeopleChanges {
  readonly added: readonly Connection[];
  readonly gone: readonly Connection[];
}

/**
 * The people added and gone since the last index, worked out one person at a time in the order of
 * the new index's people (its `people`: members' own nodes left out), each with their place in the
 * last version (undefined: not among its people). Fed by changesSince, or by a caller's own pass
 * over every person (SharedTargetIndex), so that nobody is looked up twice.
 */
export class PeopleChangesTracker {
  private readonly added: Connection[] = [];
  private before = -1;
  private inOrder = true;
  private count = 0;
  private kept = 0;

  /** One person of the new index, in order, with their place in the last one. */
  note(person: Connection, was: number | undefined): void {
    this.count += 1;
    if (was === undefined) {
      this.added.push(person);
      return;
    }
    this.kept += 1;
    // The same object was among the last index's people (who is listed is a property of the node).
    if (was <= this.before) this.inOrder = false;
    this.before = was;
  }

  /** Noted as no longer in order: the index is built anew. */
  reorder(): void {
    this.inOrder = false;
  }

  /**
   * The people added and gone, or null when the index should be built anew: the people both hold
   * are not in the same order, or too many changed to be worth patching. Every person of the last
   * index is looked for only when some of them were not noted.
   */
  changes({ last, place }: PeopleIndexPatch): PeopleChanges | null {
    if (!this.inOrder) return null;
    const gone = this.kept === last.people.length ? [] : last.people.filter((person) => !place.has(person));
    if (this.added.length + gone.length > MOST_PATCHED * Math.max(this.count, 1)) return null;
    return { added: this.added, gone };
  }
}

/**
 * The people added and gone since the last index, or null when the index should be built anew:
 * the people both hold are not in the same order, or too many changed to be worth patching.
 */
function changesSince(patch: PeopleIndexPatch, people: readonly Connection[]): PeopleChanges | null {
  const { lastPlace, place } = patch;
  const tracker = new PeopleChangesTracker();
  for (const person of people) {
    if (!place.has(person)) return null;
    tracker.note(person, lastPlace.get(person));
  }
  return tracker.changes(patch);
}

/** Two lists in place order merged (a stable merge: `kept` first on equal places). */
function mergeByPlace(
  kept: readonly Connection[],
  added: readonly Connection[],
  placeOf: (person: Connection) => number,
): Connection[] {
  if (added.length === 0) return kept as Connection[];
  const merged: Connection[] = [];
  let [i, j] = [0, 0];
  while (i < kept.length && j < added.length)
    merged.push(
      placeOf(kept[i] as Connection) <= placeOf(added[j] as Connection)
        ? (kept[i++] as Connection)
        : (added[j++] as Connection),
    );
  while (i < kept.length) merged.push(kept[i++] as Connection);
  while (j < added.length) merged.push(added[j++] as Connection);
  return merged;
}

/** The work e-mail domain of a person and its parents (by the text after "@", folded once per host). */
function domainsOf(person: Connection, parentsOf: Map<string, string[]>): readonly string[] {
  const email = person.email;
  const at = email ? email.lastIndexOf('@') : -1;
  if (at < 1) return [];
  const host = (email as string).slice(at + 1);
  let parents = parentsOf.get(host);
  if (!parents) {
    const domain = workEmailDomain(email);
    parents = domain ? domainAndParents(domain) : [];
    parentsOf.set(host, parents);
  }
  return parents;
}
