import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import type { InvitationCreated, Workspace } from '@warmpath/contracts';
import { newUser, registerUser, type TestUser } from '../support/users.js';

export { queryDatabase } from './network.testing.js';

export type Playwright = PlaywrightWorkerArgs['playwright'];

export interface Person {
  request: APIRequestContext;
  user: TestUser;
  id: number;
}

/** A request context of its own (its own cookie jar): one person, signed in or not. */
export async function anonymous(playwright: Playwright): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
}

export async function person(playwright: Playwright, overrides: Partial<TestUser> = {}): Promise<Person> {
  const request = await anonymous(playwright);
  const { user, body } = await registerUser(request, newUser(overrides));
  return { request, user, id: (body as { id: number }).id };
}

/** The site admin (username admin), signed in. */
export async function siteAdmin(playwright: Playwright): Promise<Person> {
  const request = await anonymous(playwright);
  const login = await request.post('/api/login', {
    data: { username: 'admin', password: process.env.WARMPATH_ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as { id: number };
  return { request, id: body.id, user: newUser({ username: 'admin' }) };
}

export async function createWorkspace(owner: Person, name = 'Sales Team'): Promise<Workspace> {
  const response = await owner.request.post('/api/teams', { data: { name, description: 'Our network' } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Workspace;
}

export async function invite(
  inviter: Person,
  teamId: number,
  email: string,
  role: 'member' | 'admin' = 'member',
): Promise<InvitationCreated> {
  const response = await inviter.request.post(`/api/teams/${teamId}/invitations`, { data: { email, role } });
  expect(response.status()).toBe(201);
  return (await response.json()) as InvitationCreated;
}

/** Invites `who` by e-mail with `role` and accepts as them: a real member through the real route. */
export async function addMember(owner: Person, teamId: number, who: Person, role: 'member' | 'admin') {
  const { token } = await invite(owner, teamId, who.user.email, role);
  const accepted = await who.request.post(`/api/invitations/${token}/accept`);
  expect(accepted.status()).toBe(200);
}

/** The error body without its request id (which differs on every answer). */
export async function errorBody(response: APIResponse): Promise<Record<string, unknown>> {
  const { requestId, ...rest } = (await response.json()) as Record<string, unknown>;
  expect(typeof requestId).toBe('string');
  return rest;
}

export const WORKSPACE_NOT_FOUND_BODY = {
  statusCode: 404,
  code: 'NOT_FOUND',
  message: 'Workspace not found',
  error: 'Workspace not found',
};

/** A mail the stack sent, as the test inbox (maildev) holds it. */
export interface DeliveredMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
}

/** Every mail delivered to `address` so far. */
export async function mailsTo(address: string): Promise<DeliveredMail[]> {
  const response = await fetch(`${process.env.WARMPATH_MAIL_URL}/api/email`);
  const mails = (await response.json()) as DeliveredMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** The invitation link in a mail's text. */
export function joinLinkIn(mail: DeliveredMail): string | undefined {
  return new RegExp(`${process.env.WARMPATH_URL}/join/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
}
