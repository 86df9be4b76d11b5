import { z } from 'zod';
import { defineEvent, defineRequest } from '../bus/bus-contract.js';
import { sharingLevelSchema } from '../teams/teams.schema.js';
import {
  answerIntroRequestSchema,
  createIntroRequestSchema,
  declineReasonSchema,
  introListSchema,
  introOutcomeSchema,
  introRequestViewSchema,
  introStateSchema,
  introStatsSchema,
  introSummarySchema,
  introSweepResultSchema,
  listIntrosQuerySchema,
  targetAnswerSchema,
} from './intros.schema.js';

const caller = z.object({ userId: z.number().int() });
const inWorkspace = caller.extend({ teamId: z.number().int().positive() });
const oneRequest = inWorkspace.extend({ introId: z.number().int().positive() });

/**
 * The teams service's introduction requests. Every call that names a workspace answers NOT_FOUND
 * `Workspace not found` to a non-member; a request the caller is neither side of is NOT_FOUND
 * `Introduction request not found`, as one that does not exist.
 */
export const introsContracts = {
  create: defineRequest(
    'teams.intro.create',
    inWorkspace.extend({ request: createIntroRequestSchema }),
    introRequestViewSchema,
  ),
  /** The caller's requests as requester and as connector; in one workspace when teamId is given. */
  list: defineRequest(
    'teams.intro.list',
    caller.extend({ teamId: z.number().int().positive().optional(), query: listIntrosQuerySchema }),
    introListSchema,
  ),
  summary: defineRequest('teams.intro.summary', caller, introSummarySchema),
  get: defineRequest('teams.intro.get', oneRequest, introRequestViewSchema),
  markRead: defineRequest('teams.intro.read', oneRequest, introRequestViewSchema),
  answer: defineRequest(
    'teams.intro.answer',
    oneRequest.extend({ answer: answerIntroRequestSchema }),
    introRequestViewSchema,
  ),
  targetAnswer: defineRequest(
    'teams.intro.target-answer',
    oneRequest.extend({ answer: targetAnswerSchema }),
    introRequestViewSchema,
  ),
  markIntroduced: defineRequest('teams.intro.introduced', oneRequest, introRequestViewSchema),
  recordOutcome: defineRequest(
    'teams.intro.outcome',
    oneRequest.extend({ outcome: introOutcomeSchema.shape.outcome }),
    introRequestViewSchema,
  ),
  withdraw: defineRequest('teams.intro.withdraw', oneRequest, introRequestViewSchema),
  stats: defineRequest('teams.intro.stats', inWorkspace, introStatsSchema),
  /**
   * Expires unanswered requests and sends the day-7 reminders as of `now` (the service's clock
   * when absent). The service runs it on its own timer; tests call it with a fixed `now`. Internal
   * only: no gateway route.
   */
  sweep: defineRequest(
    'teams.intro.sweep',
    z.object({ now: z.string().datetime().optional(), teamId: z.number().int().positive().optional() }),
    introSweepResultSchema,
  ),
  /**
   * The timeline entries that feed path ranking (docs/warmth.md#feedback-from-introductions),
   * oldest first after `afterEventId`: the network service's catch-up for events it missed while
   * it was down. Internal only: no gateway route.
   */
  feedbackSince: defineRequest(
    'teams.intro.feedback-since',
    z.object({
      afterEventId: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    z.object({ items: z.array(z.lazy(() => introFeedbackItemSchema)) }),
  ),
};

/** One timeline entry that moves a tie: declined as `not_close_enough`, or introduced. */
export const introFeedbackItemSchema = z.object({
  eventId: z.number().int(),
  introId: z.number().int(),
  teamId: z.number().int(),
  connectorId: z.number().int(),
  connectorConnectionId: z.string(),
  targetPersonKey: z.string(),
  kind: z.enum(['not_close_enough', 'introduced']),
  at: z.string(),
});
export type IntroFeedbackItem = z.infer<typeof introFeedbackItemSchema>;

/** One workspace member who knows the target, with their own record of them. */
export const introKnowerSchema = z.object({
  userId: z.number().int(),
  sharing: sharingLevelSchema,
  /** The knower's own connection id of the target (what the knower already knows). */
  connectionId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  /** Warmth of the knower's tie to the target, in (0, 1]. */
  warmth: z.number(),
});
export type IntroKnower = z.infer<typeof introKnowerSchema>;

/**
 * Asked of the network service when a request is made: the target as the requester sees it in
 * the pooled network, and who knows them. NOT_FOUND `Workspace not found` for a non-member,
 * NOT_FOUND `Person not found in this workspace` when the requester cannot see the target.
 */
export const introTargetContracts = {
  resolve: defineRequest(
    'network.intro-target.resolve',
    inWorkspace.extend({ targetId: z.string() }),
    z.object({
      /** Stable across members' records: the person's identity key in the pool. */
      personKey: z.string(),
      id: z.string(),
      name: z.string(),
      company: z.string().nullable(),
      position: z.string().nullable(),
      /** A teammate's own node (u<id>) or a source node: not a person to be introduced to. */
      isMember: z.boolean(),
      requesterKnows: z.boolean(),
      /** Members other than the requester who know the target (sources excluded). */
      knowers: z.array(introKnowerSchema),
    }),
  ),
};

/** What every intro event carries. Internal to the bus: the connector is named here. */
const introEventBase = z.object({
  introId: z.number().int(),
  teamId: z.number().int(),
  requesterId: z.number().int(),
  connectorId: z.number().int(),
  /** The connector's own connection id of the target: the tie path ranking adjusts. */
  connectorConnectionId: z.string(),
  targetPersonKey: z.string(),
  state: introStateSchema,
  at: z.string(),
});

export const introsEvents = {
  created: defineEvent('intros.request.created', introEventBase),
  /** accepted, declined (with its reason) or asking_target, by the connector or the target. */
  answered: defineEvent(
    'intros.request.answered',
    introEventBase.extend({ declineReason: declineReasonSchema.nullable() }),
  ),
  /** introduced, meeting_held, no_response, withdrawn or expired. */
  outcome: defineEvent('intros.request.outcome', introEventBase),
};
