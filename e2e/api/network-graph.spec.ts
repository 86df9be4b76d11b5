import { expect, test } from '@playwright/test';
import type { Connection, NetworkData, Relationship } from '@warmpath/contracts';
import { Redis } from 'ioredis';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { stackEnv } from '../support/stack-control.js';
import {
  importCsv,
  linkedInCsv,
  seedNetwork,
  signedInUser,
  yearsAgo,
  type SeedPerson,
} from './network.testing.js';
import { cookieHeader, rawGet } from './network-http.js';

const ANA: SeedPerson = {
  firstName: 'Ana',
  lastName: 'Silva',
  company: 'Acme',
  position: 'Senior Software Engineer',
  email: 'ana@acme.example',
  linkedinUrl: 'https://www.linkedin.com/in/ana-silva',
  connectedOn: yearsAgo(6),
  industry: 'Technology',
  location: 'London',
  hasWorkedWith: true,
};
const BEN: SeedPerson = {
  firstName: 'Ben',
  lastName: 'Ode',
  company: 'ACME, Inc.',
  position: 'Engineering Manager',
};
const CLEO: SeedPerson = { firstName: 'Cleo', lastName: 'Park' };

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2019-11-24" as LinkedIn writes it: "24 Nov 2019". */
const linkedInDate = (iso: string) =>
  `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

async function redisExists(key: string): Promise<boolean> {
  const env = stackEnv();
  const redis = new Redis(env.REDIS_URL as string);
  try {
    return (await redis.exists(`${env.REDIS_PREFIX}${key}`)) === 1;
  } finally {
    redis.disconnect();
  }
}

async function getNetwork(request: Parameters<typeof signedInUser>[0]): Promise<NetworkData> {
  const response = await request.get('/api/network');
  expect(response.status()).toBe(200);
  return (await response.json()) as NetworkData;
}

test.describe('GET /api/network', () => {
  test('answers the own node, every field of every connection and the company links the rules derive', async ({
    request,
  }) => {
    const { user, userId } = await signedInUser(request, { firstName: 'Maya', lastName: 'Chen' });
    const { ids } = await seedNetwork(userId, [ANA, BEN, CLEO]);
    const [anaId, benId, cleoId] = ids as [string, string, string];
    const network = await getNetwork(request);

    expect(network.connections).toHaveLength(4);
    const own = network.connections[0] as Connection;
    expect(own).toMatchObject({
      id: `u${userId}`,
      userId,
      firstName: 'Maya',
      lastName: 'Chen',
      email: user.email,
      isUser: true,
      isTeammate: false,
      connectionDegree: 0,
      type: 'connection',
      company: null,
      knownBy: [],
      positionInfo: { category: 'other', seniority: 3 },
    });
    const ana = network.connections.find((c) => c.id === anaId);
    expect(ana).toEqual({
      id: anaId,
      userId,
      firstName: 'Ana',
      lastName: 'Silva',
      company: 'Acme',
      position: 'Senior Software Engineer',
      email: 'ana@acme.example',
      linkedinUrl: 'https://www.linkedin.com/in/ana-silva',
      avatarUrl: null,
      notes: null,
      industry: 'Technology',
      location: 'London',
      connectionDegree: 1,
      yearsConnected: 6,
      connectedOn: ANA.connectedOn,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      isUser: false,
      isTeammate: false,
      hasWorkedWith: true,
      type: 'connection',
      positionInfo: { category: 'engineering', seniority: 5 },
      knownBy: [userId],
    });
    const cleo = network.connections.find((c) => c.id === cleoId);
    expect(cleo).toMatchObject({
      company: null,
      position: null,
      yearsConnected: null,
      connectedOn: null,
      positionInfo: { category: 'other', seniority: 3 },
    });
    expect(network.connections.filter((c) => !c.isUser).every((c) => c.connectionDegree === 1)).toBe(true);

    const links = new Map(network.relationships.map((r) => [r.id, r]));
    // The own node is linked to each 1st-degree connection explicitly, warmer for an old colleague.
    for (const id of ids) {
      expect(links.get(`u${userId}-${id}`)).toMatchObject({
        sourceId: `u${userId}`,
        targetId: id,
        type: 'connection',
        company: null,
        userId,
      });
    }
    expect(links.get(`u${userId}-${benId}`)?.strength).toBe(94);
    expect(links.get(`u${userId}-${anaId}`)?.strength).toBeGreaterThan(150);
    const company = network.relationships.filter((r) => r.type !== 'connection') as Relationship[];
    const later = [ana?.createdAt, network.connections.find((c) => c.id === benId)?.createdAt].sort().at(-1);
    // Ben (a manager) is the more senior: the link goes from him and is named after both ends; it
    // exists since the later of the two was stored.
    expect(company).toEqual([
      {
        id: `${benId}-${anaId}`,
        sourceId: benId,
        targetId: anaId,
        strength: 150,
        createdAt: later,
        type: 'company-role',
        // The spelling most people use; on a tie, libs/domain decides.
        company: network.companies[0]?.name,
        userId,
      },
    ]);
    expect(later).toMatch(ISO_TIMESTAMP);
    expect(network.companies).toEqual([
      { name: expect.stringMatching(/^(Acme|ACME, Inc\.)$/), key: 'acme', count: 2 },
    ]);
  });

  test('a known CSV import gives every field, and its snapshot is built before the first read', async ({
    request,
  }) => {
    const { userId } = await signedInUser(request, { firstName: 'Maya', lastName: 'Chen' });
    const sixYears = linkedInDate(yearsAgo(6));
    const csv = linkedInCsv(
      [
        [
          'Ana',
          'Silva',
          'https://www.linkedin.com/in/ana-silva-known',
          'ana@acme.example',
          'Acme',
          'Senior Software Engineer',
          sixYears,
          'Technology',
          'London',
        ],
        ['Ben', 'Ode', '', '', 'ACME Inc.', 'Engineering Manager', '', '', ''],
        ['Cleo', 'Park', '', '', '', '', '', '', ''],
      ],
      [
        'First Name',
        'Last Name',
        'URL',
        'Email Address',
        'Company',
        'Position',
        'Connected On',
        'Industry',
        'Location',
      ],
    );
    expect((await importCsv(request, csv)).status()).toBe(200);
    await expect.poll(() => redisExists(`network:snapshot-current:${userId}`)).toBe(true);

    const network = await getNetwork(request);
    expect(network.connections[0]).toMatchObject({
      id: `u${userId}`,
      firstName: 'Maya',
      connectionDegree: 0,
      isUser: true,
    });
    const named = (firstName: string) =>
      network.connections.find((c) => c.firstName === firstName) as Connection;
    const [ana, ben, cleo] = [named('Ana'), named('Ben'), named('Cleo')];
    expect([ana, ben, cleo].map((c) => [c.connectionDegree, c.isUser])).toEqual([
      [1, false],
      [1, false],
      [1, false],
    ]);
    expect(ana).toEqual({
      id: expect.stringMatching(/^\d+$/),
      userId,
      firstName: 'Ana',
      lastName: 'Silva',
      company: 'Acme',
      position: 'Senior Software Engineer',
      email: 'ana@acme.example',
      linkedinUrl: expect.stringContaining('linkedin.com/in/ana-silva-known'),
      avatarUrl: null,
      notes: null,
      industry: 'Technology',
      location: 'London',
      connectionDegree: 1,
      yearsConnected: 6,
      connectedOn: yearsAgo(6),
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      isUser: false,
      isTeammate: false,
      hasWorkedWith: false,
      type: 'connection',
      positionInfo: { category: 'engineering', seniority: 5 },
      knownBy: [userId],
    });
    expect(cleo).toMatchObject({
      company: null,
      position: null,
      email: null,
      linkedinUrl: null,
      connectedOn: null,
      yearsConnected: null,
    });
    expect(
      network.relationships
        .filter((r) => r.type === 'connection')
        .map((r) => r.targetId)
        .sort(),
    ).toEqual([ana.id, ben.id, cleo.id].sort());
    expect(network.relationships.filter((r) => r.type !== 'connection')).toEqual([
      expect.objectContaining({ type: 'company-role', strength: 150, userId }),
    ]);
    expect(network.companies).toEqual([expect.objectContaining({ key: 'acme', count: 2 })]);
  });

  test('a user who imported nothing gets their own node alone', async ({ request }) => {
    const { userId } = await signedInUser(request);
    expect(await getNetwork(request)).toEqual({
      connections: [expect.objectContaining({ id: `u${userId}`, isUser: true, connectionDegree: 0 })],
      relationships: [],
      companies: [],
    });
  });

  test('is refused with 401 when nobody is signed in', async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    const response = await anonymous.get('/api/network');
    expect(response.status()).toBe(401);
    expect((await response.json()).code).toBe('UNAUTHENTICATED');
    await anonymous.dispose();
  });

  test('speaks brotli or gzip as the browser accepts, and plain JSON to a client that accepts neither', async ({
    request,
  }) => {
    const { userId } = await signedInUser(request);
    await seedNetwork(userId, [ANA, BEN, CLEO]);
    const cookie = await cookieHeader(request);
    const br = await rawGet('/api/network', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawGet('/api/network', { cookie, 'accept-encoding': 'gzip' });
    const plain = await rawGet('/api/network', { cookie, 'accept-encoding': 'identity' });
    expect([
      br.headers['content-encoding'],
      gzip.headers['content-encoding'],
      plain.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', undefined]);
    const json = plain.body.toString('utf8');
    expect(JSON.parse(json).connections).toHaveLength(4);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['cache-control']).toBe('private, no-cache');
    expect(br.headers['vary']).toBe('Accept, Accept-Encoding, Cookie');
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  test('answers 304 to the current ETag, and a new ETag after an import and after a note change', async ({
    request,
  }) => {
    const { userId } = await signedInUser(request);
    const { ids } = await seedNetwork(userId, [ANA, BEN]);
    const cookie = await cookieHeader(request);
    const first = await rawGet('/api/network', { cookie, 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await rawGet('/api/network', { cookie, 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    await seedNetwork(userId, [CLEO]);
    const afterImport = await rawGet('/api/network', {
      cookie,
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(afterImport.status).toBe(200);
    const importEtag = afterImport.headers.etag as string;
    expect(importEtag).not.toBe(etag);
    expect(JSON.parse(brotliDecompressSync(afterImport.body).toString()).connections).toHaveLength(4);

    expect(
      (
        await request.patch(`/api/network/connections/${ids[0]}`, { data: { notes: 'Met at a conference' } })
      ).status(),
    ).toBe(200);
    const afterNotes = await rawGet('/api/network', {
      cookie,
      'accept-encoding': 'br',
      'if-none-match': importEtag,
    });
    expect(afterNotes.status).toBe(200);
    expect(afterNotes.headers.etag).not.toBe(importEtag);
    const ana = JSON.parse(brotliDecompressSync(afterNotes.body).toString()).connections.find(
      (c: Connection) => c.id === ids[0],
    );
    expect(ana.notes).toBe('Met at a conference');
    const settled = await rawGet('/api/network', {
      cookie,
      'accept-encoding': 'br',
      'if-none-match': afterNotes.headers.etag as string,
    });
    expect(settled.status).toBe(304);
  });

  test('rebuilds a snapshot Redis lost, with the same ETag', async ({ request }) => {
    const { userId } = await signedInUser(request);
    await seedNetwork(userId, [ANA, BEN]);
    const before = await request.get('/api/network');
    const env = stackEnv();
    const redis = new Redis(env.REDIS_URL as string);
    try {
      const keys = await redis.keys(`${env.REDIS_PREFIX}network:snapshot*:${userId}*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    const after = await request.get('/api/network');
    expect(after.status()).toBe(200);
    expect(after.headers().etag).toBe(before.headers().etag);
    expect(await after.json()).toEqual(await before.json());
  });
});
