import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  introsContracts,
  introTargetContracts,
  teamsContracts,
  type IntroKnower,
  type UserProfile,
} from '@warmpath/contracts';
import { notFound } from '@warmpath/server-kit';
import { bootTeams, failureOf, type RunningTeams } from './support/boot-teams.js';

// Introduction requests on real Postgres and NATS, the network service stood in for: the
// repository's rules (one open request, the daily limit, the timeline, read marks), the state
// machine's answers, leaving, and the sweep on a fixed clock.

let teams: RunningTeams;
let n = 0;
const user = (fields: Partial<UserProfile> = {}) => teams.addUser({ username: `intro${++n}`, ...fields });

/** What the stand-in network service knows: target id → knowers (and whether the asker knows them). */
const people = new Map<string, { knowers: IntroKnower[]; knownBy: number[] }>();

beforeAll(async () => {
  teams = await bootTeams();
  teams.respond(introTargetContracts.resolve.subject, (request) => {
    const { userId, targetId } = request as { userId: number; targetId: string };
    const person = people.get(targetId);
    if (!person) throw notFound('Person not found in this workspace');
    return {
      personKey: `url:https://www.linkedin.com/in/${targetId}`,
      id: targetId,
      name: 'Ben Ortiz',
      company: 'Globex',
      position: 'CTO',
      isMember: false,
      requesterKnows: person.knownBy.includes(userId),
      knowers: person.knowers.filter((k) => k.userId !== userId),
    };
  });
});

afterAll(async () => {
  await teams?.close();
});

const knower = (userId: number, sharing: IntroKnower['sharing'] = 'names', warmth = 0.7): IntroKnower => ({
  userId,
  sharing,
  connectionId: `${userId}00`,
  firstName: 'Benjamin',
  lastName: 'Ortiz',
  company: 'Globex Inc',
  position: null,
  warmth,
});

async function workspace() {
  const owner = user({ firstName: 'Bob', lastName: 'Asker' });
  const alice = user({ firstName: 'Alice', lastName: 'Connector' });
  const { id: teamId } = await teams.bus.request(teamsContracts.createWorkspace, {
    userId: owner.id,
    workspace: { name: 'Intro Guild', description: null },
  });
  await teams.query(`INSERT INTO teams.members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [
    teamId,
    alice.id,
  ]);
  const target = String(1000 + n);
  people.set(target, { knowers: [knower(alice.id)], knownBy: [alice.id] });
  return { owner, alice, teamId, target };
}

const create = (userId: number, teamId: number, targetId: string, connectorUserId?: number) =>
  teams.bus.request(introsContracts.create, {
    userId,
    teamId,
    request: { targetId, connectorUserId, reason: 'A reason of some length', draft: null },
  });

describe('intro requests', () => {
  it('stores a request with its first timeline entry, read by the requester, unread for the connector', async () => {
    const { owner, alice, teamId, target } = await workspace();
    const made = await create(owner.id, teamId, target);
    expect(made).toMatchObject({
      state: 'requested',
      unread: false,
      connector: { revealed: true, userId: alice.id },
    });
    const seen = await teams.bus.request(introsContracts.get, { userId: alice.id, teamId, introId: made.id });
    expect(seen).toMatchObject({
      unread: true,
      awaitingMe: true,
      target: { id: `${alice.id}00`, name: 'Benjamin Ortiz', company: 'Globex Inc' },
    });
    const [row] = await teams.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM teams.intro_events WHERE intro_id = $1`,
      [made.id],
    );
    expect(row?.n).toBe(1);
    expect((await teams.bus.request(introsContracts.summary, { userId: alice.id })).awaitingMe).toBe(1);
  });

  it('allows one open request per person, even when two arrive at once', async () => {
    const { owner, teamId, target } = await workspace();
    const results = await Promise.allSettled([
      create(owner.id, teamId, target),
      create(owner.id, teamId, target),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected?.reason).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses a 21st request of the day with when it resets', async () => {
    const { owner, teamId, target } = await workspace();
    await teams.query(
      `INSERT INTO teams.intro_requests (team_id, requester_id, connector_id, connector_sharing, target_key, target_node_id,
         target_name, connector_connection_id, connector_target_name, reason, state, created_at, updated_at)
       SELECT $1, $2, $2, 'names', 'k' || g, '1', 'x', '1', 'x', 'padding request', 'withdrawn', now(), now()
       FROM generate_series(1, 20) g`,
      [teamId, owner.id],
    );
    const error = await failureOf(create(owner.id, teamId, target));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('hides a counts-only connector from the requester until they reveal, and counts them unnamed', async () => {
    const { owner, teamId } = await workspace();
    const dan = user({ firstName: 'Dan', lastName: 'Quiet' });
    await teams.query(
      `INSERT INTO teams.members (team_id, user_id, role, sharing) VALUES ($1, $2, 'member', 'counts')`,
      [teamId, dan.id],
    );
    const target = `9${n}`;
    people.set(target, { knowers: [knower(dan.id, 'counts', 0.9)], knownBy: [dan.id] });
    const made = await create(owner.id, teamId, target);
    expect(made.connector).toEqual({ revealed: false, label: 'A teammate who knows Ben Ortiz' });
    await teams.bus.request(introsContracts.answer, {
      userId: dan.id,
      teamId,
      introId: made.id,
      answer: { decision: 'accept', revealName: false },
    });
    const stats = await teams.bus.request(introsContracts.stats, { userId: owner.id, teamId });
    expect(stats.unnamed).toEqual({ answered: 1, made: 0 });
    expect(stats.members.find((m) => m.userId === dan.id)).toMatchObject({ answered: 0 });
    const still = await teams.bus.request(introsContracts.get, {
      userId: owner.id,
      teamId,
      introId: made.id,
    });
    expect(JSON.stringify(still)).not.toContain('Dan');
  });

  it('closes the requests of a member who leaves, and the sweep expires on its given clock', async () => {
    const { owner, alice, teamId, target } = await workspace();
    const made = await create(owner.id, teamId, target);
    await teams.bus.request(teamsContracts.leaveWorkspace, { userId: alice.id, teamId });
    const closed = await teams.bus.request(introsContracts.get, {
      userId: owner.id,
      teamId,
      introId: made.id,
    });
    expect(closed).toMatchObject({ state: 'declined', declineReason: 'member_left' });

    const carol = user({ firstName: 'Carol', lastName: 'Late' });
    await teams.query(`INSERT INTO teams.members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [
      teamId,
      carol.id,
    ]);
    people.set(target, { knowers: [knower(carol.id)], knownBy: [carol.id] });
    const again = await create(owner.id, teamId, target);
    const later = new Date(new Date(again.createdAt).getTime() + 15 * 24 * 3600 * 1000);
    expect(await teams.bus.request(introsContracts.sweep, { now: later.toISOString(), teamId })).toEqual({
      expired: [again.id],
      reminded: [],
    });
    expect(
      (await teams.bus.request(introsContracts.get, { userId: owner.id, teamId, introId: again.id })).state,
    ).toBe('expired');
  });
});
