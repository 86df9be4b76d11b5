import { expect, test } from '@playwright/test';
import type { IntroList, IntroRequestView, IntroStats, IntroSummary } from '@warmpath/contracts';
import {
  ask,
  created,
  introLinkIn,
  introUrl,
  introWorld,
  mailsAbout,
  ok,
  REASON,
  sweepAt,
  type IntroWorld,
} from './intros.testing.js';
import { mailsTo, queryDatabase } from './teams.testing.js';
import { errorOf } from './workspace-network.testing.js';

// Introduction requests through the whole stack (docs/intros.md): the flow to a meeting, the
// rules' error answers, the counts-only connector's anonymity, the clock, and leaving.

let w: IntroWorld;

test.beforeAll(async ({ playwright, baseURL }) => {
  w = await introWorld(playwright, baseURL as string);
});

test('Bob asks Alice for Ben, Alice is mailed, accepts and introduces, Bob records a meeting', async () => {
  const request = await created(
    await ask(w.bob, w.teamId, {
      targetId: w.ben,
      connectorUserId: w.alice.userId,
      draft: 'Hi Ben, meet Bob.',
    }),
  );
  expect(request).toMatchObject({
    state: 'requested',
    viewerRole: 'requester',
    requester: { userId: w.bob.userId, name: 'Bob Asker' },
    connector: { revealed: true, userId: w.alice.userId, name: 'Alice Connector' },
    target: { id: w.ben, name: 'Ben Target', company: 'Globex' },
    reason: REASON,
    draft: 'Hi Ben, meet Bob.',
    awaitingMe: false,
  });

  const [mail] = await mailsAbout(w.alice.email, 'asks you for an introduction to Ben Target');
  expect(mail?.subject).toBe('Bob Asker asks you for an introduction to Ben Target');
  expect(mail?.text).toContain(REASON);
  const link = introLinkIn(mail!);
  expect(link).toBe(`${process.env.WARMPATH_URL}/workspaces/${w.teamId}/intros/${request.id}`);

  expect(await ok<IntroSummary>(await w.alice.request.get('/api/intros/summary'))).toEqual({
    awaitingMe: 1,
    unread: 1,
  });
  const seen = await ok(await w.alice.request.get(introUrl(w.teamId, request.id)));
  expect(seen).toMatchObject({ viewerRole: 'connector', awaitingMe: true, unread: true });
  expect(seen.timeline).toEqual([
    expect.objectContaining({ state: 'requested', by: 'requester', byName: 'Bob Asker', mail: null }),
  ]);
  await ok(await w.alice.request.post(introUrl(w.teamId, request.id, 'read')));
  expect(await ok<IntroSummary>(await w.alice.request.get('/api/intros/summary'))).toEqual({
    awaitingMe: 1,
    unread: 0,
  });

  const accepted = await ok(
    await w.alice.request.post(introUrl(w.teamId, request.id, 'answer'), { data: { decision: 'accept' } }),
  );
  expect(accepted).toMatchObject({ state: 'accepted', awaitingMe: true });
  await mailsAbout(w.bob.email, 'Alice Connector accepted your introduction request for Ben Target');
  const introduced = await ok(await w.alice.request.post(introUrl(w.teamId, request.id, 'introduced')));
  expect(introduced.state).toBe('introduced');
  await mailsAbout(w.bob.email, 'You were introduced to Ben Target');

  const bobs = await ok(await w.bob.request.get(introUrl(w.teamId, request.id)));
  expect(bobs).toMatchObject({ state: 'introduced', awaitingMe: true, unread: true });
  const done = await ok(
    await w.bob.request.post(introUrl(w.teamId, request.id, 'outcome'), {
      data: { outcome: 'meeting_held' },
    }),
  );
  expect(done.timeline.map((entry) => [entry.state, entry.by, entry.byName])).toEqual([
    ['requested', 'requester', 'Bob Asker'],
    ['accepted', 'connector', 'Alice Connector'],
    ['introduced', 'connector', 'Alice Connector'],
    ['meeting_held', 'requester', 'Bob Asker'],
  ]);
  // The requester's own changes show the mail they sent; delivered to the connector.
  await expect
    .poll(
      async () =>
        (await ok(await w.bob.request.get(introUrl(w.teamId, request.id)))).timeline[0]?.mail?.status,
    )
    .toBe('sent');
  await mailsAbout(w.alice.email, 'Your introduction to Ben Target led to a meeting');

  const stats = await ok<IntroStats>(await w.carol.request.get(`/api/teams/${w.teamId}/intro-stats`));
  expect(stats).toMatchObject({ requestsThisMonth: 1, acceptanceRate: 1, meetings: 1 });
  expect(stats.members.find((m) => m.userId === w.alice.userId)).toMatchObject({ answered: 1, made: 1 });
  expect(stats.members.find((m) => m.userId === w.bob.userId)).toMatchObject({ asked: 1 });

  // Carol is a member but neither side: the request does not exist for her.
  expect(await errorOf(await w.carol.request.get(introUrl(w.teamId, request.id)))).toEqual({
    status: 404,
    body: expect.objectContaining({ message: 'Introduction request not found' }),
  });
  expect(await ok<IntroList>(await w.carol.request.get(`/api/teams/${w.teamId}/intros`))).toEqual({
    awaitingMe: 0,
    unread: 0,
    requests: [],
  });
});

test('the rules answer clearly and store nothing', async () => {
  const cases: [Record<string, unknown>, number, string][] = [
    [
      { targetId: w.own, connectorUserId: w.alice.userId },
      400,
      'You already know this person: reach out to them directly',
    ],
    [{ targetId: w.ben, connectorUserId: w.bob.userId }, 400, 'You cannot ask yourself for an introduction'],
    [{ targetId: w.ben, connectorUserId: w.carol.userId }, 400, 'This teammate does not know this person'],
    [
      { targetId: w.ben, connectorUserId: w.olga.userId },
      404,
      'The teammate you asked is not a member of this workspace',
    ],
    [{ targetId: '999999999' }, 404, 'Person not found in this workspace'],
    [{ targetId: w.ben, reason: 'too short' }, 400, 'Reason must be at least 10 characters'],
    [{ targetId: w.ben, reason: 'x'.repeat(1001) }, 400, 'Reason must be at most 1000 characters'],
    [{ targetId: w.ben, draft: 'x'.repeat(5001) }, 400, 'Draft must be at most 5000 characters'],
    [{ targetId: 'u1' }, 400, 'targetId must be a connection id of the workspace network'],
  ];
  const before = await queryDatabase<{ n: number }>(
    `SELECT count(*)::int AS n FROM teams.intro_requests WHERE team_id = $1`,
    [w.teamId],
  );
  for (const [body, status, message] of cases) {
    const response = await ask(w.bob, w.teamId, body);
    const { status: got, body: error } = await errorOf(response);
    expect([got, JSON.stringify(error)]).toEqual([status, expect.stringContaining(message)]);
  }
  const after = await queryDatabase<{ n: number }>(
    `SELECT count(*)::int AS n FROM teams.intro_requests WHERE team_id = $1`,
    [w.teamId],
  );
  expect(after).toEqual(before);
});

test('one open request per person (409 naming it), and 20 a day (429 saying when it resets)', async () => {
  const first = await created(await ask(w.bob, w.teamId, { targetId: w.ben }));
  const second = await errorOf(await ask(w.bob, w.teamId, { targetId: w.ben }));
  expect(second).toEqual({
    status: 409,
    body: expect.objectContaining({
      code: 'CONFLICT',
      message: `You already have an open introduction request for Ben Target (request ${first.id}, requested)`,
      existingId: first.id,
    }),
  });
  // Withdrawn, the person may be asked about again.
  expect((await ok(await w.bob.request.post(introUrl(w.teamId, first.id, 'withdraw')))).state).toBe(
    'withdrawn',
  );
  await mailsAbout(w.alice.email, 'Bob Asker withdrew their introduction request');
  expect((await errorOf(await w.bob.request.post(introUrl(w.teamId, first.id, 'withdraw')))).status).toBe(
    409,
  );

  const made = await queryDatabase<{ n: number }>(
    `SELECT count(*)::int AS n FROM teams.intro_requests WHERE requester_id = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    [w.bob.userId],
  );
  const padding = 20 - (made[0]?.n ?? 0);
  await queryDatabase(
    `INSERT INTO teams.intro_requests (team_id, requester_id, connector_id, connector_sharing, target_key, target_node_id,
       target_name, connector_connection_id, connector_target_name, reason, state, created_at, updated_at)
     SELECT $1, $2, $3, 'names', 'padding:' || g, '1', 'Padding', '1', 'Padding', 'padding request', 'withdrawn', now(), now()
     FROM generate_series(1, $4) g`,
    [w.teamId, w.bob.userId, w.alice.userId, padding],
  );
  const limited = await ask(w.bob, w.teamId, { targetId: w.ben });
  expect(limited.status()).toBe(429);
  const body = (await limited.json()) as { message: string };
  expect(body.message).toMatch(
    /^You can make at most 20 introduction requests a day\. The limit resets at \d{4}-\d\d-\d\dT00:00:00\.000Z\.$/,
  );
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  await queryDatabase(
    `DELETE FROM teams.intro_requests WHERE requester_id = $1 AND target_key LIKE 'padding:%'`,
    [w.bob.userId],
  );
});

test('answers: the wrong side is refused, a decline carries its reason, a late move is a conflict', async () => {
  const request = await created(await ask(w.bob, w.teamId, { targetId: w.ben }));
  const wrongSide = await errorOf(
    await w.bob.request.post(introUrl(w.teamId, request.id, 'answer'), { data: { decision: 'accept' } }),
  );
  expect(wrongSide).toEqual({
    status: 403,
    body: expect.objectContaining({ message: 'Only the teammate asked can do this' }),
  });
  const bad = await errorOf(
    await w.alice.request.post(introUrl(w.teamId, request.id, 'answer'), {
      data: { decision: 'decline', reason: 'busy' },
    }),
  );
  expect(bad.status).toBe(400);
  const declined = await ok(
    await w.alice.request.post(introUrl(w.teamId, request.id, 'answer'), {
      data: { decision: 'decline', reason: 'not_close_enough' },
    }),
  );
  expect(declined).toMatchObject({ state: 'declined', declineReason: 'not_close_enough' });
  expect(declined.timeline.at(-1)).toMatchObject({
    state: 'declined',
    note: "Doesn't know them well enough",
  });
  const [mail] = await mailsAbout(w.bob.email, 'Your introduction request for Ben Target was declined');
  expect(mail?.text).toContain("Doesn't know them well enough");
  const late = await errorOf(await w.alice.request.post(introUrl(w.teamId, request.id, 'introduced')));
  expect(late).toEqual({
    status: 409,
    body: expect.objectContaining({ message: 'This request is declined' }),
  });
});

test('double opt-in: the connector asks the target first, then records their yes', async () => {
  const request = await created(await ask(w.bob, w.teamId, { targetId: w.ben }));
  const asking = await ok(
    await w.alice.request.post(introUrl(w.teamId, request.id, 'answer'), {
      data: { decision: 'ask_target' },
    }),
  );
  expect(asking.state).toBe('asking_target');
  await mailsAbout(w.bob.email, 'Alice Connector is asking Ben Target first');
  const agreed = await ok(
    await w.alice.request.post(introUrl(w.teamId, request.id, 'target-answer'), { data: { agreed: true } }),
  );
  expect(agreed.state).toBe('accepted');
  await ok(await w.bob.request.post(introUrl(w.teamId, request.id, 'withdraw')));
});

test('a counts-only connector is asked without being named until they accept and reveal', async () => {
  const response = await ask(w.bob, w.teamId, { targetId: w.vera });
  const request = await created(response);
  const hidden = { revealed: false, label: 'A teammate who knows Vera Secret' };
  expect(request.connector).toEqual(hidden);

  // Everything Bob can reach before the accept, field by field: nothing of Dan.
  const reachable: unknown[] = [
    request,
    await ok(await w.bob.request.get(introUrl(w.teamId, request.id))),
    await ok(await w.bob.request.get(`/api/teams/${w.teamId}/intros`)),
    await ok(await w.bob.request.get('/api/intros')),
    await ok(await w.bob.request.get('/api/intros?role=requester&status=open')),
    await ok(await w.bob.request.get('/api/intros/summary')),
  ];
  const dan = [w.dan.email, 'Dan', 'Quiet'];
  for (const answer of reachable) assertNoTrace(answer, dan, w.dan.userId);
  // The stats list every member (as the members list does) but not Dan's answer.
  const stats = await ok<IntroStats>(await w.bob.request.get(`/api/teams/${w.teamId}/intro-stats`));
  expect(stats.members.find((m) => m.userId === w.dan.userId)).toMatchObject({ answered: 0, made: 0 });

  // Dan is mailed with Vera as his own record knows her; asking the target first reaches Bob unnamed.
  const [toDan] = await mailsAbout(w.dan.email, 'Bob Asker asks you for an introduction to Vera Secret');
  expect(toDan?.text).toContain('Head of Sales, Hooli');
  await ok(
    await w.dan.request.post(introUrl(w.teamId, request.id, 'answer'), { data: { decision: 'ask_target' } }),
  );
  const [toBob] = await mailsAbout(
    w.bob.email,
    'A teammate who knows Vera Secret is asking Vera Secret first',
  );
  for (const part of [toBob?.subject, toBob?.text, toBob?.html])
    for (const word of dan.slice(1)) expect(part).not.toContain(word);
  const afterAsk = await ok(await w.bob.request.get(introUrl(w.teamId, request.id)));
  assertNoTrace(afterAsk, dan, w.dan.userId);
  expect(afterAsk.timeline.at(-1)).toMatchObject({ state: 'asking_target', by: 'connector', byName: null });

  const revealed = await ok(
    await w.dan.request.post(introUrl(w.teamId, request.id, 'target-answer'), {
      data: { agreed: true, revealName: true },
    }),
  );
  expect(revealed.connector).toEqual({ revealed: true, userId: w.dan.userId, name: 'Dan Quiet' });
  const bobSees = await ok(await w.bob.request.get(introUrl(w.teamId, request.id)));
  expect(bobSees.connector).toEqual({ revealed: true, userId: w.dan.userId, name: 'Dan Quiet' });
  await ok(await w.bob.request.post(introUrl(w.teamId, request.id, 'withdraw')));
});

/** No value anywhere in `answer` names the hidden connector: id, e-mail or name. */
function assertNoTrace(answer: unknown, words: string[], userId: number): void {
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${path}[${i}]`));
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) visit(inner, `${path}.${key}`);
      return;
    }
    // Ids of other things (the request, the workspace) may equal a user id by chance.
    if (typeof value === 'number' && /userId$/i.test(path)) expect(value, path).not.toBe(userId);
    if (typeof value === 'string') {
      // So may the target's node id (a connection id; a user's node id is `u<id>`).
      if (!path.endsWith('.target.id')) expect(value, path).not.toBe(String(userId));
      for (const word of words) expect(value, path).not.toContain(word);
    }
  };
  visit(answer, '$');
}

test('an unanswered request is reminded on day 7 and expires on day 14, on a clock the test sets', async () => {
  const request = await created(await ask(w.bob, w.teamId, { targetId: w.ben }));
  const createdAt = new Date(request.createdAt);
  const day = 24 * 3600 * 1000;
  expect(await sweepAt(new Date(createdAt.getTime() + 6 * day), w.teamId)).toEqual({
    expired: [],
    reminded: [],
  });
  expect(await sweepAt(new Date(createdAt.getTime() + 7 * day), w.teamId)).toEqual({
    expired: [],
    reminded: [request.id],
  });
  const [reminder] = await mailsAbout(
    w.alice.email,
    'Reminder: Bob Asker asked you for an introduction to Ben Target',
  );
  expect(introLinkIn(reminder!)).toContain(`/intros/${request.id}`);
  // Once only.
  expect(await sweepAt(new Date(createdAt.getTime() + 8 * day), w.teamId)).toEqual({
    expired: [],
    reminded: [],
  });
  expect(await sweepAt(new Date(createdAt.getTime() + 14 * day), w.teamId)).toEqual({
    expired: [request.id],
    reminded: [],
  });
  const expired = await ok(await w.bob.request.get(introUrl(w.teamId, request.id)));
  expect(expired.state).toBe('expired');
  expect(expired.timeline.at(-1)).toMatchObject({ state: 'expired', by: 'system', byName: null });
  await mailsAbout(w.bob.email, 'Your introduction request for Ben Target expired');
  expect(
    (await mailsTo(w.alice.email)).filter((m) => m.subject.startsWith('Reminder: Bob Asker')).length,
  ).toBe(1);
});

test('leaving a workspace withdraws your requests and declines those addressed to you', async ({
  playwright,
  baseURL,
}) => {
  const own = await introWorld(playwright, baseURL as string);
  const fromCarol = await created(await ask(own.carol, own.teamId, { targetId: own.ben }));
  const toAlice = await created(await ask(own.bob, own.teamId, { targetId: own.ben }));
  expect((await own.carol.request.post(`/api/teams/${own.teamId}/leave`)).status()).toBe(200);
  const withdrawn = await ok<IntroRequestView>(
    await own.alice.request.get(introUrl(own.teamId, fromCarol.id)),
  );
  expect(withdrawn.state).toBe('withdrawn');
  expect(withdrawn.timeline.at(-1)).toMatchObject({ state: 'withdrawn', by: 'system' });
  await mailsAbout(own.alice.email, 'Carol Member withdrew their introduction request');

  expect((await own.alice.request.post(`/api/teams/${own.teamId}/leave`)).status()).toBe(200);
  const declined = await ok<IntroRequestView>(await own.bob.request.get(introUrl(own.teamId, toAlice.id)));
  expect(declined).toMatchObject({ state: 'declined', declineReason: 'member_left' });
  await mailsAbout(own.bob.email, 'Your introduction request for Ben Target was declined');
  // A member who left gets the workspace's 404 for its requests.
  expect(await errorOf(await own.alice.request.get(introUrl(own.teamId, toAlice.id)))).toEqual({
    status: 404,
    body: expect.objectContaining({ message: 'Workspace not found' }),
  });
  // Nobody left who knows Ben: asking again is refused, nothing stored.
  expect(await errorOf(await ask(own.bob, own.teamId, { targetId: own.ben }))).toEqual({
    status: 404,
    body: expect.objectContaining({ message: 'Person not found in this workspace' }),
  });
});
