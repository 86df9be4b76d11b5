import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  introsEvents,
  introTargetContracts,
  networkPathContracts,
  teamsEvents,
  type IntroFeedbackItem,
  type SharingLevel,
  type WarmPathView,
} from '@warmpath/contracts';
import { companyKey, positionInfo, profileKey } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';
import { DataSource } from 'typeorm';
import { IntroFeedbackService } from '../../src/modules/intro-feedback/intro-feedback.service.js';
import {
  membershipReply,
  respondAccounts,
  userReply,
  startNetworkService,
  type NetworkServiceUnderTest,
} from './network-service.testing.js';

// Intro feedback on path ranking (docs/warmth.md#feedback-from-introductions) with the network
// service whole on Postgres, Redis and NATS; the teams and auth services are played by responders.

let app: NestFastifyApplication;
let bus: BusClient;
let db: DataSource;
let service: NetworkServiceUnderTest;

const NAMES: Record<number, [string, string]> = {};
/** The teams service's state: workspace → member → [sharing, joinedAt]. */
const workspaces = new Map<number, Map<number, [SharingLevel, string]>>();
/** The teams service's timeline entries that feed ranking, as its catch-up answers them. */
const timeline: IntroFeedbackItem[] = [];

beforeAll(async () => {
  service = await startNetworkService({
    name: 'network-intro-feedback-it',
    responders: (respond) => {
      respondAccounts(respond, (userId) => {
        const [firstName, lastName] = NAMES[userId] ?? ['Someone', String(userId)];
        return userReply(userId, firstName, lastName);
      });
      respond('teams.membership.get', ({ userId = 0, teamId = 0 }) =>
        membershipReply(workspaces.get(teamId), userId, teamId),
      );
      respond('teams.intro.feedback-since', ({ afterEventId = 0, limit = 1 }) => ({
        ok: true,
        data: { items: timeline.filter((item) => item.eventId > afterEventId).slice(0, limit) },
      }));
    },
  });
  ({ app, bus, db } = service);
});

afterAll(() => service?.close());

let nextUser = 1;
const account = (firstName: string, lastName: string): number => {
  const userId = nextUser++;
  NAMES[userId] = [firstName, lastName];
  return userId;
};

const BEN_URL = 'https://www.linkedin.com/in/ben-feedback';
const BEN_KEY = `url:${profileKey({ linkedinUrl: BEN_URL } as never)}`;

/** Ben at Globex, known for `years`, as an import commit leaves him. */
async function knowsBen(ownerUserId: number, years: number): Promise<void> {
  const year = new Date().getUTCFullYear();
  await db.query(
    `INSERT INTO network.connections (owner_user_id, match_key, first_name, last_name, company, company_key,
       position, category, seniority, linkedin_url, connected_on)
     VALUES ($1, $2, 'Ben', 'Ortiz', 'Globex', $3, NULL, $4, $5, $6, $7)`,
    [
      ownerUserId,
      BEN_KEY,
      companyKey('Globex'),
      positionInfo(null).category,
      positionInfo(null).seniority,
      BEN_URL,
      `${year - years}-01-01`,
    ],
  );
  await db.query(
    `INSERT INTO network.network_versions (owner_user_id, version) VALUES ($1, 1)
     ON CONFLICT (owner_user_id) DO UPDATE SET version = network.network_versions.version + 1`,
    [ownerUserId],
  );
}

const JOINED = '2026-01-01T00:00:00.000Z';
let nextTeam = 300;
function workspace(members: [number, SharingLevel][]): number {
  const teamId = nextTeam++;
  workspaces.set(teamId, new Map(members.map(([id, sharing]) => [id, [sharing, JOINED]])));
  return teamId;
}

/** Bob asks; Alice knows Ben 9 years, Dan 3, Cleo (sharing counts) 10. */
const bob = account('Bob', 'Asker');
const alice = account('Alice', 'Stone');
const dan = account('Dan', 'Lee');
const cleo = account('Cleo', 'Hidden');

beforeAll(async () => {
  await knowsBen(alice, 9);
  await knowsBen(dan, 3);
  await knowsBen(cleo, 10);
});

function newWorkspace(): number {
  return workspace([
    [bob, 'names'],
    [alice, 'names'],
    [dan, 'names'],
    [cleo, 'counts'],
  ]);
}

/** Bob's workspace path to Ben. The pool names Ben by one member's record id: whichever answers. */
async function pathToBen(teamId: number, viewer = bob): Promise<WarmPathView> {
  const rows: { id: string }[] = await db.query(
    `SELECT id::text AS id FROM network.connections WHERE linkedin_url = $1 ORDER BY id`,
    [BEN_URL],
  );
  for (const { id } of rows) {
    const path = await bus
      .request(networkPathContracts.findPath, { userId: viewer, to: id, workspaceId: teamId })
      .catch(() => null);
    if (path) return path;
  }
  throw new Error('Ben is not in the pool');
}

const via = (path: WarmPathView) => path.nodes[1]?.id;

let nextIntro = 1000;
let nextEvent = 1;
function introEvent(teamId: number, connector: number, state: 'declined' | 'introduced', at: string) {
  return {
    introId: nextIntro++,
    teamId,
    requesterId: bob,
    connectorId: connector,
    connectorConnectionId: '1',
    targetPersonKey: BEN_KEY,
    state,
    at,
  };
}

/** Polls until `check` holds, 10 s at most. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const DECLINED_AT = '2026-05-14T09:00:00.000Z';
const LOWERED = "Alice Stone said they don't know Ben Ortiz well enough for an introduction (May 2026)";

describe('intro feedback on workspace paths', () => {
  it('a "not close enough" event sends the next path through Dan, and the hop says why', async () => {
    const teamId = newWorkspace();
    const before = await pathToBen(teamId);
    expect(via(before)).toBe(`u${alice}`);
    bus.publish(introsEvents.answered, {
      ...introEvent(teamId, alice, 'declined', DECLINED_AT),
      declineReason: 'not_close_enough',
    });
    await eventually(async () => via(await pathToBen(teamId)) === `u${dan}`);
    const after = await pathToBen(teamId);
    expect(after.hops.at(-1)).toMatchObject({
      fromId: `u${dan}`,
      explanation: `Dan Lee knows Ben Ortiz (3 years). ${LOWERED}`,
      feedback: [
        { kind: 'not_close_enough', at: DECLINED_AT, connectorUserId: alice, thisTie: false, text: LOWERED },
      ],
    });
    expect(after.version).not.toBe(before.version);

    // Asked with nobody named, the teams service now picks Dan: Alice's tie is the coolest.
    const target = await bus.request(introTargetContracts.resolve, {
      userId: bob,
      teamId,
      targetId: after.toId,
    });
    const warmth = Object.fromEntries(target.knowers.map((k) => [k.userId, k.warmth]));
    expect(warmth[alice]).toBeCloseTo(0.43, 5);
    expect(warmth[dan]).toBeCloseTo(0.62, 5);
  });

  it('other declines move nothing: not_now, and a "not close enough" of another workspace', async () => {
    const teamId = newWorkspace();
    const other = newWorkspace();
    bus.publish(introsEvents.answered, {
      ...introEvent(teamId, alice, 'declined', DECLINED_AT),
      declineReason: 'not_now',
    });
    const elsewhere = introEvent(other, alice, 'declined', DECLINED_AT);
    bus.publish(introsEvents.answered, { ...elsewhere, declineReason: 'not_close_enough' });
    await eventually(async () => via(await pathToBen(other)) === `u${dan}`);
    const path = await pathToBen(teamId);
    expect(via(path)).toBe(`u${alice}`);
    expect(path.hops.at(-1)?.feedback).toBeUndefined();
  });

  it('an introduction raises the tie: the path goes through the connector who introduced', async () => {
    const teamId = workspace([
      [bob, 'names'],
      [dan, 'names'],
      [alice, 'names'],
    ]);
    // Dan (3 years, 0.62) is below Alice (9 years, 0.86): lower Alice first, then she introduces.
    bus.publish(introsEvents.answered, {
      ...introEvent(teamId, alice, 'declined', '2026-02-01T00:00:00.000Z'),
      declineReason: 'not_close_enough',
    });
    await eventually(async () => via(await pathToBen(teamId)) === `u${dan}`);
    bus.publish(introsEvents.outcome, introEvent(teamId, alice, 'introduced', '2026-03-10T12:00:00.000Z'));
    await eventually(async () => via(await pathToBen(teamId)) === `u${alice}`);
    expect((await pathToBen(teamId)).hops.at(-1)).toMatchObject({
      fromId: `u${alice}`,
      explanation: 'Alice Stone introduced someone to Ben Ortiz in March 2026',
      feedback: [expect.objectContaining({ kind: 'introduced', thisTie: true })],
    });
  });

  it("never tells nor names a counts connector's feedback", async () => {
    const teamId = newWorkspace();
    const event = introEvent(teamId, cleo, 'declined', DECLINED_AT);
    bus.publish(introsEvents.answered, { ...event, declineReason: 'not_close_enough' });
    await eventually(async () => {
      const rows: unknown[] = await db.query('SELECT 1 FROM network.intro_feedback WHERE intro_id = $1', [
        event.introId,
      ]);
      return rows.length === 1;
    });
    const text = JSON.stringify(await pathToBen(teamId));
    expect(via(JSON.parse(text) as WarmPathView)).toBe(`u${alice}`);
    expect(text).not.toContain('Cleo');
    expect(text).not.toContain(`u${cleo}`);
    expect(text).not.toContain('feedback');
    // Her word still keeps her from being the teammate asked by default (a choice nobody sees).
    const target = await bus.request(introTargetContracts.resolve, {
      userId: bob,
      teamId,
      targetId: JSON.parse(text).toId as string,
    });
    expect(target.knowers.find((k) => k.userId === cleo)?.warmth).toBeCloseTo(0.45, 5);
  });

  it('a member who left takes their feedback with them, and feedback from before they (re)joined is ignored', async () => {
    const teamId = newWorkspace();
    bus.publish(introsEvents.answered, {
      ...introEvent(teamId, alice, 'declined', DECLINED_AT),
      declineReason: 'not_close_enough',
    });
    await eventually(async () => via(await pathToBen(teamId)) === `u${dan}`);
    // Alice rejoins later (the teams service says so): her earlier "no" is no longer hers to count.
    workspaces.get(teamId)?.set(alice, ['names', '2026-06-01T00:00:00.000Z']);
    expect(via(await pathToBen(teamId))).toBe(`u${alice}`);

    workspaces.get(teamId)?.delete(alice);
    bus.publish(teamsEvents.memberLeft, {
      teamId,
      userId: alice,
      reason: 'left',
      leftAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const rows: unknown[] = await db.query(
        'SELECT 1 FROM network.intro_feedback WHERE team_id = $1 AND connector_user_id = $2',
        [teamId, alice],
      );
      return rows.length === 0;
    });
  });

  it('the catch-up brings what the events missed (the service was down), once', async () => {
    const teamId = newWorkspace();
    const missed = introEvent(teamId, alice, 'declined', DECLINED_AT);
    timeline.push({
      eventId: nextEvent++,
      introId: missed.introId,
      teamId,
      connectorId: alice,
      connectorConnectionId: '1',
      targetPersonKey: BEN_KEY,
      kind: 'not_close_enough',
      at: DECLINED_AT,
    });
    // Nothing was published: only the catch-up (at boot, then every minute) can know.
    expect(via(await pathToBen(teamId))).toBe(`u${alice}`);
    const catchUp = app.get(IntroFeedbackService);
    expect(await catchUp.catchUp()).toBe(1);
    expect(via(await pathToBen(teamId))).toBe(`u${dan}`);
    // Read once: the next round starts after it.
    expect(await catchUp.catchUp()).toBe(0);
  });

  it('a deleted workspace drops its feedback', async () => {
    const teamId = newWorkspace();
    const event = introEvent(teamId, alice, 'declined', DECLINED_AT);
    bus.publish(introsEvents.answered, { ...event, declineReason: 'not_close_enough' });
    await eventually(async () => via(await pathToBen(teamId)) === `u${dan}`);
    workspaces.delete(teamId);
    bus.publish(teamsEvents.workspaceDeleted, {
      teamId,
      memberIds: [bob, alice, dan, cleo],
      deletedAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const rows: unknown[] = await db.query('SELECT 1 FROM network.intro_feedback WHERE team_id = $1', [
        teamId,
      ]);
      return rows.length === 0;
    });
  });
});
