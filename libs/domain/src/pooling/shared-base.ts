import type { CompanySummary, Connection, Relationship, TeamNetworkData } from '@warmpath/contracts';
import { MIN_COUNTS_ONLY_COMPANY_GROUP } from './counts-only-companies.js';
import { teammateNode } from './pool-person.js';
import type { PooledPerson } from './pooled-person-memo.js';
import { namedCompanies, type SharedPool } from './shared-pool.js';
import { runToEnd, type Slices } from './slices.js';

/**
 * Where the base's people are, per group of the shared build, and what a viewer's patch reads of
 * the base's companies; derived once per build (docs/workspace-network.md "One snapshot per
 * workspace version: base + viewer patch").
 */
export interface BaseLayout {
  /** Per group: its node's index among the base's people, -1 for a person counted only. */
  readonly baseIndexOf: Int32Array;
  /** Per group (and one past the last): how many of the base's people come before it. */
  readonly shownBefore: Int32Array;
  /** The base's people of groups met on a profile URL: they come first. */
  readonly urlPeople: number;
  /** The companies of the people shown, counted-only people left out (topCompanies' order). */
  readonly companies: readonly CompanySummary[];
  readonly companyByKey: ReadonlyMap<string, CompanySummary>;
  /** The shared build's companies named with counted-only people (3 or more of them there). */
  readonly countedNamed: readonly CompanySummary[];
}

const layouts = new WeakMap<SharedPool, BaseLayout>();

export function baseLayout(shared: SharedPool): BaseLayout {
  let layout = layouts.get(shared);
  if (layout) return layout;
  const groups = shared.groups.length;
  const baseIndexOf = new Int32Array(groups);
  const shownBefore = new Int32Array(groups + 1);
  const shown: Connection[] = [];
  for (let group = 0; group < groups; group++) {
    shownBefore[group] = shown.length;
    const node = shared.persons[group]?.node;
    baseIndexOf[group] = node ? shown.push(node) - 1 : -1;
  }
  shownBefore[groups] = shown.length;
  const companies = namedCompanies(shared.shownSpellings).companies;
  const countedNamed = shared.companies.filter((company) => {
    let counted = 0;
    for (const n of shared.countedSpellings.get(company.key)?.values() ?? []) counted += n;
    return counted >= MIN_COUNTS_ONLY_COMPANY_GROUP;
  });
  layout = {
    baseIndexOf,
    shownBefore,
    urlPeople: shownBefore[shared.urlGroups] as number,
    companies,
    companyByKey: new Map(companies.map((company) => [company.key, company] as const)),
    countedNamed,
  };
  layouts.set(shared, layout);
  return layout;
}

/**
 * The base of a workspace version: the same bytes for every reader (docs/workspace-network.md
 * "One snapshot per workspace version: base + viewer patch"). `connections`: every member's node
 * as a teammate sees it (e-mail only when they share e-mails, no notes, `knownBy` empty), by user
 * id, then each person shown as a member who knows none of them sees them (the shared build's
 * node, in its group order); `relationships`: those people's knows links, in the same order (no
 * teammate links, no company links: the reader makes both for itself); `companies`: the
 * companies of the people shown only, since counts from counted-only people depend on the
 * viewer (a patch adds them where the k-anonymity rule names them); `workspace`: the team id only
 * (the members' reach is the viewer's, in the patch).
 */
export function baseNetwork(shared: SharedPool, teamId: number): TeamNetworkData {
  return runToEnd(baseNetworkInSlices(shared, teamId));
}

/** People between two pauses of baseNetworkInSlices. */
export const SLICE_PEOPLE = 8_192;

/** The base's first nodes: every member as a teammate sees them, `knownBy` empty. */
export function baseMemberNodes(shared: SharedPool): Connection[] {
  return shared.members.map((member) => ({ ...teammateNode(member, 0), knownBy: [] }));
}

/** The base's `companies` and `workspace` (baseNetwork). */
export function baseCompanies(shared: SharedPool): CompanySummary[] {
  return [...baseLayout(shared).companies];
}

export const baseWorkspace = (teamId: number): NonNullable<TeamNetworkData['workspace']> => ({
  teamId,
  members: [],
  otherCompanyPeople: 0,
});

/** baseNetwork in slices (runToEnd, slices.ts): it pauses every few thousand people. */
export function* baseNetworkInSlices(shared: SharedPool, teamId: number): Slices<TeamNetworkData> {
  const connections = baseMemberNodes(shared);
  const relationships: Relationship[] = [];
  for (let from = 0; from < shared.persons.length; from += SLICE_PEOPLE) {
    addPeople(
      shared.persons,
      from,
      Math.min(shared.persons.length, from + SLICE_PEOPLE),
      connections,
      relationships,
    );
    yield;
  }
  return {
    connections,
    relationships,
    companies: baseCompanies(shared),
    workspace: baseWorkspace(teamId),
  };
}

function addPeople(
  persons: readonly PooledPerson[],
  from: number,
  to: number,
  connections: Connection[],
  relationships: Relationship[],
): void {
  for (let group = from; group < to; group++) {
    const person = persons[group] as PooledPerson;
    if (!person.node) continue;
    connections.push(person.node);
    for (const link of person.knowsLinks) relationships.push(link);
  }
}
