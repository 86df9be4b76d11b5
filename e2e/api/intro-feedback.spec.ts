import { expect, test, type PlaywrightWorkerArgs } from '@playwright/test';
import type { TeamNetworkData, WarmPathView } from '@warmpath/contracts';
import { startService, stopService, waitForHealth } from '../support/stack-control.js';
import { ask, created, introUrl, ok, row } from './intros.testing.js';
import { queryDatabase } from './network.testing.js';
import {
  importRows,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

// Intro answers feed path ranking (docs/warmth.md#feedback-from-introductions): a "not close
// enough" lowers the connector's tie for the whole workspace, an introduction raises it, and the
// hop says why, naming a connector only as their sharing level allows.

// Runs alone (docs/developer-guide.md#the-loop): its last test stops and starts the network
// service of the shared stack.
test.describe.configure({ lock: '-exclusive-' });

let world = 0;

/** Bob asks; Alice and Dan both know Ben, Alice for `aliceYears`, Dan for `danYears`; Cleo (counts) knows Ben 10 years. */
async function benWorld(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  aliceYears: number,
  danYears: number,
) {
  const tag = `${Date.now().toString(36)}f${++world}`;
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

type World = Awaited<ReturnType<typeof benWorld>>;

async function pathToBen(w: World): Promise<WarmPathView> {
  return ok<WarmPathView>(await w.bob.request.get(`/api/network/paths?to=${w.ben}&workspaceId=${w.teamId}`));
}

/** The teammate Bob's path to Ben runs through. */
const via = (path: WarmPathView) => path.nodes[1]?.id;

/** The hop into Ben. */
const lastHop = (path: WarmPathView) => path.hops.at(-1);

async function askVia(w: World, connector: Member): Promise<number> {
  const request = await created(
    await ask(w.bob, w.teamId, { targetId: w.ben, connectorUserId: connector.userId }),
  );
  return request.id;
}

async function decline(w: World, connector: Member, introId?: number): Promise<number> {
  const id = introId ?? (await askVia(w, connector));
  await ok(
    await connector.request.post(introUrl(w.teamId, id, 'answer'), {
      data: { decision: 'decline', reason: 'not_close_enough' },
    }),
  );
  return id;
}

const month = (date: Date) =>
  date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a "not close enough" sends the next path through Dan, and the hop says why', async ({
  playwright,
  baseURL,
}) => {
  const w = await benWorld(playwright, baseURL as string, 9, 3);
  const before = await pathToBen(w);
  expect(via(before)).toBe(`u${w.alice.userId}`);
  expect(lastHop(before)?.feedback).toBeUndefined();

  await decline(w, w.alice);
  const sentence = `Alice Connector said they don't know Ben Target well enough for an introduction (${month(new Date())})`;
  await expect.poll(async () => via(await pathToBen(w)), { timeout: 20_000 }).toBe(`u${w.dan.userId}`);
  const after = await pathToBen(w);
  expect(lastHop(after)).toMatchObject({
    fromId: `u${w.dan.userId}`,
    toId: w.ben,
    explanation: `Dan Second knows Ben Target (3 years). ${sentence}`,
    feedback: [
      expect.objectContaining({
        kind: 'not_close_enough',
        connectorUserId: w.alice.userId,
        thisTie: false,
        text: sentence,
      }),
    ],
  });
  expect(after.warmth).toBeLessThan(before.warmth);
  expect(after.version).not.toBe(before.version);

  // Everyone in the workspace ranks by it: Dan's own view of Alice's tie is lowered too.
  const bensNodeForDan = (await pooledNetwork(w.dan, w.teamId)).connections.find(
    (c) => c.firstName === 'Ben' && !c.isTeammate && !c.isUser,
  )?.id;
  const forDan = await ok<WarmPathView>(
    await w.dan.request.get(`/api/network/paths?to=${bensNodeForDan}&workspaceId=${w.teamId}`),
  );
  expect(forDan.hops).toHaveLength(1);
  expect(forDan.hops[0]?.explanation).toContain(sentence);
});

test("a counts connector's decline is never told, nor named, to anyone", async ({ playwright, baseURL }) => {
  const w = await benWorld(playwright, baseURL as string, 9, 3);
  const introId = await decline(w, w.cleo);
  // Recorded by the network service (so the answers below are not from before it arrived).
  await expect
    .poll(
      async () =>
        (
          await queryDatabase<{ n: number }>(
            'SELECT count(*)::int AS n FROM network.intro_feedback WHERE intro_id = $1',
            [introId],
          )
        )[0]?.n,
      { timeout: 20_000 },
    )
    .toBe(1);
  const path = await pathToBen(w);
  expect(via(path)).toBe(`u${w.alice.userId}`);
  expect(lastHop(path)?.feedback).toBeUndefined();
  const text = JSON.stringify(path);
  expect(text).not.toContain('Cleo');
  expect(text).not.toContain(`u${w.cleo.userId}`);
  // Nothing in the hops tells of it (the pooled nodes' knownBy counts her, as every pooled graph does).
  expect(path.hops.map((hop) => hop.explanation)).toEqual([
    'Alice Connector is your teammate',
    'Alice Connector knows Ben Target (9 years)',
  ]);
  expect(path.hops.map((hop) => hop.feedback)).toEqual([undefined, undefined]);

  // Yet her word counts where nobody sees it: asked with nobody named, the service no longer picks
  // her (10 years, the warmest) but Alice.
  const again = await created(await ask(w.bob, w.teamId, { targetId: w.ben }));
  expect(again.connector).toEqual({ revealed: true, userId: w.alice.userId, name: 'Alice Connector' });
});

test('an introduction raises the tie: the path prefers the connector who introduced', async ({
  playwright,
  baseURL,
}) => {
  const w = await benWorld(playwright, baseURL as string, 2, 6);
  const before = await pathToBen(w);
  expect(via(before)).toBe(`u${w.dan.userId}`);

  const request = await created(
    await ask(w.bob, w.teamId, { targetId: w.ben, connectorUserId: w.alice.userId }),
  );
  await ok(
    await w.alice.request.post(introUrl(w.teamId, request.id, 'answer'), { data: { decision: 'accept' } }),
  );
  await ok(await w.alice.request.post(introUrl(w.teamId, request.id, 'introduced')));

  await expect.poll(async () => via(await pathToBen(w)), { timeout: 20_000 }).toBe(`u${w.alice.userId}`);
  const sentence = `Alice Connector introduced someone to Ben Target in ${month(new Date())}`;
  expect(lastHop(await pathToBen(w))).toMatchObject({
    fromId: `u${w.alice.userId}`,
    explanation: sentence,
    feedback: [expect.objectContaining({ kind: 'introduced', thisTie: true, text: sentence })],
  });
});

test('a decline made while the network service is down still moves the path once it is back', async ({
  playwright,
  baseURL,
}) => {
  const w = await benWorld(playwright, baseURL as string, 9, 3);
  expect(via(await pathToBen(w))).toBe(`u${w.alice.userId}`);
  // Asking needs the network service (who knows Ben); answering does not.
  const introId = await askVia(w, w.alice);
  const networkUp = (up: boolean) =>
    waitForHealth((_status, body) => body.missing.includes('network') !== up, 60_000).then(({ body }) =>
      expect(body.missing.includes('network')).toBe(!up),
    );
  await stopService('network');
  try {
    await networkUp(false);
    // The decline's event is published while nobody in the network service listens.
    await decline(w, w.alice, introId);
  } finally {
    await startService('network');
    await networkUp(true);
  }
  await expect.poll(async () => via(await pathToBen(w)), { timeout: 30_000 }).toBe(`u${w.dan.userId}`);
  expect(lastHop(await pathToBen(w))?.explanation).toContain(
    "Alice Connector said they don't know Ben Target well enough",
  );
});
