import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';
import {
  PLAIN_ATTRIBUTES,
  type GraphAttributes,
  type GraphData,
  type GraphLinkColumns,
  type GroupKey,
  type LinkAttributes,
  type LinkEnds,
  type NodeAttributes,
} from './graph-input';
import { NodeIndex } from './node-index';

/** Nodes and links of whatever type, with their readers (the engine's inside never looks further). */
export type Attributes = GraphAttributes<unknown, unknown>;
export type AnyGraphData = GraphData<unknown, unknown>;

/** Widens an app's readers to the engine's inside, where nodes and links are opaque. */
export function opaque<N, L>(attributes: GraphAttributes<N, L>): Attributes {
  return attributes as unknown as Attributes;
}

export interface NodeGroup {
  key: string;
  name: string;
  /** Node indices, highest rank first: members[0] carries the group's label. */
  members: Uint32Array;
}

/** Link kinds drive length, width and colour: group links are short and drawn wider. */
export const LINK_GROUP = 0;
export const LINK_OTHER = 1;

/**
 * A link's weight in one byte: 0 for none (the link keeps its kind's width), else 1..255 for a
 * weight of 0..1 (steps of 1/254, far finer than a pixel of width).
 */
export const NO_LINK_WEIGHT = 0;

export function encodeLinkWeight(weight: number | null | undefined): number {
  if (weight === null || weight === undefined || !Number.isFinite(weight)) return NO_LINK_WEIGHT;
  return 1 + Math.round(Math.min(1, Math.max(0, weight)) * 254);
}

/** The weight a byte stands for, null for none. */
export function decodeLinkWeight(code: number): number | null {
  return code === NO_LINK_WEIGHT ? null : (code - 1) / 254;
}

/**
 * The graph in the shape the GPU, the worker and the picker want: dense indices, typed arrays,
 * no objects per link. Built once per setGraph; nothing here changes while the layout runs.
 */
export interface GraphModel {
  /** The app's nodes as given, read only through `read`. */
  nodes: readonly unknown[];
  read: Attributes;
  /** Node index by id, built after the first frame (see NodeIndex). */
  indexById: NodeIndex;
  /** -1 when no node is an anchor. */
  anchorIndex: number;
  /** Nodes of role 'hub', in node order. */
  hubs: Uint32Array;
  linkSources: Uint32Array;
  linkTargets: Uint32Array;
  linkKinds: Uint8Array;
  /** Each link's weight, one byte (encodeLinkWeight; NO_LINK_WEIGHT when the app gave none). */
  linkWeights: Uint8Array;
  /** For each kept link, its index in the app's links (a link id is looked up only when asked). */
  inputLinkOf: Uint32Array;
  /** The id of the app's link of this index (objects or columns alike). */
  linkId(inputLink: number): string;
  /** -1 for nodes of no group. */
  groupOfNode: Int32Array;
  /** Largest first. */
  groups: readonly NodeGroup[];
  /** How group names fold (selections are folded the same way). */
  groupKey: GroupKey;
}

const sameName: GroupKey = (group) => group;

/** The model of plain nodes and links, at once (tests, small graphs). */
export function buildGraphModel(data: GraphData, groupKey: GroupKey = sameName): GraphModel {
  return drain(buildGraphModelSteps(data, groupKey, opaque(PLAIN_ATTRIBUTES)));
}

/** The model as slices for runSliced: a 30,000-node graph must not block the page. */
export function* buildGraphModelSteps(
  data: AnyGraphData,
  groupKey: GroupKey,
  read: Attributes,
): Steps<GraphModel> {
  const { nodes } = data;
  const indexById = new NodeIndex(nodes, read.node.id);
  const columns = data.linkColumns;
  const ends = columns ? null : matchingEnds(data);
  // Only links given by their ends' ids need the node index before the first frame.
  if (!columns && !ends) yield* indexById.buildSteps();
  const links = columns
    ? yield* buildColumnLinks(columns)
    : yield* buildLinks(data.links, read.link, ends ? null : indexById, ends);
  const { groupOfNode, groups, anchorIndex, hubs } = yield* groupNodes(nodes, read.node, groupKey);
  const input = data.links;
  return {
    nodes,
    read,
    indexById,
    anchorIndex,
    hubs,
    ...links,
    linkId: columns ? (link) => columns.id(link) : (link) => read.link.id(input[link]),
    groupOfNode,
    groups,
    groupKey,
  };
}

/** The ends the app gave, unless they do not match the links in number (then ids are looked up). */
function matchingEnds({ links, linkEnds }: AnyGraphData): LinkEnds | null {
  if (!linkEnds) return null;
  return linkEnds.sources.length === links.length && linkEnds.targets.length === links.length
    ? linkEnds
    : null;
}

/** Links in index form: by the ends the app gave, else by looking up ids. */
function* buildLinks(
  input: readonly unknown[],
  read: LinkAttributes<unknown>,
  indexById: NodeIndex | null,
  ends: LinkEnds | null,
) {
  const linkSources = new Uint32Array(input.length);
  const linkTargets = new Uint32Array(input.length);
  const linkKinds = new Uint8Array(input.length);
  const linkWeights = new Uint8Array(input.length);
  const inputLinkOf = new Uint32Array(input.length);
  let count = 0;
  for (let k = 0; k < input.length; k++) {
    const link = input[k];
    const source = ends ? ends.sources[k] : indexById?.get(read.source(link));
    const target = ends ? ends.targets[k] : indexById?.get(read.target(link));
    if (k % SLICE_ITEMS === 0) yield;
    // A link to a node that is not in the graph (filtered out) is dropped.
    if (source === undefined || target === undefined || source < 0 || target < 0 || source === target)
      continue;
    linkSources[count] = source;
    linkTargets[count] = target;
    linkKinds[count] = read.kind(link) === 'group' ? LINK_GROUP : LINK_OTHER;
    if (read.weight) linkWeights[count] = encodeLinkWeight(read.weight(link));
    inputLinkOf[count] = k;
    count++;
  }
  return keptLinks(count, { linkSources, linkTargets, linkKinds, linkWeights, inputLinkOf });
}

/** Links in index form from the app's columns: the same model as buildLinks, no object read. */
function* buildColumnLinks(columns: GraphLinkColumns) {
  const { sources, targets } = columns;
  const length = Math.min(sources.length, targets.length);
  const linkSources = new Uint32Array(length);
  const linkTargets = new Uint32Array(length);
  const linkKinds = new Uint8Array(length);
  const linkWeights = new Uint8Array(length);
  const inputLinkOf = new Uint32Array(length);
  let count = 0;
  for (let k = 0; k < length; k++) {
    const source = sources[k];
    const target = targets[k];
    if (k % SLICE_ITEMS === 0) yield;
    // A link to a node that is not in the graph (filtered out) is dropped.
    if (source < 0 || target < 0 || source === target) continue;
    linkSources[count] = source;
    linkTargets[count] = target;
    linkKinds[count] = columns.kind(k) === 'group' ? LINK_GROUP : LINK_OTHER;
    if (columns.weight) linkWeights[count] = encodeLinkWeight(columns.weight(k));
    inputLinkOf[count] = k;
    count++;
  }
  return keptLinks(count, { linkSources, linkTargets, linkKinds, linkWeights, inputLinkOf });
}

/**
 * The first `count` of each link column: the columns themselves when every link was kept (the
 * usual first graph), so 400,000 links are not copied once more (docs/performance.md, section
 * "Links as columns on the page").
 */
function keptLinks<T extends Record<string, Uint32Array | Uint8Array>>(count: number, columns: T): T {
  if (Object.values(columns).every((column) => column.length === count)) return columns;
  const kept: Record<string, Uint32Array | Uint8Array> = {};
  for (const [name, column] of Object.entries(columns)) kept[name] = column.slice(0, count);
  return kept as T;
}

/**
 * Groups in O(n) with no comparator sorts over nodes: a counting sort by rank, then nodes dealt
 * into their group's slice of one shared array, so each group lists its highest rank first. Only
 * the few thousand groups are sorted (by size). The same pass finds the anchor and the hubs (one
 * read of each node's role).
 */
function* groupNodes(nodes: readonly unknown[], read: NodeAttributes<unknown>, groupKey: GroupKey) {
  const groupOfNode = new Int32Array(nodes.length).fill(-1);
  // Each grouped node's rank level, read here in the sliced loop rather than twice per node in
  // one step of dealByRank (a step of 50-60 ms at 100,000 people: docs/performance.md "The
  // workspace screen's startup").
  const levelOfNode = new Uint8Array(nodes.length);
  const idOfName = new Map<string, number>();
  const idOfKey = new Map<string, number>();
  const keys: string[] = [];
  const names: string[] = [];
  const sizes: number[] = [];
  let anchorIndex = -1;
  const hubs: number[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    if (index % SLICE_ITEMS === 0) yield;
    const role = read.role(node);
    if (role === 'anchor') {
      if (anchorIndex < 0) anchorIndex = index;
      continue;
    }
    if (role === 'hub') hubs.push(index);
    const group = read.group(node);
    if (!group) continue;
    // Thousands of nodes share a few thousand names: fold each distinct name once.
    let id = idOfName.get(group);
    if (id === undefined) {
      const key = groupKey(group);
      id = key ? idOfKey.get(key) : -1;
      if (id === undefined) {
        id = keys.push(key) - 1;
        names.push(group.trim());
        sizes.push(0);
        idOfKey.set(key, id);
      }
      idOfName.set(group, id);
    }
    if (id < 0) continue;
    groupOfNode[index] = id;
    sizes[id]++;
    levelOfNode[index] = rankLevel(read.rank(node));
  }
  const members = dealByRank(levelOfNode, groupOfNode, sizes);
  yield;
  const order = keys
    .map((_, id) => id)
    .sort((a, b) => sizes[b] - sizes[a] || (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  const rank = new Int32Array(keys.length);
  const groups: NodeGroup[] = order.map((id, position) => {
    rank[id] = position;
    return { key: keys[id], name: names[id], members: members[id] };
  });
  for (let index = 0; index < nodes.length; index++)
    if (groupOfNode[index] >= 0) groupOfNode[index] = rank[groupOfNode[index]];
  return { groupOfNode, groups, anchorIndex, hubs: Uint32Array.from(hubs) };
}

const RANK_LEVELS = 11;

/** A rank's level for the counting sort: 0 for the highest rank (10 and above), 10 for the lowest. */
function rankLevel(rank: number): number {
  return RANK_LEVELS - 1 - Math.min(RANK_LEVELS - 1, Math.max(0, Math.round(rank)));
}

/** Each group's nodes, highest rank first (ties in data order), as views into one array. */
function dealByRank(levelOf: Uint8Array, groupOf: Int32Array, sizes: readonly number[]): Uint32Array[] {
  const levels = RANK_LEVELS;
  const byLevel = new Uint32Array(levels + 1);
  for (let index = 0; index < groupOf.length; index++) if (groupOf[index] >= 0) byLevel[levelOf[index] + 1]++;
  for (let l = 0; l < levels; l++) byLevel[l + 1] += byLevel[l];
  const byRank = new Uint32Array(byLevel[levels]);
  for (let index = 0; index < groupOf.length; index++)
    if (groupOf[index] >= 0) byRank[byLevel[levelOf[index]]++] = index;
  const shared = new Uint32Array(byRank.length);
  const start = new Uint32Array(sizes.length + 1);
  sizes.forEach((size, id) => (start[id + 1] = start[id] + size));
  const fill = start.slice(0, sizes.length);
  for (const index of byRank) shared[fill[groupOf[index]]++] = index;
  return sizes.map((_, id) => shared.subarray(start[id], start[id + 1]));
}
