import { COMPANY_SELECTION_FORCES, GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';
import type { LayoutName } from '../types';
import { circularLayout, hierarchicalLayout, type Size } from './fixed-layouts';
import type { ForceParams } from './layout-protocol';
import type { LayoutSupervisor } from './layout-supervisor';

export const FORCE_PARAMS: ForceParams = {
  charge: -30,
  companyLinkLength: GRAPH.companyLinkLength,
  otherLinkLength: GRAPH.otherLinkLength,
  centerStrength: 1,
};

export interface LayoutHost {
  /** Shows `positions` at once (the worker is told separately). */
  showPositions(positions: Float32Array): void;
  /** Fits the view now (ms, padding) or when the layout next settles. */
  fit(ms: number, padding: number, when: 'now' | 'settled'): void;
  flyToOrigin(zoom: number, ms: number): void;
  viewport(): Size;
}

/**
 * The spec's layout choices on top of the worker: force (20/80 links, reheat, fit), circular and
 * hierarchical (fixed, then released to the force layout after 2 s / 3 s), and the reheat with
 * d3-style forces when the company selection changes.
 */
export class LayoutDirector {
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;
  private current: LayoutName = 'force';
  /** Everyone is held by a circular or hierarchical placement until its release timer fires. */
  private isPinned = false;
  private params: ForceParams = FORCE_PARAMS;

  constructor(
    private readonly supervisor: Pick<LayoutSupervisor, 'reheat' | 'pinAll' | 'release'>,
    private readonly host: LayoutHost,
  ) {}

  get layout(): LayoutName {
    return this.current;
  }

  get forceParams(): ForceParams {
    return this.params;
  }

  set(layout: LayoutName, model: GraphModel): void {
    this.clearRelease();
    this.current = layout;
    switch (layout) {
      case 'force':
        this.params = FORCE_PARAMS;
        if (this.isPinned) this.supervisor.release(this.params);
        else this.supervisor.reheat(this.params, 'reheat');
        this.isPinned = false;
        this.host.fit(GRAPH.fitMs, GRAPH.fitPadding, 'settled');
        break;
      case 'circular':
        this.pinFor(circularLayout(model, this.host.viewport()), GRAPH.circularReleaseMs);
        // At zoom 1 on the origin the circle is exactly 35 % of the smaller window side.
        this.host.flyToOrigin(1, GRAPH.fitMs);
        break;
      case 'hierarchical':
        this.pinFor(hierarchicalLayout(model), GRAPH.hierarchicalReleaseMs);
        this.host.fit(GRAPH.fitMs, GRAPH.fitPadding, 'now');
        break;
    }
  }

  /** Records the choice before a graph exists; reapply() places it once one does. */
  choose(layout: LayoutName): void {
    this.current = layout;
  }

  /** After a setGraph: fixed layouts are placed again for the new people. */
  reapply(model: GraphModel): void {
    if (this.current !== 'force') this.set(this.current, model);
  }

  selectCompanies(hasSelection: boolean): void {
    const forces = hasSelection ? COMPANY_SELECTION_FORCES.selected : COMPANY_SELECTION_FORCES.none;
    this.params = {
      charge: forces.charge,
      companyLinkLength: forces.linkDistance,
      otherLinkLength: forces.linkDistance,
      centerStrength: forces.centerStrength,
    };
    if (this.isPinned) return;
    this.supervisor.reheat(this.params, 'reheat');
    if (hasSelection)
      this.host.fit(
        COMPANY_SELECTION_FORCES.selected.fitMs,
        COMPANY_SELECTION_FORCES.selected.fitPadding,
        'settled',
      );
  }

  dispose(): void {
    this.clearRelease();
  }

  private pinFor(positions: Float32Array, releaseMs: number): void {
    this.host.showPositions(positions);
    this.supervisor.pinAll(positions);
    this.isPinned = true;
    this.releaseTimer = setTimeout(() => {
      this.releaseTimer = null;
      this.isPinned = false;
      this.supervisor.release(this.params);
    }, releaseMs);
  }

  private clearRelease(): void {
    if (this.releaseTimer !== null) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
  }
}
