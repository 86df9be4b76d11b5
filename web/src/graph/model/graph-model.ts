import type { Connection, Relationship } from '@warmpath/contracts';
import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';
import { linkEndsOf, type LinkEnds } from './link-ends';

export interface GraphInput {
  connections: readonly Connection[];
  relationships: readonly Relationship[];
}

export interface Company {
  key: string;
  name: string;
  /** Node indices, most senior first: members[0] carries the company label. */
  members: Uint32Array;
}

/** Link kinds drive length, width and colour: company links are short and drawn wider. */
export const LINK_COMPANY = 0;
export const LINK_OTHER = 1;

/**
 * The graph in the shape the GPU, the worker and the picker want: dense indices, typed arrays,
 * no objects per link. Built once per setGraph; nothing here changes while the layout runs.
 */
export interface GraphModel {
  nodes: readonly Connection[];
  indexById: ReadonlyMap<string, number>;
  /** -1 when the data has no isUser node (a pooled team graph may not). */
  youIndex: number;
  /** Teammates of a workspace graph (isTeammate), in node order. */
  teammates: Uint32Array;
  linkSources: Uint32Array;
  linkTargets: Uint32Array;
  linkKinds: Uint8Array;
  /** For each kept link, its index in `relationships` (a link id is looked up only when asked). */
  relationshipOfLink: Uint32Array;
  relationships: readonly Relationship[];
  /** -1 for people without a company. */
  companyOfNode: Int32Array;
  /** Largest first. */
  companies: readonly Company[];
}

/** Case and spacing never split a company (same rule as the app's company filter). */
export function companyKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function isCompanyLink(type: Relationship['type']): boolean {
  return type === 'company-role' || type === 'company-group' || type === 'company-general';
}

export function buildGraphModel(input: GraphInput): GraphModel {
  return drain(buildGraphModelSteps(input));
}

/** buildGraphModel as slices for runSliced: a 30,000-person graph must not block the page. */
export function* buildGraphModelSteps(input: GraphInput): Steps<GraphModel> {
  const nodes = input.connections;
  const indexById = new Map<string, number>();
  let youIndex = -1;
  const teammates: number[] = [];
  for (let index = 0; index < nodes.length; index++) {
    indexById.set(nodes[index].id, index);
    if (youIndex < 0 && nodes[index].isUser) youIndex = index;
    else if (nodes[index].isTeammate) teammates.push(index);
    if (index % SLICE_ITEMS === 0) yield;
  }
  const ends = linkEndsOf(input.relationships, input.connections);
  const links = yield* buildLinks(input.relationships, ends ? null : indexById, ends);
  const { companyOfNode, companies } = yield* groupCompanies(nodes);
  return {
    nodes,
    indexById,
    youIndex,
    teammates: Uint32Array.from(teammates),
    ...links,
    relationships: input.relationships,
    companyOfNode,
    companies,
  };
}

/** Links in index form: by the ends the data worker worked out when given, else by looking up ids. */
function* buildLinks(
  relationships: readonly Relationship[],
  indexById: ReadonlyMap<string, number> | null,
  ends: LinkEnds | null,
) {
  const linkSources = new Uint32Array(relationships.length);
  const linkTargets = new Uint32Array(relationships.length);
  const linkKinds = new Uint8Array(relationships.length);
  const relationshipOfLink = new Uint32Array(relationships.length);
  let count = 0;
  for (let k = 0; k < relationships.length; k++) {
    const link = relationships[k];
    const source = ends ? ends.sources[k] : indexById?.get(link.sourceId);
    const target = ends ? ends.targets[k] : indexById?.get(link.targetId);
    if (k % SLICE_ITEMS === 0) yield;
    // A link to a filtered-out person is dropped, as the spec's visibility rule asks.
    if (source === undefined || target === undefined || source < 0 || target < 0 || source === target)
      continue;
    linkSources[count] = source;
    linkTargets[count] = target;
    linkKinds[count] = isCompanyLink(link.type) ? LINK_COMPANY : LINK_OTHER;
    relationshipOfLink[count] = k;
    count++;
  }
  return {
    linkSources: linkSources.slice(0, count),
    linkTargets: linkTargets.slice(0, count),
    linkKinds: linkKinds.slice(0, count),
    relationshipOfLink: relationshipOfLink.slice(0, count),
  };
}

/**
 * Companies in O(n) with no comparator sorts over people: a counting sort by seniority, then
 * people dealt into their company's slice of one shared array, so each company lists its most
 * senior first. Only the few thousand companies are sorted (by size).
 */
function* groupCompanies(nodes: readonly Connection[]) {
  const companyOfNode = new Int32Array(nodes.length).fill(-1);
  const idOfName = new Map<string, number>();
  const idOfKey = new Map<string, number>();
  const keys: string[] = [];
  const names: string[] = [];
  const sizes: number[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    if (index % SLICE_ITEMS === 0) yield;
    if (node.isUser || !node.company) continue;
    // Thousands of people share a few thousand names: normalise each distinct name once.
    let id = idOfName.get(node.company);
    if (id === undefined) {
      const key = companyKey(node.company);
      id = key ? idOfKey.get(key) : -1;
      if (id === undefined) {
        id = keys.push(key) - 1;
        names.push(node.company.trim());
        sizes.push(0);
        idOfKey.set(key, id);
      }
      idOfName.set(node.company, id);
    }
    if (id < 0) continue;
    companyOfNode[index] = id;
    sizes[id]++;
  }
  const members = dealBySeniority(nodes, companyOfNode, sizes);
  yield;
  const order = keys
    .map((_, id) => id)
    .sort((a, b) => sizes[b] - sizes[a] || (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  const rank = new Int32Array(keys.length);
  const companies: Company[] = order.map((id, position) => {
    rank[id] = position;
    return { key: keys[id], name: names[id], members: members[id] };
  });
  for (let index = 0; index < nodes.length; index++)
    if (companyOfNode[index] >= 0) companyOfNode[index] = rank[companyOfNode[index]];
  return { companyOfNode, companies };
}

/** Each company's people, most senior first (ties in data order), as views into one array. */
function dealBySeniority(
  nodes: readonly Connection[],
  companyOf: Int32Array,
  sizes: readonly number[],
): Uint32Array[] {
  const levels = 11;
  const byLevel = new Uint32Array(levels + 1);
  const level = (index: number): number =>
    levels - 1 - Math.min(levels - 1, Math.max(0, Math.round(nodes[index].positionInfo?.seniority ?? 0)));
  for (let index = 0; index < nodes.length; index++) if (companyOf[index] >= 0) byLevel[level(index) + 1]++;
  for (let l = 0; l < levels; l++) byLevel[l + 1] += byLevel[l];
  const bySeniority = new Uint32Array(byLevel[levels]);
  for (let index = 0; index < nodes.length; index++)
    if (companyOf[index] >= 0) bySeniority[byLevel[level(index)]++] = index;
  const shared = new Uint32Array(bySeniority.length);
  const start = new Uint32Array(sizes.length + 1);
  sizes.forEach((size, id) => (start[id + 1] = start[id] + size));
  const fill = start.slice(0, sizes.length);
  for (const index of bySeniority) shared[fill[companyOf[index]]++] = index;
  return sizes.map((_, id) => shared.subarray(start[id], start[id + 1]));
}
