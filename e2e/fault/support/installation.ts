import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import type { ImportStatus, InvitationCreated, NetworkData } from '@warmpath/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { ALL_SERVICES, waitForHealth } from '../../../scripts/lib/stack.mjs';
import { newUser, type TestUser } from '../../support/users.js';
export { waitForImport } from '../../support/import-status.js';
import type { FaultStack } from './fault-stack.js';
import { exportOf, uploadCsv } from './session.js';

export type Playwright = PlaywrightWorkerArgs['playwright'];

export interface Member {
  request: APIRequestContext;
  user: TestUser;
  id: number;
}

/** A fresh account signed in on a request context of its own (its own cookie jar). */
export async function member(playwright: Playwright, url: string): Promise<Member> {
  const request = await playwright.request.newContext({ baseURL: url });
  const user = newUser();
  const response = await request.post('/api/register', { data: { ...user, confirmPassword: user.password } });
  expect(response.status(), await response.text()).toBe(201);
  return { request, user, id: ((await response.json()) as { id: number }).id };
}

/** Uploads an export and answers the import's id (202, respond-async). */
export async function startImport(request: APIRequestContext, rows: number, seed: number): Promise<string> {
  const response = await uploadCsv(request, exportOf(rows, seed));
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as ImportStatus).id;
}

export async function invite(owner: Member, teamId: number, email: string): Promise<InvitationCreated> {
  const response = await owner.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email, role: 'member' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as InvitationCreated;
}

/** GET `path` as `request` (with extra headers): its status and JSON body. */
export async function answer(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await request.get(path, { headers });
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
}

/** The first connection of a user's network (to write a note on). */
export async function firstConnectionId(request: APIRequestContext): Promise<string> {
  const network = (await (await request.get('/api/network')).json()) as NetworkData;
  const connection = network.connections.find((c) => c.connectionDegree === 1);
  if (!connection) throw new Error('the network has no first-degree connection');
  return connection.id;
}

/** Stops every service (SIGTERM), as an operator scales them to zero before a restore. */
export async function stopAll(stack: FaultStack): Promise<void> {
  for (const name of [...ALL_SERVICES].reverse()) await stack.stopService(name);
}

/** Starts every service again and waits until the gateway's health answers 200. */
export async function startAll(stack: FaultStack): Promise<void> {
  for (const name of ALL_SERVICES) stack.startService(name);
  await waitForHealth(stack.url, 120_000);
}
