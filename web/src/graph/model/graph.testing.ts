import type { GraphModel } from './graph-model';
import type { GraphData, GraphLink, GraphNode } from './graph-input';

/** Builders for unit tests: a node with overrides, a link, and a small graph by group sizes. */
export function buildTestNode(overrides: Partial<GraphNode> = {}): GraphNode {
  return { id: '1', label: 'Ana Lopez', size: 7, color: 0x3b82f6, group: 'Acme', rank: 3, ...overrides };
}

export function buildTestLink(source: string, target: string, kind: GraphLink['kind']): GraphLink {
  return { id: `${source}-${target}`, source, target, kind };
}

/** Groups the way the network feature folds company names (case and spacing). */
export const foldGroup = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The anchor (id "you") plus `count` nodes per group name ('' = no group), each linked to the
 * anchor, members of a group linked pairwise. Within a group the first node ranks highest.
 */
export function buildTestGraph(
  groups: Record<string, number>,
): GraphData & { nodes: GraphNode[]; links: GraphLink[] } {
  const nodes: GraphNode[] = [
    buildTestNode({ id: 'you', role: 'anchor', group: null, label: 'You', size: 8 }),
  ];
  const links: GraphLink[] = [];
  for (const [group, count] of Object.entries(groups)) {
    const members: GraphNode[] = [];
    for (let k = 0; k < count; k++) {
      const node = buildTestNode({
        id: `${group || 'none'}-${k}`,
        group: group || null,
        rank: k === 0 ? 9 : 3,
      });
      members.push(node);
      links.push(buildTestLink('you', node.id, 'other'));
    }
    if (group)
      members.forEach((a, i) =>
        members.slice(i + 1).forEach((b) => links.push(buildTestLink(a.id, b.id, 'group'))),
      );
    nodes.push(...members);
  }
  return { nodes, links };
}

/** A model's nodes, read as the plain nodes the builders above make. */
export function plainNodes(model: GraphModel): readonly GraphNode[] {
  return model.nodes as readonly GraphNode[];
}
