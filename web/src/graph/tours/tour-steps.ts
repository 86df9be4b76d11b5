import type { Connection } from '@warmpath/contracts';
import { TOUR } from '../constants';
import type { GraphModel } from '../model/graph-model';

export interface TourStep {
  caption: string;
  /** The camera looks at the centre of these people's positions. */
  members: ArrayLike<number>;
  zoom: number;
}

/** docs/product.md#layouts-and-tours: YOU at zoom 3.5, then the 8 largest companies at zoom 2.5. */
export function guidedTourSteps(model: GraphModel): TourStep[] {
  const steps: TourStep[] = [];
  if (model.youIndex >= 0)
    steps.push({ caption: TOUR.youCaption, members: [model.youIndex], zoom: TOUR.youZoom });
  for (const company of model.companies.slice(0, TOUR.companies)) {
    steps.push({
      caption: `${company.name}: ${company.members.length} connections`,
      members: company.members,
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
 * The dashboard's fly-by visits the people worth an introduction: past colleagues first, then
 * the most senior person of each large company, at most `limit`.
 */
export function flyByStops(model: GraphModel, limit = 12): number[] {
  const stops: number[] = [];
  model.nodes.forEach((node, index) => {
    if (node.hasWorkedWith && !node.isUser && stops.length < limit / 2) stops.push(index);
  });
  for (const company of model.companies) {
    if (stops.length >= limit) break;
    if (!stops.includes(company.members[0])) stops.push(company.members[0]);
  }
  return stops;
}

export function flyByCaption(person: Connection): string {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const role = [person.position, person.company].filter(Boolean).join(' at ');
  return role ? `${name}: ${role}` : name;
}
