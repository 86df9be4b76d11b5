import { expect, type APIResponse } from '@playwright/test';
import type { TargetList, TargetListResults, TargetResultRow } from '@warmpath/contracts';
import { exportRow } from './network.testing.js';
import type { Member } from './workspace-network.testing.js';

// Shared set-up of the target-list specs (docs/targets.md#routes).

/** A LinkedIn export row of a person at `company`, known four years. */
export const targetPersonRow = (first: string, last: string, company: string, position = 'Head of Sales') =>
  exportRow(first, last, `${first.toLowerCase()}-${last.toLowerCase()}-targets`, company, 4, { position });

export const csvFile = (csv: string, name = 'accounts.csv') => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(csv, 'utf8'),
});

export async function created(response: APIResponse): Promise<TargetList> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TargetList;
}

export async function resultsOf(member: Member, path: string): Promise<TargetListResults> {
  const response = await member.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TargetListResults;
}

export const byName = (results: TargetListResults, name: string): TargetResultRow | undefined =>
  results.rows.find((r) => r.target.kind === 'company' && r.target.name?.trim() === name);

/** The owner creates a workspace and invites each member with their role; each accepts. */
export async function workspaceWithRoles(
  owner: Member,
  others: readonly [Member, 'member' | 'admin'][],
): Promise<number> {
  const team = await owner.request.post('/api/teams', { data: { name: 'Target Lists Team' } });
  expect(team.status(), await team.text()).toBe(201);
  const teamId = ((await team.json()) as { id: number }).id;
  for (const [member, role] of others) {
    const invited = await owner.request.post(`/api/teams/${teamId}/invitations`, {
      data: { email: member.email, role },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { token } = (await invited.json()) as { token: string };
    const accepted = await member.request.post(`/api/invitations/${token}/accept`);
    expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  }
  return teamId;
}
