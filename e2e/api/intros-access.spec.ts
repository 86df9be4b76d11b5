import { expect, test, type APIRequestContext } from '@playwright/test';
import type { IntroRequestView } from '@warmpath/contracts';
import { anonymous } from './teams.testing.js';
import { bearer, createToken } from './tokens.testing.js';
import { ask, created, introUrl, introWorld, REASON, type IntroWorld } from './intros.testing.js';
import { errorOf } from './workspace-network.testing.js';

// Every intro route for signed out, non-member, member (neither side), requester, connector, and
// an access token with and without the intros scopes (docs/intros.md, "Routes").

let w: IntroWorld;
let intro: IntroRequestView;

test.beforeAll(async ({ playwright, baseURL }) => {
  w = await introWorld(playwright, baseURL as string);
  intro = await created(await ask(w.bob, w.teamId, { targetId: w.ben }));
});

type Route = {
  method: 'get' | 'post';
  path: () => string;
  data?: Record<string, unknown>;
  perRequest: boolean;
  scope: 'intros:read' | 'intros:write';
};

const ROUTES: Route[] = [
  {
    method: 'post',
    path: () => `/api/teams/${w.teamId}/intros`,
    data: { targetId: '1', reason: REASON },
    perRequest: false,
    scope: 'intros:write',
  },
  { method: 'get', path: () => `/api/teams/${w.teamId}/intros`, perRequest: false, scope: 'intros:read' },
  {
    method: 'get',
    path: () => `/api/teams/${w.teamId}/intro-stats`,
    perRequest: false,
    scope: 'intros:read',
  },
  { method: 'get', path: () => introUrl(w.teamId, intro.id), perRequest: true, scope: 'intros:read' },
  {
    method: 'post',
    path: () => introUrl(w.teamId, intro.id, 'read'),
    perRequest: true,
    scope: 'intros:read',
  },
  {
    method: 'post',
    path: () => introUrl(w.teamId, intro.id, 'answer'),
    data: { decision: 'ask_target' },
    perRequest: true,
    scope: 'intros:write',
  },
  {
    method: 'post',
    path: () => introUrl(w.teamId, intro.id, 'target-answer'),
    data: { agreed: true },
    perRequest: true,
    scope: 'intros:write',
  },
  {
    method: 'post',
    path: () => introUrl(w.teamId, intro.id, 'introduced'),
    perRequest: true,
    scope: 'intros:write',
  },
  {
    method: 'post',
    path: () => introUrl(w.teamId, intro.id, 'outcome'),
    data: { outcome: 'meeting_held' },
    perRequest: true,
    scope: 'intros:write',
  },
  {
    method: 'post',
    path: () => introUrl(w.teamId, intro.id, 'withdraw'),
    perRequest: true,
    scope: 'intros:write',
  },
];

const call = (request: APIRequestContext, route: Route, headers: Record<string, string> = {}) =>
  request[route.method](route.path(), { data: route.data, headers });

const name = (route: Route) => `${route.method.toUpperCase()} ${route.path().replace(/\d+/g, '{id}')}`;

test('signed out: 401 on every route', async ({ playwright }) => {
  const visitor = await anonymous(playwright);
  for (const route of [
    ...ROUTES,
    { method: 'get', path: () => '/api/intros', perRequest: false, scope: 'intros:read' } as Route,
  ]) {
    expect((await call(visitor, route)).status(), name(route)).toBe(401);
  }
});

test("a non-member gets the workspace's 404 on every workspace route, even for a request id", async () => {
  for (const route of ROUTES) {
    expect(await errorOf(await call(w.olga.request, route)), name(route)).toEqual({
      status: 404,
      body: expect.objectContaining({ code: 'NOT_FOUND', message: 'Workspace not found' }),
    });
  }
});

test("a member who is neither side gets the request's 404 (not 403: its existence is private)", async () => {
  for (const route of ROUTES.filter((r) => r.perRequest)) {
    expect(await errorOf(await call(w.carol.request, route)), name(route)).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Introduction request not found' }),
    });
  }
  expect((await call(w.carol.request, ROUTES[1] as Route)).status()).toBe(200);
  expect((await call(w.carol.request, ROUTES[2] as Route)).status()).toBe(200);
});

test('malformed ids are 400 before any lookup', async () => {
  expect((await w.bob.request.get(`/api/teams/x/intros`)).status()).toBe(400);
  expect(await errorOf(await w.bob.request.get(`/api/teams/${w.teamId}/intros/abc`))).toEqual({
    status: 400,
    body: expect.objectContaining({ message: 'Invalid request id' }),
  });
  expect((await w.bob.request.get('/api/intros?role=boss')).status()).toBe(400);
});

test("each side may do only its own moves: the other side's are 403", async () => {
  const connectorMoves = ['answer', 'target-answer', 'introduced'];
  for (const route of ROUTES.filter(
    (r) => r.perRequest && connectorMoves.some((m) => r.path().endsWith(m)),
  )) {
    expect((await call(w.bob.request, route)).status(), `requester ${name(route)}`).toBe(403);
  }
  for (const route of ROUTES.filter((r) => r.path().endsWith('outcome') || r.path().endsWith('withdraw'))) {
    expect((await call(w.alice.request, route)).status(), `connector ${name(route)}`).toBe(403);
  }
  for (const who of [w.bob, w.alice]) {
    expect((await call(who.request, ROUTES[3] as Route)).status()).toBe(200);
    expect((await call(who.request, ROUTES[4] as Route)).status()).toBe(200);
  }
});

test('tokens: refused without the intros scope, allowed with it (a script can ask and list)', async ({
  playwright,
}) => {
  // A script: no session cookie, only the token.
  const script = await anonymous(playwright);
  const without = await createToken(w.bob.request, ['network:read', 'workspaces:read']);
  for (const route of [
    ...ROUTES,
    { method: 'get', path: () => '/api/intros', perRequest: false, scope: 'intros:read' } as Route,
  ]) {
    expect((await call(script, route, bearer(without))).status(), name(route)).toBe(403);
  }
  const reader = await createToken(w.bob.request, ['intros:read']);
  expect((await script.get(introUrl(w.teamId, intro.id), { headers: bearer(reader) })).status()).toBe(200);
  expect((await script.get('/api/intros/summary', { headers: bearer(reader) })).status()).toBe(200);
  expect(
    (await script.post(introUrl(w.teamId, intro.id, 'withdraw'), { headers: bearer(reader) })).status(),
  ).toBe(403);

  const writer = await createToken(w.bob.request, ['intros:read', 'intros:write']);
  const asked = await script.post(`/api/teams/${w.teamId}/intros`, {
    data: { targetId: w.vera, connectorUserId: w.alice.userId, reason: REASON },
    headers: bearer(writer),
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const aliceToken = await createToken(w.alice.request, ['intros:write']);
  const answered = await script.post(
    introUrl(w.teamId, ((await asked.json()) as IntroRequestView).id, 'answer'),
    {
      data: { decision: 'decline', reason: 'not_now' },
      headers: bearer(aliceToken),
    },
  );
  expect(answered.status(), await answered.text()).toBe(200);
  expect(
    (await script.post(introUrl(w.teamId, intro.id, 'withdraw'), { headers: bearer(writer) })).status(),
  ).toBe(200);
});
