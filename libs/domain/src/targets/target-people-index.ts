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
 * The people who can be reached, by folded company key, work e-mail domain (and its parents),
 * canonical profile URL and name at company. Members' own nodes (you, teammates, sources) are
 * not targets' people and are left out. Built in one pass: 100,000 people in well under a second.
 */
export class TargetPeopleIndex implements TargetPeopleLookup {
  readonly byCompany = new Map<string, Connection[]>();
  readonly byDomain = new Map<string, Connection[]>();
  /** Company spellings (see `spelling`) seen at each key: an equal spelling is an "exact" match. */
  private readonly spellings = new Map<string, Set<string>>();
  /** Keys by their squashed form ("acmelabs"), for domain stems (companyStemKey). */
  private readonly squashed = new Map<string, Set<string>>();
  /** One spelling of each key as written in the network, for suggestions and display. */
  readonly companyNames = new Map<string, string>();
  private readonly people: Connection[] = [];
  private profiles: Map<string, Connection> | null = null;
  private allProfiles: Map<string, Connection | Connection[]> | null = null;

  constructor(people: Iterable<Connection>) {
    // Each spelling is folded once: a network names a few thousand companies many times.
    const keyOf = new Map<string, string | null>();
    const parentsOf = new Map<string, string[]>();
    for (const person of people) {
      if (person.isUser || person.isTeammate || person.isSource) continue;
      this.people.push(person);
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
      // By the text after "@": a network has many people at few domains.
      const email = person.email;
      const at = email ? email.lastIndexOf('@') : -1;
      if (at < 1) continue;
      const host = (email as string).slice(at + 1);
      let parents = parentsOf.get(host);
      if (!parents) {
        const domain = workEmailDomain(email);
        parents = domain ? domainAndParents(domain) : [];
        parentsOf.set(host, parents);
      }
      for (const name of parents) push(this.byDomain, name, person);
    }
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
    if (!this.profiles) {
      this.profiles = new Map();
      for (const person of this.people) {
        const profile = profileOf(person);
        if (profile && !this.profiles.has(profile)) this.profiles.set(profile, person);
      }
    }
    return this.profiles.get(profileUrl);
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
