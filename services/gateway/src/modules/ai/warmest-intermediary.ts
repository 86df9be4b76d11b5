import type { IntroPerson, IntroRelationship } from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';

/** What the warmest path tells the intro: the person before the target, and the facts of each hop. */
export interface PathIntroduction {
  /** Null when the path goes straight from the user to the target. */
  intermediary: IntroPerson | null;
  relationship: IntroRelationship;
}

/**
 * The warmest path's intermediary for a target, or null when there is no path (or no path
 * service yet). NOT WIRED: `network.path.find` (issue 5) is not exported by libs/contracts yet.
 * Wiring it is this one call, mapped by the rule of DECISIONS.md (the intermediary is the
 * person before the target):
 *
 *   const path = await bus.request(networkPathContracts.findPath, { userId, to: targetId });
 *   if (!path.found) return null;
 *   const before = path.nodes.at(-2)  // the intermediary, unless it is the user's own node
 *   relationship: hops[0] → userToIntermediary (or userToTarget), hops.at(-1) → intermediaryToTarget
 *
 * A NOT_FOUND from the path service must answer null, so an unknown target still gets an intro.
 */
export async function findWarmestIntermediary(_bus: BusClient, _userId: number, _targetId: string): Promise<PathIntroduction | null> {
  return null;
}
