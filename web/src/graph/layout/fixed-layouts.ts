import { GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';

export const HIERARCHY_ROW_GAP = 60;
export const HIERARCHY_NODE_GAP = 24;

export interface Size {
  width: number;
  height: number;
}

/** People in company order (largest company first), then those without a company; YOU excluded. */
function peopleByCompany(model: GraphModel): number[] {
  const order: number[] = [];
  for (const company of model.groups) order.push(...company.members);
  model.nodes.forEach((_, index) => {
    if (index !== model.anchorIndex && model.groupOfNode[index] < 0) order.push(index);
  });
  return order;
}

/**
 * docs/product.md#layouts-and-tours: everyone on a circle of 35 % of the smaller window side (world
 * units, so it is exactly that on screen at zoom 1), colleagues next to each other, YOU in the
 * middle.
 */
export function circularLayout(model: GraphModel, window: Size): Float32Array {
  const positions = new Float32Array(model.nodes.length * 2);
  const radius = GRAPH.circleRadiusShare * Math.min(window.width, window.height);
  const order = peopleByCompany(model);
  order.forEach((node, k) => {
    const angle = (k / order.length) * Math.PI * 2 - Math.PI / 2;
    positions[node * 2] = radius * Math.cos(angle);
    positions[node * 2 + 1] = radius * Math.sin(angle);
  });
  return positions;
}

/**
 * docs/product.md#layouts-and-tours: one row per company (largest first, people without a company
 * in a last row), each row centred under YOU, who sits alone in the top row at the origin.
 */
export function hierarchicalLayout(model: GraphModel): Float32Array {
  const positions = new Float32Array(model.nodes.length * 2);
  const rows: number[][] = model.groups.map((company) => Array.from(company.members));
  const loners = peopleByCompany(model).filter((node) => model.groupOfNode[node] < 0);
  if (loners.length > 0) rows.push(loners);
  rows.forEach((row, r) => {
    const y = (r + 1) * HIERARCHY_ROW_GAP;
    const left = (-(row.length - 1) * HIERARCHY_NODE_GAP) / 2;
    row.forEach((node, k) => {
      positions[node * 2] = left + k * HIERARCHY_NODE_GAP;
      positions[node * 2 + 1] = y;
    });
  });
  return positions;
}
