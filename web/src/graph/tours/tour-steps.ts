import { TOUR } from '../constants';
import type { TourCaptions } from '../model/graph-input';
import type { GraphModel } from '../model/graph-model';

/** The engine's own captions: neutral, for apps that give none. */
export const NEUTRAL_CAPTIONS: Omit<TourCaptions, 'node'> = {
  anchor: 'The centre of the graph',
  group: (name, size) => `${name}: ${size}`,
};

export interface TourStep {
  caption: string;
  /** The camera looks at the centre of these people's positions. */
  members: ArrayLike<number>;
  zoom: number;
}

/** docs/product.md#layouts-and-tours: the anchor at zoom 3.5, then the 8 largest groups at zoom 2.5. */
export function guidedTourSteps(model: GraphModel, captions: Omit<TourCaptions, 'node'>): TourStep[] {
  const steps: TourStep[] = [];
  if (model.anchorIndex >= 0)
    steps.push({ caption: captions.anchor, members: [model.anchorIndex], zoom: TOUR.youZoom });
  for (const group of model.groups.slice(0, TOUR.companies)) {
    steps.push({
      caption: captions.group(group.name, group.members.length),
      members: group.members,
      zoom: TOUR.companyZoom,
    });
  }
  return steps;
}

/** Centre of the members that have a position, or null when none has (such a step is skipped). */
export function stepTarget(step: TourStep, positions: Float32Array): [number, number] | null {
  let x = 0;
  let y = 0;
  let count = 0;
  for (let k = 0; k < step.members.length; k++) {
    const node = step.members[k];
    const px = positions[node * 2];
    const py = positions[node * 2 + 1];
    if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
    x += px;
    y += py;
    count++;
  }
  return count === 0 ? null : [x / count, y / count];
}

/**
 * The fly-by visits featured nodes first (at most half the stops), then the highest-ranked node
 * of each group, largest first, at most `limit`.
 */
export function flyByStops(model: GraphModel, limit = 12): number[] {
  const stops: number[] = [];
  const read = model.read.node;
  model.nodes.forEach((node, index) => {
    if (read.isFeatured(node) && read.role(node) !== 'anchor' && stops.length < limit / 2) stops.push(index);
  });
  for (const company of model.groups) {
    if (stops.length >= limit) break;
    if (!stops.includes(company.members[0])) stops.push(company.members[0]);
  }
  return stops;
}
