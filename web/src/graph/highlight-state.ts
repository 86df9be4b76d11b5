import type { GraphModel } from './model/graph-model';
import { computeColors, computeFlags, linksBetween, selectedGroups } from './render/node-style';
import { drain, SLICE_ITEMS, type Steps } from './sliced-task';
import type { GraphHighlight } from './types';

/** Link index by the input link's id, for the app's highlighted links. */
export type LinkIndex = ReadonlyMap<string, number>;

/** A new graph's highlight, resolved in slices while the graph is built (see prepareSteps). */
export interface ResolvedHighlight {
  model: GraphModel;
  revision: number;
  nodes: Set<number>;
  links: number[];
  /** The selected groups' indices. */
  groups: Set<number>;
  linkIndex: LinkIndex | null;
}

/** A resolved highlight with the colours it gives the new graph's nodes. */
export interface PreparedHighlight extends ResolvedHighlight {
  colors: Uint32Array;
}

/** Every link of a model by its input link's id, built in slices (600,000 links at 30,000 nodes). */
export function* linkIndexSteps(model: GraphModel): Steps<LinkIndex> {
  const byId = new Map<string, number>();
  const { inputLinkOf } = model;
  for (let link = 0; link < inputLinkOf.length; link++) {
    byId.set(model.linkId(inputLinkOf[link]), link);
    if (link % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  return byId;
}

/**
 * Who is highlighted and which groups are selected, kept as ids so it survives a new
 * setGraph; resolved to indices and colours only when something changes. The app's links need
 * the link index, which is never built in one go: until it arrives (setLinkIndex) they are
 * left out and `pendingLinkIndex` names the model to build it for.
 */
export class HighlightState {
  private model: GraphModel | null = null;
  private appNodeIds: string[] = [];
  private appLinkIds: string[] = [];
  /** A second highlight beside the app's (the network feature's collaborator filter). */
  private memberNodeIds: string[] = [];
  private groupKeys: string[] = [];
  private tourNodes: readonly number[] = [];
  private linkIndexById: LinkIndex | null = null;
  private highlightedNodes = new Set<number>();
  private highlightedLinks: number[] = [];
  private cachedColors: Uint32Array = new Uint32Array(0);
  /** Bumped by every change of what is highlighted, so a prepared highlight can tell it is stale. */
  private revision = 0;

  setModel(model: GraphModel): void {
    this.model = model;
    this.linkIndexById = null;
    this.tourNodes = [];
    this.resolve();
  }

  /**
   * What setModel(model) would resolve (but the colours), as slices for runSliced. The highlight
   * is read when the slices start, so changes made in the same turn as setGraph are included;
   * adopt() falls back to setModel when something changed later.
   */
  *prepareSteps(model: GraphModel): Steps<ResolvedHighlight> {
    const revision = this.revision;
    const found = yield* model.indexById.findSteps(this.nodeIds());
    const nodes = new Set(found.values());
    const linkIndex = this.appLinkIds.length > 0 ? yield* linkIndexSteps(model) : null;
    const links = linkIndex ? this.lookUpLinks(linkIndex) : [];
    return { model, revision, nodes, links, groups: selectedGroups(model, this.groupKeys), linkIndex };
  }

  adopt(prepared: PreparedHighlight): void {
    if (prepared.revision !== this.revision) return this.setModel(prepared.model);
    this.model = prepared.model;
    this.linkIndexById = prepared.linkIndex;
    this.tourNodes = [];
    this.highlightedNodes = prepared.nodes;
    this.highlightedLinks = prepared.links;
    this.cachedColors = prepared.colors;
  }

  /** The model whose link index the app's highlighted links wait for, if any. */
  get pendingLinkIndex(): GraphModel | null {
    return this.model && this.appLinkIds.length > 0 && !this.linkIndexById ? this.model : null;
  }

  /** Hands over a link index built for `model`; ignored when the graph has changed since. */
  setLinkIndex(model: GraphModel, linkIndex: LinkIndex): void {
    if (model !== this.model) return;
    this.linkIndexById = linkIndex;
    this.resolve();
  }

  setAppHighlight(highlight: GraphHighlight): void {
    this.appNodeIds = [...highlight.nodeIds];
    this.appLinkIds = [...highlight.linkIds];
    this.resolve();
  }

  setMemberHighlight(nodeIds: Iterable<string>): void {
    this.memberNodeIds = [...nodeIds];
    this.resolve();
  }

  /** True when at least one group is selected now. */
  setSelectedGroups(keys: Iterable<string>): boolean {
    this.groupKeys = [...keys];
    this.resolve();
    return this.groupKeys.length > 0;
  }

  /** The fly-by's current node, shown with the links that connect it to the anchor. */
  setTourSelection(nodes: readonly number[]): void {
    this.tourNodes = nodes;
    this.resolve();
  }

  get colors(): Uint32Array {
    return this.cachedColors;
  }

  get links(): readonly number[] {
    return this.highlightedLinks;
  }

  /** Whether the node of this index is drawn highlighted now (a ring and the highlight colour). */
  isHighlighted(index: number): boolean {
    return this.highlightedNodes.has(index);
  }

  /** FLAG_RING for every highlighted node, by node index (a fresh array, to transfer). */
  flags(): Uint8Array {
    return computeFlags(this.model?.nodes.length ?? 0, this.highlightedNodes);
  }

  private resolve(): void {
    this.revision++;
    const model = this.model;
    if (!model) return;
    const nodes = this.resolveNodes(model, this.tourNodes);
    const links = new Set<number>(this.linkIndexById ? this.lookUpLinks(this.linkIndexById) : []);
    if (this.tourNodes.length > 0 && model.anchorIndex >= 0) {
      for (const node of this.tourNodes)
        for (const link of linksBetween(model, node, new Set([model.anchorIndex]))) links.add(link);
    }
    this.highlightedNodes = nodes;
    this.highlightedLinks = [...links];
    this.cachedColors = computeColors(model, selectedGroups(model, this.groupKeys), nodes);
  }

  /**
   * The highlighted ids' nodes: looked up in the node index once it is built, else found by a
   * pass over the nodes' ids, so a highlight never makes the index in one task (NodeIndex).
   */
  private resolveNodes(model: GraphModel, tourNodes: readonly number[]): Set<number> {
    const nodes = new Set<number>(tourNodes);
    for (const index of drain(model.indexById.findSteps(this.nodeIds())).values()) nodes.add(index);
    return nodes;
  }

  private nodeIds(): string[] {
    return [...this.appNodeIds, ...this.memberNodeIds];
  }

  private lookUpLinks(linkIndex: LinkIndex): number[] {
    const links: number[] = [];
    for (const id of this.appLinkIds) {
      const index = linkIndex.get(id);
      if (index !== undefined) links.push(index);
    }
    return links;
  }
}

/** The link index built at once (tests and small graphs). */
export function buildLinkIndex(model: GraphModel): LinkIndex {
  return drain(linkIndexSteps(model));
}
