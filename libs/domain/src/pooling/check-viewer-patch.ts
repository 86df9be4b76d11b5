import type { Connection } from '@warmpath/contracts';
import type { WireNetwork } from '../network-codec/compact-network.js';
import {
  idsHash,
  PLACE_FIRST_OTHER,
  PLACE_FIRST_URL,
  PLACE_IN_ORDER,
  VIEWER_PATCH_FORMAT,
  VIEWER_PATCH_VERSION,
  type ViewerPatch,
} from './viewer-patch.js';

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): boolean => value === null || typeof value === 'string';

function ints(values: unknown, name: string, length?: number): number[] {
  if (!Array.isArray(values) || !values.every(isInt) || (length !== undefined && values.length !== length))
    throw new Error(`The viewer patch's ${name} is not ${length ?? 'a list of'} integers`);
  return values;
}

/**
 * Throws unless `patch` is a viewer patch (docs/workspace-network.md "One snapshot per workspace
 * version: base + viewer patch") made for this base and these records of the viewer: its format,
 * every column's length and range, the base's members and people, the records' count and ids.
 * A patch of another version of either (a member imported since) is refused, never applied.
 */
export function checkViewerPatch(
  base: WireNetwork,
  ownRecords: readonly Connection[],
  patch: ViewerPatch,
): void {
  if (patch?.format !== VIEWER_PATCH_FORMAT || patch.version !== VIEWER_PATCH_VERSION)
    throw new Error(
      `Unsupported viewer patch ${String(patch?.format)} v${String(patch?.version)} (expected ${VIEWER_PATCH_FORMAT} v${VIEWER_PATCH_VERSION})`,
    );
  if (!isInt(patch.viewerId)) throw new Error("The viewer patch's viewer is not a user id");
  const { members, people } = patch.base ?? {};
  if (!isInt(members) || !isInt(people) || members + people !== base.connections.length)
    throw new Error('The viewer patch was made for another base');
  const teammates = base.connections.slice(0, members);
  if (!teammates.every((node) => node.isTeammate) || base.connections[members]?.isTeammate || !base.workspace)
    throw new Error('The viewer patch was made for another base');
  if (!teammates.some((node) => node.userId === patch.viewerId))
    throw new Error('The viewer patch is for someone who is not a member of this base');
  if (patch.own?.count !== ownRecords.length || patch.own.ids !== idsHash(ownRecords))
    throw new Error("The viewer patch was made for another version of the viewer's records");
  if (!isInt(patch.urlPeople) || patch.urlPeople < 0 || patch.urlPeople > people)
    throw new Error("The viewer patch's split of the base is out of range");
  if (!isText(patch.self?.email) || !isText(patch.self?.notes))
    throw new Error("The viewer patch's own node is malformed");
  checkEntries(patch, people, ownRecords.length);
  const { set, drop } = patch.companies ?? {};
  if (
    !Array.isArray(set) ||
    !set.every((c) => typeof c?.name === 'string' && typeof c.key === 'string' && isInt(c.count)) ||
    !Array.isArray(drop) ||
    !drop.every((key) => typeof key === 'string')
  )
    throw new Error("The viewer patch's companies are malformed");
  if (!isInt(patch.otherCompanyPeople) || patch.otherCompanyPeople < 0)
    throw new Error("The viewer patch's otherCompanyPeople is malformed");
  if (
    !Array.isArray(patch.members) ||
    patch.members.length !== members ||
    patch.members[0]?.userId !== patch.viewerId ||
    !patch.members.every(
      (m) => isInt(m?.userId) && isInt(m.people) && isInt(m.companies) && typeof m.sharing === 'string',
    )
  )
    throw new Error("The viewer patch's members are malformed");
}

function checkEntries(patch: ViewerPatch, people: number, records: number): void {
  const { entries, knownByLists } = patch;
  const count = ints(entries?.record, 'records').length;
  const base = ints(entries.base, 'base people', count);
  const place = ints(entries.place, 'places', count);
  const at = ints(entries.at, 'positions', count);
  const knownBy = ints(entries.knownBy, 'knownBy', count);
  if (!Array.isArray(knownByLists)) throw new Error("The viewer patch's knownBy lists are malformed");
  knownByLists.forEach((list) => ints(list, 'knownBy list'));
  const taken = new Uint8Array(people);
  let record = 0;
  let lastPlace = PLACE_FIRST_URL;
  let lastAt = 0;
  for (let entry = 0; entry < count; entry++) {
    record += entries.record[entry] as number;
    const b = base[entry] as number;
    const p = place[entry] as number;
    const k = knownBy[entry] as number;
    if (record < 0 || record >= records)
      throw new Error('The viewer patch names a record the viewer does not have');
    if (b < -1 || b >= people || (b >= 0 && taken[b]))
      throw new Error('The viewer patch names a base person out of range or twice');
    if (b >= 0) taken[b] = 1;
    if (p !== PLACE_FIRST_URL && p !== PLACE_FIRST_OTHER && p !== PLACE_IN_ORDER)
      throw new Error('The viewer patch has an unknown place');
    if (p < lastPlace) throw new Error("The viewer patch's entries are out of order");
    lastPlace = p;
    if (p === PLACE_IN_ORDER && b < 0) {
      const a = at[entry] as number;
      if (a < lastAt || a > patch.urlPeople)
        throw new Error("The viewer patch's positions are out of order or range");
      lastAt = a;
    }
    if (k < -1 || k >= knownByLists.length || (k < 0 && b < 0))
      throw new Error("The viewer patch's knownBy is out of range");
  }
}
