import { expect, test } from '@playwright/test';
import { COMPACT_NETWORK_MEDIA_TYPE, type TeamNetworkData } from '@warmpath/contracts';
import { decodeNetwork, type CompactNetwork } from '@warmpath/domain';
import { brotliDecompressSync } from 'node:zlib';
import { connectedYearsAgo } from './network.testing.js';
import { cookieHeader, rawGet } from './network-http.js';
import { errorOf, importRows, signUpMember, workspaceOf, type Member } from './workspace-network.testing.js';

// The compact representation (docs/network-api.md) of a real import and of a pooled network decodes
// to exactly the JSON the same route answers by default.
const COMPACT = { accept: COMPACT_NETWORK_MEDIA_TYPE };
const person = (first: string, company: string, position: string, years: number, email = '') => [
  first,
  'Núñez-Ørsted',
  `https://www.linkedin.com/in/${first.toLowerCase()}`,
  email,
  company,
  position,
  connectedYearsAgo(years),
];

let ana: Member;
let ben: Member;
let outsider: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  ana = await signUpMember(playwright, url, 'Ana', 'Lima');
  ben = await signUpMember(playwright, url, 'Ben', 'Ortiz');
  outsider = await signUpMember(playwright, url, 'Olga', 'Out');
  await importRows(ana, [
    person('Dana', 'Acme', 'CTO', 2, 'dana@acme.example'),
    person('Eli', 'Acme', 'Software Engineer', 4),
    person('Zoë', 'Acme', 'Recruiter', 1),
    person('李', 'Globex', 'Sales Manager', 7),
  ]);
  await importRows(ben, [
    person('Dana', 'Acme', 'CTO', 5, 'dana@acme.example'),
    person('Finn', 'Globex', 'Account Executive', 6, 'finn@globex.example'),
    person('Gil', 'Acme', 'Engineer', 3),
  ]);
  teamId = await workspaceOf(ana, [ben]);
});

test.afterAll(async () => {
  for (const member of [ana, ben, outsider]) await member?.request.dispose();
});

async function both(member: Member, path: string) {
  const json = await member.request.get(path);
  const compact = await member.request.get(path, { headers: COMPACT });
  expect(json.status(), await json.text()).toBe(200);
  expect(compact.status(), await compact.text()).toBe(200);
  return { json, compact };
}

for (const [name, path] of [
  ['GET /api/network', () => '/api/network'],
  ['GET /api/teams/{id}/network', () => `/api/teams/${teamId}/network`],
] as const) {
  test.describe(`${name}: the compact representation`, () => {
    test('decodes to exactly the JSON of the same network, company links included', async () => {
      const { json, compact } = await both(ana, path());
      expect(json.headers()['content-type']).toContain('application/json');
      expect(compact.headers()['content-type']).toBe(COMPACT_NETWORK_MEDIA_TYPE);
      const data = (await json.json()) as TeamNetworkData;
      expect(data.relationships.some((link) => link.type.startsWith('company-'))).toBe(true);
      expect(decodeNetwork((await compact.json()) as CompactNetwork)).toStrictEqual(data);
    });

    test('has its own ETag, answers 304 to it, and varies on Accept', async () => {
      const { json, compact } = await both(ana, path());
      const etag = compact.headers()['etag'] as string;
      expect(etag).not.toBe(json.headers()['etag']);
      expect(compact.headers()['vary']).toContain('Accept');
      const again = await ana.request.get(path(), { headers: { ...COMPACT, 'if-none-match': etag } });
      expect(again.status()).toBe(304);
      // The JSON's ETag is no proof of holding the compact form, and the other way round.
      const crossed = await ana.request.get(path(), {
        headers: { ...COMPACT, 'if-none-match': json.headers()['etag'] as string },
      });
      expect(crossed.status()).toBe(200);
      expect((await ana.request.get(path(), { headers: { 'if-none-match': etag } })).status()).toBe(200);
    });

    test('comes brotli-compressed, a fraction of the JSON', async () => {
      const cookie = await cookieHeader(ana.request);
      const compact = await rawGet(path(), { cookie, 'accept-encoding': 'br', ...COMPACT });
      const json = await rawGet(path(), { cookie, 'accept-encoding': 'br' });
      expect(compact.headers['content-encoding']).toBe('br');
      const text = brotliDecompressSync(compact.body).toString();
      expect(text.length).toBeLessThan(brotliDecompressSync(json.body).length);
      expect(decodeNetwork(JSON.parse(text) as CompactNetwork)).toStrictEqual(
        JSON.parse(brotliDecompressSync(json.body).toString()),
      );
    });
  });
}

test('answers a non-member asking for the compact form exactly as a workspace that does not exist', async () => {
  const asOutsider = await errorOf(
    await outsider.request.get(`/api/teams/${teamId}/network`, { headers: COMPACT }),
  );
  expect(asOutsider).toEqual(
    await errorOf(await outsider.request.get('/api/teams/999999/network', { headers: COMPACT })),
  );
  expect(asOutsider).toEqual(await errorOf(await outsider.request.get(`/api/teams/${teamId}/network`)));
  expect(asOutsider).toMatchObject({ status: 404, body: { message: 'Workspace not found' } });
});
