import {
  INTRO_FIELD_MAX_CHARS,
  networkPathContracts,
  type Connection,
  type IntroHop,
  type IntroPerson,
  type IntroRelationship,
  type WarmPathHopView,
  type WarmPathView,
} from '@warmpath/contracts';
import { BusClient, ServiceError } from '@warmpath/server-kit';

/** What the warmest path tells the intro: the person before the target, and the facts of each hop. */
export interface PathIntroduction {
  /** Null when the path goes straight from the user to the target. */
  intermediary: IntroPerson | null;
  relationship: IntroRelationship;
}

/**
 * The warmest path's intermediary for a target (network.path.find, docs/network-api.md), or null when the
 * target is not in the user's network or cannot be reached: the intro is then written to the
 * target directly. Other failures (network service down, timeout) are the caller's to decide.
 */
export async function findWarmestIntermediary(
  bus: BusClient,
  userId: number,
  targetId: string,
): Promise<PathIntroduction | null> {
  try {
    return introductionFromPath(await bus.request(networkPathContracts.findPath, { userId, to: targetId }));
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * docs/product.md#warm-paths: the intermediary is the person before the target. The user is known to know
 * them only on a three-person path (you → intermediary → target), so only then does the first
 * hop describe the user and the intermediary.
 */
export function introductionFromPath(path: WarmPathView): PathIntroduction | null {
  const { nodes, hops } = path;
  if (!path.found || nodes.length < 2 || hops.length !== nodes.length - 1) return null;
  const firstHop = hops[0];
  const lastHop = hops[hops.length - 1];
  const before = nodes[nodes.length - 2];
  if (nodes.length === 2 || !before || before.isUser) {
    return { intermediary: null, relationship: { userToTarget: hopFacts(firstHop) } };
  }
  return {
    intermediary: personOf(before),
    relationship: {
      ...(nodes.length === 3 ? { userToIntermediary: hopFacts(firstHop) } : {}),
      intermediaryToTarget: hopFacts(lastHop),
    },
  };
}

function personOf(node: Connection): IntroPerson {
  return {
    name: clip(`${node.firstName} ${node.lastName}`.trim()),
    position: clip(node.position),
    company: clip(node.company),
  };
}

function hopFacts(hop: WarmPathHopView | undefined): IntroHop | undefined {
  if (!hop) return undefined;
  return {
    yearsConnected: hop.yearsConnected,
    sharedCompany: clip(hop.sharedCompany),
    workedTogether: hop.workedTogether,
    sameFunction: hop.sameFunction,
  };
}

/** Stored fields may be longer than the intro contract accepts; the intro needs no more. */
function clip(value: string | null): string | null {
  return value === null ? null : value.slice(0, INTRO_FIELD_MAX_CHARS);
}
