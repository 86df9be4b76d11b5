import type { GraphModel } from './model/graph-model';
import { computeColors, computeFlags, linksBetween, selectedCompanies } from './render/node-styling';
import type { GraphHighlight } from './types';

/**
 * Who is highlighted and which companies are selected, kept as ids so it survives a new
 * setGraph; resolved to indices and colours only when something changes.
 */
export class HighlightState {
  private model: GraphModel | null = null;
  private appNodeIds: string[] = [];
  private appLinkIds: string[] = [];
  private companyKeys: string[] = [];
  private tourNodes: readonly number[] = [];
  private linkIndexById: Map<string, number> | null = null;
  private highlightedNodes = new Set<number>();
  private highlightedLinks: number[] = [];
  private cachedColors: Uint32Array = new Uint32Array(0);

  setModel(model: GraphModel): void {
    this.model = model;
    this.linkIndexById = null;
    this.tourNodes = [];
    this.resolve();
  }

  setAppHighlight(highlight: GraphHighlight): void {
    this.appNodeIds = [...highlight.nodeIds];
    this.appLinkIds = [...highlight.linkIds];
    this.resolve();
  }

  /** True when at least one company is selected now. */
  setSelectedCompanies(keys: Iterable<string>): boolean {
    this.companyKeys = [...keys];
    this.resolve();
    return this.companyKeys.length > 0;
  }

  /** The fly-by's current person, shown with the links that connect them to YOU. */
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

  /** FLAG_RING for every highlighted person, by node index (a fresh array, to transfer). */
  flags(): Uint8Array {
    return computeFlags(this.model?.nodes.length ?? 0, this.highlightedNodes);
  }

  private resolve(): void {
    const model = this.model;
    if (!model) return;
    const nodes = new Set<number>(this.tourNodes);
    for (const id of this.appNodeIds) {
      const index = model.indexById.get(id);
      if (index !== undefined) nodes.add(index);
    }
    const links = new Set<number>(this.resolveLinks(model));
    if (this.tourNodes.length > 0 && model.youIndex >= 0) {
      for (const node of this.tourNodes)
        for (const link of linksBetween(model, node, new Set([model.youIndex]))) links.add(link);
    }
    this.highlightedNodes = nodes;
    this.highlightedLinks = [...links];
    this.cachedColors = computeColors(model, selectedCompanies(model, this.companyKeys), nodes);
  }

  private resolveLinks(model: GraphModel): number[] {
    if (this.appLinkIds.length === 0) return [];
    if (!this.linkIndexById) {
      const byId = new Map<string, number>();
      model.relationshipOfLink.forEach((relationship, link) =>
        byId.set(model.relationships[relationship].id, link),
      );
      this.linkIndexById = byId;
    }
    const links: number[] = [];
    for (const id of this.appLinkIds) {
      const index = this.linkIndexById.get(id);
      if (index !== undefined) links.push(index);
    }
    return links;
  }
}
