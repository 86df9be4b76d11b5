import { expect, type PlaywrightWorkerArgs } from '@playwright/test';
import type { TeamNetworkData, WarmPathView } from '@warmpath/contracts';
import { ask, created, introUrl, ok, row } from './intros.testing.js';
import {
  importRows,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

/** The world of the intro feedback specs (docs/warmth.md#feedback-from-introductions). */
let world = 0;
/** A slug of this worker's own, so two spec files never share a Ben. */
const worker = `${Date.now().toString(36)}p${process.pid.toString(36)}`;

/** Bob asks; Alice and Dan both know Ben, Alice for `aliceYears`, Dan for `danYears`; Cleo (counts) knows Ben 10 years. */
export async function benWorld(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  aliceYears: number,
  danYears: number,
) {
  const tag = `${worker}f${++world}`;
  const [bob, alice, dan, cleo] = await Promise.all([
    signUpMember(playwright, baseURL, 'Bob', 'Asker'),
    signUpMember(playwright, baseURL, 'Alice', 'Connector'),
    signUpMember(playwright, baseURL, 'Dan', 'Second'),
    signUpMember(playwright, baseURL, 'Cleo', 'Hidden'),
  ]);
  await importRows(bob, [row('Oscar', 'Own', `oscar-${tag}`, 'Initech', 2)]);
  await importRows(alice, [row('Ben', 'Target', `ben-${tag}`, 'Globex', aliceYears)]);
  await importRows(dan, [row('Ben', 'Target', `ben-${tag}`, 'Globex', danYears)]);
  await importRows(cleo, [row('Ben', 'Target', `ben-${tag}`, 'Globex', 10)]);
  const teamId = await workspaceOf(bob, [alice, dan, cleo]);
  const counts = await cleo.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  expect(counts.status(), await counts.text()).toBe(200);
  const pooled: TeamNetworkData = await pooledNetwork(bob, teamId);
  const ben = pooled.connections.find((c) => c.firstName === 'Ben' && !c.isTeammate && !c.isUser);
  expect(ben, 'Ben in the pooled network').toBeDefined();
  return { teamId, bob, alice, dan, cleo, ben: (ben as { id: string }).id };
}

export type World = Awaited<ReturnType<typeof benWorld>>;

export async function pathToBen(w: World): Promise<WarmPathView> {
  return ok<WarmPathView>(await w.bob.request.get(`/api/network/paths?to=${w.ben}&workspaceId=${w.teamId}`));
}

/** The teammate Bob's path to Ben runs through. */
export const via = (path: WarmPathView) => path.nodes[1]?.id;

/** The hop into Ben. */
export const lastHop = (path: WarmPathView) => path.hops.at(-1);

export async function askVia(w: World, connector: Member): Promise<number> {
  const request = await created(
    await ask(w.bob, w.teamId, { targetId: w.ben, connectorUserId: connector.userId }),
  );
  return request.id;
}

export async function decline(w: World, connector: Member, introId?: number): Promise<number> {
  const id = introId ?? (await askVia(w, connector));
  await ok(
    await connector.request.post(introUrl(w.teamId, id, 'answer'), {
      data: { decision: 'decline', reason: 'not_close_enough' },
    }),
  );
  return id;
}

export const month = (date: Date) =>
  date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
