import { companyKey } from '../company/company-key.js';
import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { foldCase } from '../text/fold-text.js';

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
  const company = companyKey(person.company);
  if (company === null) return null;
  const name = foldCase(`${person.firstName} ${person.lastName}`).trim().replace(/\s+/g, ' ');
  return name === '' ? null : `${name}|${company}`;
}

/** A record of one member's connection, by position: member index and the person's index. */
export interface MemberRecord {
  member: number;
  person: number;
}

/** A name + company key nobody with a profile URL has claimed yet. */
const UNCLAIMED = -2;
/** A name + company key two people with different profile URLs share: it names neither. */
const AMBIGUOUS = -1;

/**
 * Groups the connections of several members into distinct people (docs/product.md#workspaces):
 * records with a profile URL meet on the normalised URL; a record without one joins the person
 * with its exact name + company, when exactly one person has them (two different URLs with the
 * same name at the same company are two people, so the record cannot tell which: its own group).
 * O(records). Only the name keys records without a URL ask for are kept: hashing 100,000 more
 * strings was half of the pooling's time.
 */
export function groupPeople(members: readonly (readonly IdentityFields[])[]): MemberRecord[][] {
  const groups: MemberRecord[][] = [];
  // Parallel lists instead of an object per record: 200,000 records are GC time otherwise.
  const records: MemberRecord[] = [];
  const urls: (string | null)[] = [];
  let withoutUrl = 0;
  members.forEach((people, member) => {
    people.forEach((person, index) => {
      const url = profileKey(person);
      records.push({ member, person: index });
      urls.push(url);
      if (url === null) withoutUrl++;
    });
  });
  const keys = new Map<number, string | null>();
  const wanted = new Map<string, number>();
  if (withoutUrl > 0) {
    records.forEach((record, index) => {
      if (urls[index] !== null) return;
      const key = nameCompanyKey(personAt(members, record));
      keys.set(index, key);
      if (key !== null) wanted.set(key, UNCLAIMED);
    });
  }
  const byUrl = new Map<string, number>();
  records.forEach((record, index) => {
    const url = urls[index];
    if (url === null || url === undefined) return;
    let group = byUrl.get(url);
    if (group === undefined) {
      group = groups.push([]) - 1;
      byUrl.set(url, group);
    }
    (groups[group] as MemberRecord[]).push(record);
    if (wanted.size === 0) return;
    const key = nameCompanyKey(personAt(members, record));
    const claimed = key === null ? undefined : wanted.get(key);
    if (claimed === UNCLAIMED) wanted.set(key as string, group);
    else if (claimed !== undefined && claimed !== group) wanted.set(key as string, AMBIGUOUS);
  });
  for (const [index, key] of keys) {
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
  return groups;
}

const personAt = (members: readonly (readonly IdentityFields[])[], record: MemberRecord): IdentityFields =>
  (members[record.member] as readonly IdentityFields[])[record.person] as IdentityFields;
