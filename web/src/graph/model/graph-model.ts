import type { Connection, Relationship } from '@warmpath/contracts';
import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';

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
  linkSources: Uint32Array;
  linkTargets: Uint32Array;
  linkKinds: Uint8Array;
  linkIds: readonly string[];
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
  for (let index = 0; index < nodes.length; index++) {
    indexById.set(nodes[index].id, index);
    if (youIndex < 0 && nodes[index].isUser) youIndex = index;
    if (index % SLICE_ITEMS === 0) yield;
  }
  const links = yield* buildLinks(input.relationships, indexById);
  const { companyOfNode, companies } = yield* groupCompanies(nodes);
  return { nodes, indexById, youIndex, ...links, companyOfNode, companies };
}

function* buildLinks(relationships: readonly Relationship[], indexById: ReadonlyMap<string, number>) {
  const linkSources = new Uint32Array(relationships.length);
  const linkTargets = new Uint32Array(relationships.length);
  const linkKinds = new Uint8Array(relationships.length);
  const linkIds: string[] = [];
  let count = 0;
  for (let k = 0; k < relationships.length; k++) {
    const link = relationships[k];
    const source = indexById.get(link.sourceId);
    const target = indexById.get(link.targetId);
    if (k % SLICE_ITEMS === 0) yield;
    // A link to a filtered-out person is dropped, as the spec's visibility rule asks.
    if (source === undefined || target === undefined || source === target) continue;
    linkSources[count] = source;
    linkTargets[count] = target;
    linkKinds[count] = isCompanyLink(link.type) ? LINK_COMPANY : LINK_OTHER;
    linkIds.push(link.id);
    count++;
  }
  return { linkSources: linkSources.slice(0, count), linkTargets: linkTargets.slice(0, count), linkKinds: linkKinds.slice(0, count), linkIds };
}

function* groupCompanies(nodes: readonly Connection[]) {
  const companyOfNode = new Int32Array(nodes.length).fill(-1);
  const seniority = new Float32Array(nodes.length);
  const keyOfName = new Map<string, string>();
  const groups = new Map<string, { name: string; members: number[] }>();
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    seniority[index] = node.positionInfo?.seniority ?? 0;
    if (index % SLICE_ITEMS === 0) yield;
    if (node.isUser || !node.company) continue;
    // Thousands of people share a few thousand names: normalise each name once.
    let key = keyOfName.get(node.company);
    if (key === undefined) keyOfName.set(node.company, (key = companyKey(node.company)));
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.members.push(index);
    else groups.set(key, { name: node.company.trim(), members: [index] });
  }
  const companies: Company[] = [];
  for (const [key, group] of groups) {
    const members = Uint32Array.from(group.members).sort((a, b) => seniority[b] - seniority[a] || a - b);
    companies.push({ key, name: group.name, members });
    if (companies.length % 256 === 0) yield;
  }
  companies.sort((a, b) => b.members.length - a.members.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  companies.forEach((company, companyIndex) => {
    for (const member of company.members) companyOfNode[member] = companyIndex;
  });
  return { companyOfNode, companies };
}
