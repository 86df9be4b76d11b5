import { COMPANY_SELECTION_FORCES, GRAPH } from '../constants';
import type { Signals } from '../engine-parts';
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
    private readonly view: { readonly viewport: Size },
    private readonly signals: Signals,
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
        this.signals.emit('fit', { ms: GRAPH.fitMs, padding: GRAPH.fitPadding, when: 'settled' });
        break;
      case 'circular':
        this.pinFor(circularLayout(model, this.view.viewport), GRAPH.circularReleaseMs);
        // At zoom 1 on the origin the circle is exactly 35 % of the smaller window side.
        this.signals.emit('fly', { x: 0, y: 0, zoom: 1, ms: GRAPH.fitMs });
        break;
      case 'hierarchical':
        this.pinFor(hierarchicalLayout(model), GRAPH.hierarchicalReleaseMs);
        this.signals.emit('fit', { ms: GRAPH.fitMs, padding: GRAPH.fitPadding, when: 'now' });
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

  selectGroups(hasSelection: boolean): void {
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
      this.signals.emit('fit', {
        ms: COMPANY_SELECTION_FORCES.selected.fitMs,
        padding: COMPANY_SELECTION_FORCES.selected.fitPadding,
        when: 'settled',
      });
  }

  dispose(): void {
    this.clearRelease();
  }

  private pinFor(positions: Float32Array, releaseMs: number): void {
    this.signals.emit('placed', positions);
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
