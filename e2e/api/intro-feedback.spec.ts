import { expect, test } from '@playwright/test';
import { ask, created, introUrl, ok } from './intros.testing.js';
import { queryDatabase } from './network.testing.js';
import { pooledNetwork } from './workspace-network.testing.js';
import { benWorld, decline, lastHop, month, pathToBen, via } from './intro-feedback.testing.js';
import type { WarmPathView } from '@warmpath/contracts';

// Intro answers feed path ranking (docs/warmth.md#feedback-from-introductions): a "not close
// enough" lowers the connector's tie for the whole workspace, an introduction raises it, and the
// hop says why, naming a connector only as their sharing level allows.
// A decline made while the network service is down: intro-feedback-outage.spec.ts, which runs alone.

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
