import { expect, test } from '@playwright/test';
import { COMPACT_NETWORK_MEDIA_TYPE, type NetworkData } from '@warmpath/contracts';
import { applyViewerPatch, decodeNetwork, type CompactNetwork, type ViewerPatch } from '@warmpath/domain';
import { exportRow } from './network.testing.js';
import { bearer, createToken } from './tokens.testing.js';
import { errorOf, importRows, signUpMember, workspaceOf, type Member } from './workspace-network.testing.js';

// GET /api/teams/{id}/network/base and /patch on the whole stack (docs/network-api.md): the base
// every member shares, each member's patch, and what the web app's data worker makes of both with
// the member's own GET /api/network: exactly the pooled network GET /api/teams/{id}/network gives.
const row = exportRow;

let ana: Member;
let ben: Member;
let carl: Member;
let outsider: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  ana = await signUpMember(playwright, url, 'Ana', 'Split');
  ben = await signUpMember(playwright, url, 'Ben', 'Split');
  carl = await signUpMember(playwright, url, 'Carl', 'Split');
  outsider = await signUpMember(playwright, url, 'Olga', 'Split');
  await importRows(ana, [
    row('Dana', 'Shared', 'dana-split', 'Acme', 2),
    row('Eli', 'Anaonly', 'eli-split', 'Acme', 4),
  ]);
  await importRows(ben, [
    row('Dana', 'Shared', 'dana-split', 'Acme', 1),
    row('Finn', 'Benonly', 'finn-split', 'Globex', 6),
  ]);
  await importRows(carl, [row('Gus', 'Carlonly', 'gus-split', 'Umbrella', 8)]);
  await importRows(outsider, [row('Olaf', 'Outside', 'olaf-split', 'Hooli', 1)]);
  teamId = await workspaceOf(ana, [ben, carl]);
  const sharing = await carl.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  expect(sharing.status(), await sharing.text()).toBe(200);
});

test.afterAll(async () => {
  for (const member of [ana, ben, carl, outsider]) await member?.request.dispose();
});

const compactOf = async (member: Member, path: string) => {
  const response = await member.request.get(path, { headers: { accept: COMPACT_NETWORK_MEDIA_TYPE } });
  expect(response.status(), await response.text()).toBe(200);
  return decodeNetwork((await response.json()) as CompactNetwork);
};

test.describe('GET /api/teams/{id}/network/base and /patch', () => {
  test('assemble into exactly each member’s pooled network', async () => {
    for (const member of [ana, ben, carl]) {
      const base = await member.request.get(`/api/teams/${teamId}/network/base`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(base.status()).toBe(200);
      expect(base.headers()).toMatchObject({
        'content-type': COMPACT_NETWORK_MEDIA_TYPE,
        'content-encoding': 'br',
        'cache-control': 'private, no-cache',
      });
      const etag = base.headers()['etag'] as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const patch = await member.request.get(`/api/teams/${teamId}/network/patch`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(patch.status()).toBe(200);
      expect(patch.headers()).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'content-encoding': 'gzip',
      });
      expect(patch.headers()['etag']).toMatch(/^"[^"]+"$/);
      const body = (await patch.json()) as { base: string; own: string; patch: ViewerPatch };
      expect(body.base).toBe(etag);
      // Made from the very version of the own network the browser reads beside it.
      const ownNetwork = await member.request.get('/api/network', {
        headers: { accept: COMPACT_NETWORK_MEDIA_TYPE },
      });
      expect(body.own).toBe(ownNetwork.headers()['x-network-version']);
      const own = (await compactOf(member, '/api/network')).connections.slice(1);
      const assembled = applyViewerPatch(
        decodeNetwork((await base.json()) as CompactNetwork),
        own,
        body.patch,
      );
      expect(assembled).toStrictEqual(await compactOf(member, `/api/teams/${teamId}/network`));
      // The same base for every member; Carl's people (counts only) are in no byte of it.
      expect(await base.text()).not.toContain('Gus');
    }
  });

  test('answers 304 for the ETags the browser holds, and new ETags after a member’s import', async () => {
    const base = await ana.request.get(`/api/teams/${teamId}/network/base`);
    const patch = await ana.request.get(`/api/teams/${teamId}/network/patch`);
    const [baseTag, patchTag] = [base.headers()['etag'] as string, patch.headers()['etag'] as string];
    for (const [path, etag] of [
      ['base', baseTag],
      ['patch', patchTag],
    ]) {
      const again = await ana.request.get(`/api/teams/${teamId}/network/${path}`, {
        headers: { 'if-none-match': etag as string },
      });
      expect(again.status()).toBe(304);
      expect(again.headers()['etag']).toBe(etag);
    }
    // Ben's patch is his own: another ETag on the same base.
    const bens = await ben.request.get(`/api/teams/${teamId}/network/patch`);
    expect(bens.headers()['etag']).not.toBe(patchTag);
    await importRows(ben, [row('Ivy', 'Newcomer', 'ivy-split', 'Globex', 1)]);
    await expect
      .poll(async () => (await ana.request.get(`/api/teams/${teamId}/network/base`)).headers()['etag'])
      .not.toBe(baseTag);
    const changed = await ana.request.get(`/api/teams/${teamId}/network/patch`, {
      headers: { 'if-none-match': patchTag },
    });
    expect(changed.status()).toBe(200);
    expect(((await changed.json()) as { base: string }).base).not.toBe(baseTag);
  });

  test('answers a non-member and an unknown workspace as the pooled route does; 401 signed out', async ({
    playwright,
    baseURL,
  }) => {
    const pooled = await errorOf(await outsider.request.get(`/api/teams/${teamId}/network`));
    expect(pooled).toMatchObject({ status: 404, body: { message: 'Workspace not found' } });
    for (const path of ['base', 'patch']) {
      expect(await errorOf(await outsider.request.get(`/api/teams/${teamId}/network/${path}`))).toEqual(
        pooled,
      );
      expect(await errorOf(await outsider.request.get(`/api/teams/999999/network/${path}`))).toEqual(pooled);
      const malformed = await errorOf(await ana.request.get(`/api/teams/abc/network/${path}`));
      expect(malformed).toMatchObject({ status: 400, body: { message: 'Invalid workspace id' } });
    }
    const anonymous = await playwright.request.newContext({ baseURL });
    for (const path of ['base', 'patch'])
      expect((await anonymous.get(`/api/teams/${teamId}/network/${path}`)).status()).toBe(401);
    await anonymous.dispose();
  });

  test('takes a token with workspaces:read, and answers one without it as the pooled route does', async ({
    playwright,
    baseURL,
  }) => {
    const reader = await createToken(ana.request, ['workspaces:read']);
    const other = await createToken(ana.request, ['network:read']);
    const client = await playwright.request.newContext({ baseURL });
    const refused = await errorOf(
      await client.get(`/api/teams/${teamId}/network`, { headers: bearer(other) }),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    for (const path of ['base', 'patch']) {
      const ok = await client.get(`/api/teams/${teamId}/network/${path}`, { headers: bearer(reader) });
      expect(ok.status()).toBe(200);
      expect(
        await errorOf(await client.get(`/api/teams/${teamId}/network/${path}`, { headers: bearer(other) })),
      ).toEqual(refused);
    }
    await client.dispose();
    // The own network the patch refers to needs network:read, as always.
    expect(((await (await ana.request.get('/api/network')).json()) as NetworkData).connections.length).toBe(
      3,
    );
  });
});
