import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import type { ImportStatus, NetworkData } from '@warmpath/contracts';
import { generateLinkedInCsv } from '@warmpath/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { buildPreviousRelease, previousStack } from '../../scripts/lib/previous-release.mjs';
import { newUser, type TestUser } from '../support/users.js';
import { currentStack, Installation, type Launcher } from './support/upgrade-stack.js';

/**
 * A rolling deploy from the previous release (infra/previous-release.json) to this one: the new
 * release migrates the schema at boot while the previous release's pods still serve. Here the new
 * release starts first (its migrations run) and writes data; then the previous release serves
 * the same installation, on the new schema, for the routes that matter (sign-in, registration,
 * import, network, notes, workspace network, invitations); then the new release serves again and
 * sees what the previous one wrote. docs/operations.md, "Upgrading without downtime".
 */
test.describe.configure({ mode: 'serial' });

type Playwright = PlaywrightWorkerArgs['playwright'];

let installation: Installation;
let previous: Launcher;
test.beforeAll(async () => {
  test.setTimeout(900_000);
  const release = await buildPreviousRelease((message: string) =>
    console.log(`[previous release] ${message}`),
  );
  previous = (await previousStack(release.root)) as Launcher;
  installation = await Installation.create();
});
test.afterAll(async () => {
  await installation?.dispose();
});

interface Account {
  request: APIRequestContext;
  user: TestUser;
}

async function signedIn(
  playwright: Playwright,
  url: string,
  user: TestUser,
  register: boolean,
): Promise<Account> {
  const request = await playwright.request.newContext({ baseURL: url });
  const response = register
    ? await request.post('/api/register', { data: { ...user, confirmPassword: user.password } })
    : await request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(response.status(), await response.text()).toBe(register ? 201 : 200);
  return { request, user };
}

async function imported(request: APIRequestContext, rows: number, seed: number): Promise<ImportStatus> {
  const response = await request.post('/api/network/import/authenticated', {
    headers: { prefer: 'respond-async' },
    multipart: {
      file: {
        name: 'Connections.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(generateLinkedInCsv(rows, { seed })),
      },
    },
    timeout: 60_000,
  });
  expect(response.status(), await response.text()).toBe(202);
  const { id } = (await response.json()) as ImportStatus;
  let status: ImportStatus | null = null;
  await expect
    .poll(
      async () => {
        status = (await (await request.get(`/api/imports/${id}`)).json()) as ImportStatus;
        return status.state;
      },
      { timeout: 60_000, intervals: [200, 500, 1000] },
    )
    .toMatch(/^(completed|failed)$/);
  return status as unknown as ImportStatus;
}

const networkOf = async (request: APIRequestContext) => {
  const response = await request.get('/api/network');
  expect(response.status()).toBe(200);
  return (await response.json()) as NetworkData;
};

/** What both releases must agree on in a network: who is in it, and the notes. */
const peopleOf = (network: NetworkData) =>
  network.connections
    .map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`, notes: c.notes }))
    .sort((a, b) => a.id.localeCompare(b.id));

async function teamPeople(request: APIRequestContext, teamId: number): Promise<number> {
  const response = await request.get(`/api/teams/${teamId}/network`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as NetworkData).connections.length;
}

test('the previous release serves the new schema, and the new release what it wrote', async ({
  playwright,
}) => {
  // Three stack boots: about a minute each on a quiet two-core machine, several on a loaded one.
  test.setTimeout(600_000);
  const [ana, ben, carla] = [newUser(), newUser(), newUser()];

  // The new release migrates the schema and writes.
  let url = await installation.serve(currentStack, 'new');
  const anaNew = await signedIn(playwright, url, ana, true);
  const benNew = await signedIn(playwright, url, ben, true);
  expect(await imported(anaNew.request, 200, 1)).toMatchObject({ state: 'completed', imported: 200 });
  expect(await imported(benNew.request, 150, 2)).toMatchObject({ state: 'completed', imported: 150 });
  const first = (await networkOf(anaNew.request)).connections.find((c) => c.connectionDegree === 1);
  expect(
    (
      await anaNew.request.patch(`/api/network/connections/${first?.id}`, { data: { notes: 'new release' } })
    ).status(),
  ).toBe(200);
  const created = await anaNew.request.post('/api/teams', {
    data: { name: 'Sales', description: 'Upgrade' },
  });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { id: number }).id;
  const invitation = await anaNew.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email: ben.email, role: 'member' },
  });
  const { token } = (await invitation.json()) as { token: string };
  expect((await benNew.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
  for (const who of [anaNew, benNew])
    expect(
      (await who.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'names' } })).status(),
    ).toBe(200);
  const anaBefore = peopleOf(await networkOf(anaNew.request));
  const pooledBefore = await teamPeople(anaNew.request, teamId);
  for (const who of [anaNew, benNew]) await who.request.dispose();

  // The previous release, on the schema the new one migrated.
  url = await installation.serve(previous, 'previous');
  const anaOld = await signedIn(playwright, url, ana, false);
  expect(peopleOf(await networkOf(anaOld.request))).toEqual(anaBefore);
  expect(await teamPeople(anaOld.request, teamId)).toBe(pooledBefore);
  const second = (await networkOf(anaOld.request)).connections.find(
    (c) => c.connectionDegree === 1 && c.id !== first?.id,
  );
  expect(
    (
      await anaOld.request.patch(`/api/network/connections/${second?.id}`, {
        data: { notes: 'previous release' },
      })
    ).status(),
  ).toBe(200);
  expect(await imported(anaOld.request, 100, 3)).toMatchObject({ state: 'completed', imported: 100 });
  const carlaOld = await signedIn(playwright, url, carla, true);
  const carlaInvite = await anaOld.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email: carla.email, role: 'member' },
  });
  expect(carlaInvite.status(), await carlaInvite.text()).toBe(201);
  const carlaToken = ((await carlaInvite.json()) as { token: string }).token;
  expect((await carlaOld.request.post(`/api/invitations/${carlaToken}/accept`)).status()).toBe(200);
  const anaAfterOld = peopleOf(await networkOf(anaOld.request));
  expect(anaAfterOld).toHaveLength(anaBefore.length + 100);
  for (const who of [anaOld, carlaOld]) await who.request.dispose();

  // The new release again: everything the previous one wrote is there.
  url = await installation.serve(currentStack, 'new-again');
  const anaAgain = await signedIn(playwright, url, ana, false);
  expect(peopleOf(await networkOf(anaAgain.request))).toEqual(anaAfterOld);
  const members = await anaAgain.request.get(`/api/teams/${teamId}/members`);
  expect(((await members.json()) as unknown[]).length).toBe(3);
  expect(await teamPeople(anaAgain.request, teamId)).toBeGreaterThan(pooledBefore);
  await anaAgain.request.dispose();
});
