import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { FUNCTION_CATEGORIES } from './network.schema.js';

const count = z.number().int().min(0);

/** GET /api/network/stats: the dashboard's real counts and the analysis panel (your own node not counted). */
export const networkStatsSchema = z.object({
  total: count,
  /** Degree 3 counts "3rd and above". */
  byDegree: z.object({ first: count, second: count, third: count }),
  /** Most connections first (ties by name), at most 10. */
  topCompanies: z.array(z.object({ name: z.string(), count })),
  /** Every function category of docs/product.md#function-categories, zero included. */
  byCategory: z.record(z.enum(FUNCTION_CATEGORIES), count),
  /** Seniority bands of the legend: junior 1-3, mid 4-5, manager/director 6-7, executive 8-10. */
  bySeniority: z.object({ junior: count, mid: count, managerDirector: count, executive: count }),
  /** Connections made per year ("Connected On"), oldest first; unknown dates left out. */
  perYear: z.array(z.object({ year: z.number().int(), count })),
  /** The network version the figures describe. */
  version: z.string(),
});
export type NetworkStatsView = z.infer<typeof networkStatsSchema>;

export const networkStatsContracts = {
  getStats: defineRequest('network.stats.get', z.object({ userId: z.number().int() }), networkStatsSchema),
};
