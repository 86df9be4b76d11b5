import { expect, test } from '@playwright/test';
import type { NetworkData, WarmPathView } from '@warmpath/contracts';
import { connectedYearsAgo, exportRow } from './network.testing.js';
import {
  errorOf,
  importRows,
  peopleOf,
  personNamed,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

// Three members with overlapping exports: Dana is known by Ana and Ben (matched on her profile URL,
// spelled differently), Hana by Ben and Carl, Gus only by Carl, who shares counts only.
const row = (first: string, last: string, slug: string, company: string, years: number, email = '') =>
  exportRow(first, last, slug, company, years, { email });

let ana: Member;
let ben: Member;
let carl: Member;
let outsider: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  ana = await signUpMember(playwright, url, 'Ana', 'Lima');
  ben = await signUpMember(playwright, url, 'Ben', 'Ortiz');
  carl = await signUpMember(playwright, url, 'Carl', 'Diaz');
  outsider = await signUpMember(playwright, url, 'Olga', 'Out');
  await importRows(ana, [
    row('Dana', 'Shared', 'dana-shared', 'Acme', 2),
    row('Eli', 'Anaonly', 'eli', 'Acme', 4),
  ]);
  await importRows(ben, [
    [
      'Dana',
      'Shared',
      'HTTPS://WWW.LINKEDIN.COM/in/Dana-Shared/',
      '',
      'Acme',
      'Recruiter',
      connectedYearsAgo(1),
    ],
    row('Finn', 'Benonly', 'finn', 'Globex', 6, 'finn@globex.example'),
    row('Hana', 'Twice', 'hana', 'Initech', 3),
  ]);
  await importRows(carl, [
    row('Gus', 'Carlonly', 'gus', 'Umbrella', 8),
    row('Hana', 'Twice', 'hana', 'Initech', 9),
  ]);
  await importRows(outsider, [row('Olaf', 'Outside', 'olaf', 'Hooli', 1)]);
  teamId = await workspaceOf(ana, [ben, carl]);
  const sharing = await carl.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  expect(sharing.status(), await sharing.text()).toBe(200);
});

test.afterAll(async () => {
  for (const member of [ana, ben, carl, outsider]) await member?.request.dispose();
});

test.describe('GET /api/teams/{id}/network: three members, one pooled graph', () => {
  test('shows each shared person once, known by both members, and no person of a member on counts only', async () => {
    const data = await pooledNetwork(ana, teamId);
    expect(data.connections.slice(0, 3).map((c) => [c.id, c.isUser, c.isTeammate, c.firstName])).toEqual([
      [`u${ana.userId}`, true, false, 'Ana'],
      [`u${ben.userId}`, false, true, 'Ben'],
      [`u${carl.userId}`, false, true, 'Carl'],
    ]);
    expect(
      peopleOf(data)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Dana', 'Eli', 'Finn', 'Hana']);
    expect(personNamed(data, 'Dana')).toMatchObject({
      connectionDegree: 1,
      userId: ana.userId,
      knownBy: [ana.userId, ben.userId],
    });
    // Ben shares names (the default): no e-mail, no profile URL of his people.
    expect(personNamed(data, 'Finn')).toMatchObject({
      connectionDegree: 2,
      userId: ben.userId,
      email: null,
      linkedinUrl: null,
    });
    // Carl's people only count: Hana shows through Ben, known by both, Carl unnamed; Gus is nowhere.
    expect(personNamed(data, 'Hana')?.knownBy).toEqual([ben.userId, 0]);
    expect(JSON.stringify(data)).not.toContain('Gus');
    // Gus is Carl's only person at Umbrella: too few to name it, so he counts into "other".
    expect(JSON.stringify(data)).not.toContain('Umbrella');
    expect(data.workspace.otherCompanyPeople).toBe(1);
    const relationshipIds = data.relationships.map((r) => r.id);
    expect(relationshipIds).toEqual(
      expect.arrayContaining([`u${ana.userId}-u${ben.userId}`, `u${ana.userId}-u${carl.userId}`]),
    );
    expect(relationshipIds.filter((id) => id.startsWith(`u${carl.userId}-`))).toEqual([]);
  });

  test('answers 304 for the ETag the browser holds, and a new ETag once a member changes what they share', async () => {
    const first = await ana.request.get(`/api/teams/${teamId}/network`);
    const etag = first.headers()['etag'] as string;
    const again = await ana.request.get(`/api/teams/${teamId}/network`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status()).toBe(304);
    await ben.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'emails' } });
    const changed = await ana.request.get(`/api/teams/${teamId}/network`, {
      headers: { 'if-none-match': etag },
    });
    expect(changed.status()).toBe(200);
    const finn = personNamed((await changed.json()) as NetworkData, 'Finn');
    expect(finn).toMatchObject({
      email: 'finn@globex.example',
      linkedinUrl: 'https://www.linkedin.com/in/finn',
    });
    await ben.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'names' } });
  });

  test('never copies a teammate’s people into the viewer’s own network', async () => {
    const own = (await (await ana.request.get('/api/network')).json()) as NetworkData;
    expect(
      peopleOf(own)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Dana', 'Eli']);
  });

  test('finds the warm path through the teammate who knows the person, explained with names', async () => {
    const finn = personNamed(await pooledNetwork(ana, teamId), 'Finn');
    const response = await ana.request.get(`/api/network/paths?to=${finn?.id}&workspaceId=${teamId}`);
    expect(response.status()).toBe(200);
    const path = (await response.json()) as WarmPathView;
    expect(path.nodes.map((n) => n.id)).toEqual([`u${ana.userId}`, `u${ben.userId}`, finn?.id]);
    expect(path.hops.map((h) => h.explanation)).toEqual([
      'Ben Ortiz is your teammate',
      'Ben Ortiz knows Finn Benonly (6 years)',
    ]);
  });

  test('answers a non-member exactly as a workspace that does not exist, and a malformed id 400', async ({
    playwright,
    baseURL,
  }) => {
    const asOutsider = await errorOf(await outsider.request.get(`/api/teams/${teamId}/network`));
    const unknown = await errorOf(await outsider.request.get('/api/teams/999999/network'));
    expect(asOutsider).toEqual(unknown);
    expect(asOutsider).toMatchObject({ status: 404, body: { message: 'Workspace not found' } });
    const path = await outsider.request.get(`/api/network/paths?to=u${ana.userId}&workspaceId=${teamId}`);
    expect(await errorOf(path)).toEqual(
      await errorOf(await outsider.request.get(`/api/network/paths?to=u${ana.userId}&workspaceId=999999`)),
    );
    const malformed = await errorOf(await ana.request.get('/api/teams/abc/network'));
    expect(malformed).toMatchObject({ status: 400, body: { message: 'Invalid workspace id' } });
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get(`/api/teams/${teamId}/network`)).status()).toBe(401);
    await anonymous.dispose();
  });

  test('shows a member’s new import in the pooled graph', async () => {
    await importRows(ben, [row('Ivy', 'Newcomer', 'ivy', 'Globex', 1)]);
    await expect
      .poll(async () => personNamed(await pooledNetwork(ana, teamId), 'Ivy')?.knownBy)
      .toEqual([ben.userId]);
  });

  test('withdraws everything a member brought when they leave', async () => {
    const left = await ben.request.post(`/api/teams/${teamId}/leave`);
    expect(left.status(), await left.text()).toBeLessThan(300);
    const data = await pooledNetwork(ana, teamId);
    expect(
      peopleOf(data)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Dana', 'Eli']);
    expect(personNamed(data, 'Dana')?.knownBy).toEqual([ana.userId]);
    expect(data.connections.some((c) => c.id === `u${ben.userId}`)).toBe(false);
    const asFormerMember = await errorOf(await ben.request.get(`/api/teams/${teamId}/network`));
    expect(asFormerMember).toMatchObject({ status: 404, body: { message: 'Workspace not found' } });
  });
});
