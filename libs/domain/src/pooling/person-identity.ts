import { companyKey } from '../company/company-key.js';
import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { foldCase } from '../text/fold-text.js';
import { flatJoin } from '../text/flat-join.js';
import { runToEnd, type Slices } from './slices.js';
import { keptKeyNumbers, newKeyNumbers, numbersOf, type KeyNumbers } from './key-numbers.js';

/** What identity reads of a connection. */
export interface IdentityFields {
  firstName: string;
  lastName: string;
  company: string | null;
  linkedinUrl: string | null;
}

// Imports store profile URLs in this canonical form: recognised without parsing or allocating.
const CANONICAL_PROFILE = /^https:\/\/www\.linkedin\.com\/in\/[a-z0-9_-]+$/;

/** The canonical profile URL of a person, or null (then only name + company can match them). */
export function profileKey(person: IdentityFields): string | null {
  const url = person.linkedinUrl;
  if (!url) return null;
  return CANONICAL_PROFILE.test(url) ? url : normaliseProfileUrl(url);
}

/**
 * Exact name + company key: case, accents and spacing folded, legal suffixes dropped from the
 * company (companyKey). Null without a name or a company: a name alone never matches two people.
 */
export function nameCompanyKey(person: IdentityFields): string | null {
  return nameKeyAt(person, companyKey(person.company));
}

/** nameCompanyKey of a person whose company key (companyKey of their company) is known. */
function nameKeyAt(person: IdentityFields, company: string | null): string | null {
  if (company === null) return null;
  const name = foldCase(`${person.firstName} ${person.lastName}`).trim().replace(/\s+/g, ' ');
  return name === '' ? null : flatJoin(name, '|', company);
}

/** A record of one member's connection, by position: member index and the person's index. */
export interface MemberRecord {
  readonly member: number;
  readonly person: number;
}

/** A name + company key nobody with a profile URL has claimed yet. */
const UNCLAIMED = -2;
/** A name + company key two people with different profile URLs share: it names neither. */
const AMBIGUOUS = -1;

/**
 * What identity reads of each record of one member's loaded network, computed once per network:
 * the same array (and the very same records) is pooled again at every version of the workspace
 * until that member imports, so a build after one member's import keys only that member's records
 * (docs/workspace-network.md "One shared build per workspace version"). The arrays must not be
 * changed once pooled; a member's new network is a new array.
 */
export interface RecordKeys {
  /** profileKey of each record. */
  readonly urls: readonly (string | null)[];
  /** How many records have no profile URL. */
  readonly withoutUrl: number;
}

const recordKeys = new WeakMap<readonly IdentityFields[], RecordKeys>();
const nameKeys = new WeakMap<readonly IdentityFields[], (string | null)[]>();
const companyKeys = new WeakMap<readonly IdentityFields[], (string | null)[]>();

/** profileKey of each record of a member's network, once per network. */
export function recordKeysOf(people: readonly IdentityFields[]): RecordKeys {
  let keys = recordKeys.get(people);
  if (!keys) {
    const urls = new Array<string | null>(people.length);
    let withoutUrl = 0;
    for (let index = 0; index < people.length; index++) {
      const url = profileKey(people[index] as IdentityFields);
      urls[index] = url;
      if (url === null) withoutUrl++;
    }
    recordKeys.set(people, (keys = { urls, withoutUrl }));
  }
  return keys;
}

const memberRecordsOf = new WeakMap<readonly IdentityFields[], MemberRecord[]>();

/**
 * `{member, person}` of each record of a member's network, made once per network and member index:
 * the groups of every build hold them, and 200,000 new ones a build were garbage to collect.
 */
function memberRecords(people: readonly IdentityFields[], member: number): readonly MemberRecord[] {
  let records = memberRecordsOf.get(people);
  if (!records || records[0]?.member !== member) {
    records = Array.from({ length: people.length }, (_, person) => ({ member, person }));
    memberRecordsOf.set(people, records);
  }
  return records;
}

/**
 * nameCompanyKey of each record of a member's network, once per network; the company keys are
 * companyKeysOf's (`keyOf`), which the build reads anyway: each company folded once, not twice.
 */
export function nameKeysOf(
  people: readonly IdentityFields[],
  keyOf: (name: string | null) => string | null = companyKey,
): readonly (string | null)[] {
  let keys = nameKeys.get(people);
  if (!keys) {
    const companies = companyKeysOf(people, keyOf);
    keys = new Array<string | null>(people.length);
    for (let index = 0; index < people.length; index++)
      keys[index] = nameKeyAt(people[index] as IdentityFields, companies[index] ?? null);
    nameKeys.set(people, keys);
  }
  return keys;
}

/** companyKey of each record's company (`keyOf`, companyKey or a memo of it), once per network. */
export function companyKeysOf(
  people: readonly IdentityFields[],
  keyOf: (name: string | null) => string | null = companyKey,
): readonly (string | null)[] {
  let keys = companyKeys.get(people);
  if (!keys) {
    keys = new Array<string | null>(people.length);
    for (let index = 0; index < people.length; index++)
      keys[index] = keyOf((people[index] as IdentityFields).company);
    companyKeys.set(people, keys);
  }
  return keys;
}

/**
 * Groups the connections of several members into distinct people (docs/product.md#workspaces):
 * records with a profile URL meet on the normalised URL; a record without one joins the person
 * with its exact name + company, when exactly one person has them (two different URLs with the
 * same name at the same company are two people, so the record cannot tell which: its own group).
 * O(records), the keys of each member's records computed once per loaded network (recordKeysOf).
 * Only the name keys records without a URL ask for are looked up: hashing 100,000 more strings
 * was half of the pooling's time.
 */
export function groupPeople(members: readonly (readonly IdentityFields[])[]): MemberRecord[][] {
  return runToEnd(groupPeopleInSlices(members)).groups;
}

/**
 * groupPeople in slices: it pauses after each member's records (runToEnd, slices.ts). The loops
 * are plain functions called once a member: the same loops inside the generator profiled slower.
 * With `kept` (the URL numbers of the workspace's last build, key-numbers.ts), records meet on their
 * URL's number, numbered once per loaded network; `urlIds` is the registry to keep for the next.
 */
export function* groupPeopleInSlices(
  members: readonly (readonly IdentityFields[])[],
  kept?: KeyNumbers,
  keyOf: (name: string | null) => string | null = companyKey,
): Slices<{ groups: MemberRecord[][]; urlIds: KeyNumbers }> {
  const groups: MemberRecord[][] = [];
  const keys: RecordKeys[] = [];
  for (const people of members) {
    keys.push(recordKeysOf(people));
    yield;
  }
  let urlRecords = 0;
  for (let member = 0; member < members.length; member++)
    urlRecords +=
      (members[member] as readonly IdentityFields[]).length - (keys[member] as RecordKeys).withoutUrl;
  const registry = kept === undefined ? newKeyNumbers() : keptKeyNumbers(kept, urlRecords);
  const ids: Int32Array[] = [];
  for (let member = 0; member < members.length; member++) {
    ids.push(numbersOf(registry, (keys[member] as RecordKeys).urls, kept !== undefined));
    yield;
  }
  const withoutUrl = keys.reduce((sum, member) => sum + member.withoutUrl, 0);
  const wanted = new Map<string, number>();
  if (withoutUrl > 0) {
    for (let member = 0; member < members.length; member++) {
      if ((keys[member] as RecordKeys).withoutUrl === 0) continue;
      nameKeysOf(members[member] as readonly IdentityFields[], keyOf);
      yield;
      wantNames(
        wanted,
        (keys[member] as RecordKeys).urls,
        nameKeysOf(members[member] as readonly IdentityFields[], keyOf),
      );
      yield;
    }
  }
  // Each URL number's group, -1 before its first record.
  const byUrl = new Int32Array(registry.keys.length).fill(-1);
  for (let member = 0; member < members.length; member++) {
    const names =
      wanted.size === 0 ? undefined : nameKeysOf(members[member] as readonly IdentityFields[], keyOf);
    yield;
    const people = members[member] as readonly IdentityFields[];
    groupByUrl(
      groups,
      byUrl,
      wanted,
      member,
      ids[member] as Int32Array,
      names,
      memberRecords(people, member),
    );
    yield;
  }
  if (withoutUrl === 0) return { groups, urlIds: registry };
  for (let member = 0; member < members.length; member++) {
    if ((keys[member] as RecordKeys).withoutUrl === 0) continue;
    const names = nameKeysOf(members[member] as readonly IdentityFields[], keyOf);
    const people = members[member] as readonly IdentityFields[];
    groupByName(
      groups,
      wanted,
      member,
      (keys[member] as RecordKeys).urls,
      names,
      memberRecords(people, member),
    );
    yield;
  }
  return { groups, urlIds: registry };
}

/** The name keys records without a URL ask for, not claimed yet. */
function wantNames(
  wanted: Map<string, number>,
  urls: readonly (string | null)[],
  names: readonly (string | null)[],
): void {
  for (let index = 0; index < urls.length; index++) {
    const key = urls[index] === null ? names[index] : null;
    if (key !== null && key !== undefined) wanted.set(key, UNCLAIMED);
  }
}

/** One member's records with a URL, into the group of their URL; the name keys they claim. */
function groupByUrl(
  groups: MemberRecord[][],
  byUrl: Int32Array,
  wanted: Map<string, number>,
  member: number,
  ids: Int32Array,
  names: readonly (string | null)[] | undefined,
  records: readonly MemberRecord[],
): void {
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index] as number;
    if (id < 0) continue;
    const record = records[index] as MemberRecord;
    let group = byUrl[id] as number;
    if (group < 0) {
      group = groups.push([record]) - 1;
      byUrl[id] = group;
    } else (groups[group] as MemberRecord[]).push(record);
    if (!names) continue;
    const key = names[index];
    const claimed = key === null || key === undefined ? undefined : wanted.get(key);
    if (claimed === UNCLAIMED) wanted.set(key as string, group);
    else if (claimed !== undefined && claimed !== group) wanted.set(key as string, AMBIGUOUS);
  }
}

/** One member's records without a URL: into the one group of their name + company, else their own. */
function groupByName(
  groups: MemberRecord[][],
  wanted: Map<string, number>,
  member: number,
  urls: readonly (string | null)[],
  names: readonly (string | null)[],
  records: readonly MemberRecord[],
): void {
  for (let index = 0; index < urls.length; index++) {
    if (urls[index] !== null) continue;
    const key = names[index] ?? null;
    const record = records[index] as MemberRecord;
    const claimed = key === null ? AMBIGUOUS : (wanted.get(key) as number);
    if (claimed >= 0) {
      (groups[claimed] as MemberRecord[]).push(record);
      continue;
    }
    const group = groups.push([record]) - 1;
    // The first record of a name nobody with a URL has: later ones with that name join it.
    if (claimed === UNCLAIMED) wanted.set(key as string, group);
  }
}
