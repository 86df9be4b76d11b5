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

/** The canonical profile URL of a person, or null (then only name + company can match them). */
export const profileKey = (person: IdentityFields): string | null => normaliseProfileUrl(person.linkedinUrl);

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

/**
 * Groups the connections of several members into distinct people (DECISIONS.md "Workspaces"):
 * records with a profile URL meet on the normalised URL; a record without one joins the person
 * with its exact name + company, when exactly one person has them (two different URLs with the
 * same name at the same company are two people, so the record cannot tell which: its own group).
 * O(records): one pass for URLs, one for the rest.
 */
export function groupPeople(members: readonly (readonly IdentityFields[])[]): MemberRecord[][] {
  const groups: MemberRecord[][] = [];
  const byUrl = new Map<string, number>();
  // A name + company key to its group; -1 once two groups claim it.
  const byName = new Map<string, number>();
  const claimName = (key: string | null, group: number): void => {
    if (key === null) return;
    const claimed = byName.get(key);
    if (claimed === undefined) byName.set(key, group);
    else if (claimed !== group) byName.set(key, -1);
  };
  const withoutUrl: MemberRecord[] = [];
  members.forEach((people, member) => {
    people.forEach((person, index) => {
      const url = profileKey(person);
      if (url === null) {
        withoutUrl.push({ member, person: index });
        return;
      }
      let group = byUrl.get(url);
      if (group === undefined) {
        group = groups.push([]) - 1;
        byUrl.set(url, group);
      }
      (groups[group] as MemberRecord[]).push({ member, person: index });
      claimName(nameCompanyKey(person), group);
    });
  });
  for (const record of withoutUrl) {
    const key = nameCompanyKey(
      (members[record.member] as readonly IdentityFields[])[record.person] as IdentityFields,
    );
    const claimed = key === null ? undefined : byName.get(key);
    if (claimed !== undefined && claimed >= 0) {
      (groups[claimed] as MemberRecord[]).push(record);
      continue;
    }
    const group = groups.push([record]) - 1;
    if (key !== null && claimed === undefined) byName.set(key, group);
  }
  return groups;
}
