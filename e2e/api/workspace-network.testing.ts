import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import type { Connection, TeamNetworkData } from '@warmpath/contracts';
import { importCsv, linkedInCsv, signedInUser } from './network.testing.js';

/** One signed-in account in a request context of its own (its own cookie jar). */
export interface Member {
  request: APIRequestContext;
  userId: number;
  email: string;
  name: string;
}

export async function signUpMember(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  firstName: string,
  lastName: string,
): Promise<Member> {
  const request = await playwright.request.newContext({ baseURL });
  const { user, userId } = await signedInUser(request, { firstName, lastName });
  return { request, userId, email: user.email, name: `${firstName} ${lastName}` };
}

/** [first, last, url, email, company, position, connectedOn] rows, imported through the API. */
export async function importRows(member: Member, rows: string[][]): Promise<void> {
  const response = await importCsv(member.request, linkedInCsv(rows));
  expect(response.status(), await response.text()).toBe(200);
}

/** The owner creates a workspace and brings the others in by e-mail invitation, each accepting. */
export async function workspaceOf(owner: Member, others: Member[]): Promise<number> {
  const created = await owner.request.post('/api/teams', { data: { name: 'Pooled Network Team' } });
  expect(created.status(), await created.text()).toBe(201);
  const teamId = ((await created.json()) as { id: number }).id;
  for (const member of others) {
    const invited = await owner.request.post(`/api/teams/${teamId}/invitations`, {
      data: { email: member.email, role: 'member' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { token } = (await invited.json()) as { token: string };
    const accepted = await member.request.post(`/api/invitations/${token}/accept`);
    expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  }
  return teamId;
}

export async function pooledNetwork(member: Member, teamId: number): Promise<TeamNetworkData> {
  const response = await member.request.get(`/api/teams/${teamId}/network`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TeamNetworkData;
}

export const peopleOf = (data: { connections: Connection[] }): Connection[] =>
  data.connections.filter((c) => !c.isUser && !c.isTeammate);

export const personNamed = (data: { connections: Connection[] }, firstName: string): Connection | undefined =>
  peopleOf(data).find((c) => c.firstName === firstName);

/** The parts of an error body a user sees (the request id differs per request). */
export async function errorOf(response: { status(): number; json(): Promise<unknown> }) {
  const { requestId: _requestId, ...body } = (await response.json()) as Record<string, unknown>;
  return { status: response.status(), body };
}
