import type { CompanySummary, Connection, Relationship, TeamNetworkData } from '@warmpath/contracts';
import type { WireNetwork } from '../network-codec/compact-network.js';
import { compareCompanies } from '../search/search-connections.js';
import { shownStrength } from '../warmth/share-tie.js';
import { deriveCompanyLinks, knowsLinkId, toKnowsLink, toTeammateLink } from './graph-links.js';
import { checkViewerPatch } from './check-viewer-patch.js';
import { PLACE_FIRST_OTHER, PLACE_FIRST_URL, PLACE_IN_ORDER, type ViewerPatch } from './viewer-patch.js';
import { mergeSorted } from './viewer-overlay.js';

/**
 * The viewer's pooled network from the base every reader shares, the viewer's own records (the
 * people of their GET /api/network, in its order) and their patch: the very network the
 * per-viewer pooling answers (docs/workspace-network.md "One snapshot per workspace version: base
 * + viewer patch"), company links derived as a reader of the compact form derives them. Pure, for
 * the browser's data worker; throws when the three do not belong together (checkViewerPatch).
 * O(people + links); the base is only read.
 */
export function applyViewerPatch(
  base: WireNetwork,
  ownRecords: readonly Connection[],
  patch: ViewerPatch,
): TeamNetworkData {
  checkViewerPatch(base, ownRecords, patch);
  const viewerId = patch.viewerId;
  const memberNodes = base.connections.slice(0, patch.base.members);
  const basePeople = base.connections.slice(patch.base.members);
  const baseLinks = base.relationships;
  // Each base person's knows links: consecutive, in the base's order of people.
  const linksFrom = new Int32Array(basePeople.length + 1);
  let next = 0;
  basePeople.forEach((person, index) => {
    linksFrom[index] = next;
    while (next < baseLinks.length && (baseLinks[next] as Relationship).targetId === person.id) next++;
  });
  linksFrom[basePeople.length] = next;
  if (next !== baseLinks.length) throw new Error("The base has links that are not its people's knows links");

  const mine = memberNodes.find((node) => node.userId === viewerId) as Connection;
  const selfNode: Connection = {
    ...mine,
    email: patch.self.email,
    notes: patch.self.notes,
    isUser: true,
    isTeammate: false,
    connectionDegree: 0,
    knownBy: [],
  };
  const teammates = memberNodes
    .filter((node) => node !== mine)
    .map((node): Connection => ({ ...node, knownBy: [viewerId] }));

  const people: Connection[] = [];
  const knowsLinks: Relationship[] = [];
  const pushBase = (index: number): void => {
    people.push(basePeople[index] as Connection);
    for (let link = linksFrom[index] as number; link < (linksFrom[index + 1] as number); link++)
      knowsLinks.push(baseLinks[link] as Relationship);
  };
  const { entries } = patch;
  const records = new Int32Array(entries.record.length);
  let record = 0;
  entries.record.forEach((delta, index) => (records[index] = record += delta));
  const pushEntry = (entry: number): void => {
    const own = ownRecords[records[entry] as number] as Connection;
    const baseIndex = entries.base[entry] as number;
    const shared = baseIndex >= 0 ? (basePeople[baseIndex] as Connection) : null;
    const listIndex = entries.knownBy[entry] as number;
    const { strength: _strength, signals: _signals, ...fields } = own;
    const node: Connection = {
      ...fields,
      ...shownStrength(own, 'emails'),
      userId: viewerId,
      // Their own URL and e-mail, else those a sharing teammate fills in (the base node's).
      linkedinUrl: own.linkedinUrl || (shared?.linkedinUrl ?? null),
      email: own.email || (shared?.email ?? null),
      notes: own.notes,
      connectionDegree: 1,
      isUser: false,
      isTeammate: false,
      knownBy:
        listIndex < 0
          ? [viewerId, ...(shared as Connection).knownBy.filter((knower) => knower !== viewerId)]
          : (patch.knownByLists[listIndex] as number[]),
    };
    people.push(node);
    knowsLinks.push(toKnowsLink(node, viewerId, own));
    if (baseIndex < 0) return;
    for (let link = linksFrom[baseIndex] as number; link < (linksFrom[baseIndex + 1] as number); link++) {
      const theirs = baseLinks[link] as Relationship;
      if (theirs.userId === viewerId) continue;
      knowsLinks.push({ ...theirs, id: knowsLinkId(theirs.userId, node.id), targetId: node.id });
    }
  };

  // mergeView's order: the viewer's groups met on their URLs, the other URL groups, the
  // viewer's other groups, the rest; a person the viewer knows takes the place of the base's.
  const slot = new Int32Array(basePeople.length).fill(-1);
  const inserted: number[] = [];
  entries.place.forEach((place, entry) => {
    const baseIndex = entries.base[entry] as number;
    if (baseIndex >= 0) slot[baseIndex] = place === PLACE_IN_ORDER ? entry : -2;
    else if (place === PLACE_IN_ORDER) inserted.push(entry);
  });
  entries.place.forEach((place, entry) => place === PLACE_FIRST_URL && pushEntry(entry));
  let insert = 0;
  const flushInserted = (before: number): void => {
    while (insert < inserted.length && entries.at[inserted[insert] as number] === before)
      pushEntry(inserted[insert++] as number);
  };
  for (let index = 0; index < basePeople.length; index++) {
    if (index === patch.urlPeople) {
      flushInserted(index);
      entries.place.forEach((place, entry) => place === PLACE_FIRST_OTHER && pushEntry(entry));
    }
    if (index < patch.urlPeople) flushInserted(index);
    const at = slot[index] as number;
    if (at === -1) pushBase(index);
    else if (at >= 0) pushEntry(at);
  }
  if (patch.urlPeople === basePeople.length) {
    flushInserted(basePeople.length);
    entries.place.forEach((place, entry) => place === PLACE_FIRST_OTHER && pushEntry(entry));
  }
  if (insert !== inserted.length) throw new Error('The patch places people outside the base');

  const changed = new Set<string>([
    ...patch.companies.set.map((company) => company.key),
    ...patch.companies.drop,
  ]);
  const companies: CompanySummary[] = mergeSorted(
    base.companies.filter((company) => !changed.has(company.key)),
    [...patch.companies.set].sort(compareCompanies),
    compareCompanies,
  );
  const teammateLinks = teammates.map((teammate) => toTeammateLink(selfNode, teammate));
  const relationships = [...knowsLinks, ...teammateLinks];
  for (const link of deriveCompanyLinks(people, viewerId)) relationships.push(link);
  return {
    connections: [selfNode, ...teammates, ...people],
    relationships,
    companies,
    workspace: {
      teamId: (base.workspace as TeamNetworkData['workspace']).teamId,
      members: patch.members,
      otherCompanyPeople: patch.otherCompanyPeople,
    },
  };
}
