import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import type { IntroRequestView, IntroSweepResult, TeamNetworkData } from '@warmpath/contracts';
import { natsForStack } from '../support/stack-control.js';
import { exportRow } from './network.testing.js';
import { mailsTo, type DeliveredMail } from './teams.testing.js';
import {
  importRows,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

export type { Member };

/** A LinkedIn export row of someone at `company`, connected `years` ago. */
export const row = (first: string, last: string, slug: string, company: string, years: number) =>
  exportRow(first, last, slug, company, years, { position: 'Head of Sales' });

/**
 * A workspace of five: Bob asks, Alice (sharing names) knows Ben and Vera, Dan (sharing counts)
 * knows Vera better than Alice does, Carol is a member who knows nobody asked about, and Olga
 * is outside. Each run gets its own people (unique names in the slugs), so specs do not collide.
 */
export interface IntroWorld {
  teamId: number;
  bob: Member;
  alice: Member;
  carol: Member;
  dan: Member;
  olga: Member;
  /** Pooled node ids as Bob sees them. */
  ben: string;
  vera: string;
  /** Bob's own connection (own network: 400). */
  own: string;
  /** Known only by Carol: Alice cannot introduce them. */
  carolOnly: string;
}

let world = 0;

export async function introWorld(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<IntroWorld> {
  const tag = `${Date.now().toString(36)}${++world}`;
  const [bob, alice, carol, dan, olga] = await Promise.all([
    signUpMember(playwright, baseURL, 'Bob', 'Asker'),
    signUpMember(playwright, baseURL, 'Alice', 'Connector'),
    signUpMember(playwright, baseURL, 'Carol', 'Member'),
    signUpMember(playwright, baseURL, 'Dan', 'Quiet'),
    signUpMember(playwright, baseURL, 'Olga', 'Outside'),
  ]);
  await importRows(bob, [row('Oscar', 'Own', `oscar-${tag}`, 'Initech', 2)]);
  await importRows(alice, [
    row('Ben', 'Target', `ben-${tag}`, 'Globex', 6),
    row('Vera', 'Secret', `vera-${tag}`, 'Hooli', 1),
  ]);
  await importRows(carol, [row('Cora', 'Carolonly', `cora-${tag}`, 'Umbrella', 3)]);
  await importRows(dan, [row('Vera', 'Secret', `vera-${tag}`, 'Hooli', 9)]);
  await importRows(olga, [row('Ben', 'Target', `ben-${tag}`, 'Globex', 2)]);
  const teamId = await workspaceOf(bob, [alice, carol, dan]);
  const counts = await dan.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  expect(counts.status(), await counts.text()).toBe(200);
  const pooled = await pooledNetwork(bob, teamId);
  return {
    teamId,
    bob,
    alice,
    carol,
    dan,
    olga,
    ben: idOf(pooled, 'Ben'),
    vera: idOf(pooled, 'Vera'),
    own: idOf(pooled, 'Oscar'),
    carolOnly: idOf(pooled, 'Cora'),
  };
}

function idOf(pooled: TeamNetworkData, firstName: string): string {
  const person = pooled.connections.find((c) => c.firstName === firstName && !c.isUser && !c.isTeammate);
  expect(person, `${firstName} in the pooled network`).toBeDefined();
  return (person as { id: string }).id;
}

export const REASON = 'We are launching in their market and would value a short call.';

export async function ask(
  requester: Member,
  teamId: number,
  body: Record<string, unknown>,
): Promise<APIResponse> {
  return requester.request.post(`/api/teams/${teamId}/intros`, { data: { reason: REASON, ...body } });
}

export async function created(response: APIResponse): Promise<IntroRequestView> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as IntroRequestView;
}

export async function ok<T = IntroRequestView>(response: APIResponse): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

export const introUrl = (teamId: number, introId: number, action = '') =>
  `/api/teams/${teamId}/intros/${introId}${action ? `/${action}` : ''}`;

/** Runs the intro sweep (expiry, reminders) as of `now`, as the service's own timer would. */
export async function sweepAt(now: Date, teamId: number): Promise<IntroSweepResult> {
  const { nc, subject } = await natsForStack();
  try {
    const reply = await nc.request(
      subject('teams.intro.sweep'),
      JSON.stringify({ now: now.toISOString(), teamId }),
      {
        timeout: 20_000,
      },
    );
    const envelope = reply.json<{ ok: boolean; data: IntroSweepResult }>();
    expect(envelope.ok).toBe(true);
    return envelope.data;
  } finally {
    await nc.close();
  }
}

/** The mails to `address` whose subject contains `words`, once at least `count` arrived. */
export async function mailsAbout(address: string, words: string, count = 1): Promise<DeliveredMail[]> {
  const about = async () => (await mailsTo(address)).filter((mail) => mail.subject.includes(words));
  await expect.poll(async () => (await about()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return about();
}

/** The request page link of an intro mail. */
export const introLinkIn = (mail: DeliveredMail) =>
  new RegExp(`${process.env.WARMPATH_URL}/workspaces/\\d+/intros/\\d+`).exec(mail.text)?.[0];

export type { APIRequestContext };
