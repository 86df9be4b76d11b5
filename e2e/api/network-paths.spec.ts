import { expect, test, type APIRequestContext } from '@playwright/test';
import type { NetworkStatsView, WarmPathView } from '@warmpath/contracts';
import { seedNetwork, signedInUser, yearsAgo, type SeedPerson } from './network.testing.js';

// A hand-built network: you have known Ana for 10 years; Carla, her teammate at Acme, you met this
// year. Through Ana (0.9 × 0.8 = 0.72) is warmer than asking Carla directly (0.5). The company
// links are derived by the rules: Ana and Carla, both engineers, 150 (company-role); Ben, a
// recruiter, and Dan, in sales, 50 (company-general).
const PEOPLE: SeedPerson[] = [
  {
    firstName: 'Ana',
    lastName: 'Silva',
    company: 'Acme',
    position: 'Software Engineer',
    connectedOn: yearsAgo(10),
  },
  {
    firstName: 'Carla',
    lastName: 'Ruiz',
    company: 'Acme',
    position: 'Senior Software Engineer',
    connectedOn: yearsAgo(0),
  },
  { firstName: 'Ben', lastName: 'Ode', company: 'Globex', position: 'Recruiter', connectedOn: yearsAgo(2) },
  { firstName: 'Dan', lastName: 'Lee', company: 'Globex', position: 'Account Executive' },
];
async function handBuiltNetwork(request: APIRequestContext) {
  const { userId } = await signedInUser(request);
  const { ids, relationships } = await seedNetwork(userId, PEOPLE);
  expect(relationships).toBe(2);
  const [ana, carla, ben, dan] = ids as [string, string, string, string];
  return { userId, ana, carla, ben, dan };
}

const findPath = async (request: APIRequestContext, query: string) => {
  const response = await request.get(`/api/network/paths?${query}`);
  return { status: response.status(), body: await response.json() };
};

test.describe('GET /api/network/paths', () => {
  test('finds the warmest path through an old contact and explains every hop', async ({ request }) => {
    const { userId, ana, carla } = await handBuiltNetwork(request);
    const { status, body } = await findPath(request, `to=${carla}`);
    expect(status).toBe(200);
    const path = body as WarmPathView;
    expect(path).toMatchObject({ found: true, fromId: `u${userId}`, toId: carla });
    expect(path.nodes.map((n) => n.id)).toEqual([`u${userId}`, ana, carla]);
    expect(path.nodes[0]).toMatchObject({ isUser: true, connectionDegree: 0 });
    expect(path.hops.map((h) => h.explanation)).toEqual([
      'You know Ana Silva (10 years)',
      'Ana Silva and Carla Ruiz both work at Acme, same function',
    ]);
    expect(path.hops.map((h) => h.warmth)).toEqual([expect.closeTo(0.9, 5), expect.closeTo(0.8, 5)]);
    expect(path.warmth).toBeCloseTo(0.72, 5);
    expect(path.hops[0]).toMatchObject({
      kind: 'knows',
      fromId: `u${userId}`,
      toId: ana,
      linkId: `u${userId}-${ana}`,
      yearsConnected: 10,
      workedTogether: false,
    });
    expect(path.hops[1]).toMatchObject({
      kind: 'company',
      fromId: ana,
      toId: carla,
      sharedCompany: 'Acme',
      sameFunction: true,
    });
    // The company link is named after its two people, the more senior (Carla) first.
    expect(path.links.map((l) => [l.id, l.type, l.strength])).toEqual([
      [`u${userId}-${ana}`, 'connection', expect.any(Number)],
      [`${carla}-${ana}`, 'company-role', 150],
    ]);
    expect(path.hops[1]?.linkId).toBe(`${carla}-${ana}`);
    // The links are the ones GET /api/network lists, so the client can highlight them.
    const network = await (await request.get('/api/network')).json();
    const listed = new Set(network.relationships.map((r: { id: string }) => r.id));
    for (const link of path.links) expect(listed.has(link.id)).toBe(true);
  });

  test('goes straight to a contact when no introduction is warmer', async ({ request }) => {
    const { userId, ben, dan } = await handBuiltNetwork(request);
    // Ben and Dan share Globex, but only by a general link (50): through Ben is colder than direct.
    const network = await (await request.get('/api/network')).json();
    expect(network.relationships).toContainEqual(
      expect.objectContaining({ sourceId: ben, targetId: dan, type: 'company-general', strength: 50 }),
    );
    const { body } = await findPath(request, `to=${dan}`);
    expect(body.nodes.map((n: { id: string }) => n.id)).toEqual([`u${userId}`, dan]);
    expect(body.hops.map((h: { explanation: string }) => h.explanation)).toEqual(['You know Dan Lee']);
    expect(body.warmth).toBeCloseTo(0.5, 5);
  });

  test('follows the network version: a new, warmer colleague changes the path', async ({ request }) => {
    const { userId, carla } = await handBuiltNetwork(request);
    const before = (await findPath(request, `to=${carla}`)).body as WarmPathView;
    // Eve joins Acme as an engineer: the rules link her to Carla (and Ana) at 150.
    const { ids } = await seedNetwork(userId, [
      {
        firstName: 'Eve',
        lastName: 'Moss',
        company: 'Acme',
        position: 'Staff Engineer',
        connectedOn: yearsAgo(12),
        hasWorkedWith: true,
      },
    ]);
    const after = (await findPath(request, `to=${carla}`)).body as WarmPathView;
    expect(after.version).not.toBe(before.version);
    expect(after.nodes.map((n) => n.id)).toEqual([`u${userId}`, ids[0], carla]);
    expect(after.hops[0]?.explanation).toBe('You and Eve Moss both worked at Acme');
    expect(after.warmth).toBeCloseTo(0.8, 5);
  });

  test('a path to yourself is just you', async ({ request }) => {
    const { userId } = await handBuiltNetwork(request);
    const { body } = await findPath(request, `to=u${userId}`);
    expect(body).toMatchObject({ found: true, warmth: 1, hops: [], links: [] });
    expect(body.nodes.map((n: { id: string }) => n.id)).toEqual([`u${userId}`]);
  });

  test("is 404 for a connection that is not in your network, someone else's included", async ({
    playwright,
    request,
  }) => {
    const { carla } = await handBuiltNetwork(request);
    expect(await findPath(request, 'to=999999999999')).toMatchObject({
      status: 404,
      body: { message: 'Connection not found' },
    });
    const other = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    try {
      await signedInUser(other);
      expect(await findPath(other, `to=${carla}`)).toMatchObject({
        status: 404,
        body: { message: 'Connection not found' },
      });
    } finally {
      await other.dispose();
    }
  });

  test('is 404 for a workspace the caller is not a member of (as for one that does not exist)', async ({
    request,
  }) => {
    const { carla } = await handBuiltNetwork(request);
    expect(await findPath(request, `to=${carla}&workspaceId=5`)).toMatchObject({
      status: 404,
      body: { message: 'Workspace not found' },
    });
  });

  for (const [query, message] of [
    ['', 'to is required'],
    ['to=abc', 'to must be a connection id'],
    ['to=1&workspaceId=abc', 'workspaceId must be a number'],
  ] as const) {
    test(`refuses ${JSON.stringify(query)} with 400 "${message}"`, async ({ request }) => {
      await signedInUser(request);
      expect(await findPath(request, query)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message },
      });
    });
  }

  test('is refused with 401 when nobody is signed in', async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    expect((await anonymous.get('/api/network/paths?to=1')).status()).toBe(401);
    expect((await anonymous.get('/api/network/stats')).status()).toBe(401);
    await anonymous.dispose();
  });
});

test.describe('GET /api/network/stats', () => {
  test('counts degrees, companies, categories, seniority bands and connections per year', async ({
    request,
  }) => {
    await handBuiltNetwork(request);
    const response = await request.get('/api/network/stats');
    expect(response.status()).toBe(200);
    const stats = (await response.json()) as NetworkStatsView;
    const thisYear = new Date().getUTCFullYear();
    expect(stats).toMatchObject({
      total: 4,
      byDegree: { first: 4, second: 0, third: 0 },
      topCompanies: [
        { name: 'Acme', count: 2 },
        { name: 'Globex', count: 2 },
      ],
      bySeniority: { junior: 3, mid: 1, managerDirector: 0, executive: 0 },
    });
    expect(stats.byCategory).toMatchObject({ engineering: 2, hr: 1, sales: 1, executive: 0 });
    expect(stats.perYear.reduce((sum, y) => sum + y.count, 0)).toBe(3);
    expect(stats.perYear.map((y) => y.year)).toEqual(
      [...new Set([yearsAgo(10), yearsAgo(2), yearsAgo(0)].map((d) => Number(d.slice(0, 4))))].sort(),
    );
    expect(stats.perYear.at(-1)?.year).toBeLessThanOrEqual(thisYear);
  });

  test('an empty network counts zero everywhere', async ({ request }) => {
    await signedInUser(request);
    const stats = (await (await request.get('/api/network/stats')).json()) as NetworkStatsView;
    expect(stats).toMatchObject({
      total: 0,
      byDegree: { first: 0, second: 0, third: 0 },
      topCompanies: [],
      perYear: [],
      version: '0',
    });
  });
});
