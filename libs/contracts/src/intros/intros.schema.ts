import { z } from 'zod';
import { mailStatusSchema } from '../teams/teams.schema.js';

/**
 * Introduction requests: a member asks the teammate who knows a person (the connector) to
 * introduce them. States, rules and who sees what: docs/intros.md.
 */

export const INTRO_STATES = [
  'requested',
  'accepted',
  'declined',
  'asking_target',
  'introduced',
  'meeting_held',
  'no_response',
  'withdrawn',
  'expired',
] as const;
export const introStateSchema = z.enum(INTRO_STATES);
export type IntroState = z.infer<typeof introStateSchema>;

/** States in which the request is still open: one open request per requester and target. */
export const OPEN_INTRO_STATES = [
  'requested',
  'asking_target',
  'accepted',
] as const satisfies readonly IntroState[];

/** Why the connector (or the target, or a member leaving) ended a request as declined. */
export const DECLINE_REASONS = [
  'not_close_enough',
  'not_now',
  'other',
  'target_declined',
  'member_left',
] as const;
export const declineReasonSchema = z.enum(DECLINE_REASONS);
export type DeclineReason = z.infer<typeof declineReasonSchema>;

/** The reasons a connector may pick (the others are set by the service). */
export const CONNECTOR_DECLINE_REASONS = ['not_close_enough', 'not_now', 'other'] as const;

/** Who made a change: the two sides, or the service (expiry, a member leaving). */
export const INTRO_ACTORS = ['requester', 'connector', 'system'] as const;
export const introActorSchema = z.enum(INTRO_ACTORS);
export type IntroActor = z.infer<typeof introActorSchema>;

export const INTRO_REASON_MIN = 10;
export const INTRO_REASON_MAX = 1000;
export const INTRO_DRAFT_MAX = 5000;
export const INTRO_DECLINE_TEXT_MAX = 500;
/** A request nobody answered expires after this many days; a reminder goes out on REMINDER day. */
export const INTRO_EXPIRY_DAYS = 14;
export const INTRO_REMINDER_DAYS = 7;
/** New requests per requester per UTC day. */
export const INTRO_DAILY_LIMIT = 20;

/** Messages the service answers with (the web shows them as they are). */
export const INTRO_MESSAGES = {
  notFound: 'Introduction request not found',
  personNotFound: 'Person not found in this workspace',
  ownNetwork: 'You already know this person: reach out to them directly',
  toYourself: 'You cannot ask yourself for an introduction',
  targetIsTeammate: 'This person is a member of the workspace: ask them directly',
  connectorNotMember: 'The teammate you asked is not a member of this workspace',
  connectorDoesNotKnow: 'This teammate does not know this person',
  nobodyKnows: 'Nobody in this workspace knows this person',
  notAllowed: 'Only the teammate you asked can answer this request',
} as const;

/** Text a person typed: stored as plain text, trimmed; never rendered as HTML. */
const plainText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/**
 * POST /api/teams/{id}/intros. Without `connectorUserId` the service asks the teammate who knows
 * the target best (named or not, by their sharing level).
 */
export const createIntroRequestSchema = z.object({
  /** The person to be introduced to: their node id in the workspace's pooled network. */
  targetId: z
    .string({ error: 'targetId is required' })
    .regex(/^[1-9]\d{0,17}$/, 'targetId must be a connection id of the workspace network'),
  connectorUserId: z
    .number({ error: 'connectorUserId must be a user id' })
    .int('connectorUserId must be a user id')
    .positive('connectorUserId must be a user id')
    .optional(),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(INTRO_REASON_MIN, `Reason must be at least ${INTRO_REASON_MIN} characters`)
    .max(INTRO_REASON_MAX, `Reason must be at most ${INTRO_REASON_MAX} characters`),
  /** The warm-introduction draft the connector may forward to the target. */
  draft: plainText(INTRO_DRAFT_MAX, `Draft must be at most ${INTRO_DRAFT_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateIntroRequest = z.infer<typeof createIntroRequestSchema>;

/** POST /api/teams/{id}/intros/{introId}/answer: the connector's one-click answer. */
export const answerIntroRequestSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('accept'),
      /** A connector sharing `counts` chooses whether the requester learns who they are. */
      revealName: z.boolean().default(false),
    }),
    z.object({
      decision: z.literal('decline'),
      reason: z.enum(CONNECTOR_DECLINE_REASONS, {
        error: "reason must be 'not_close_enough', 'not_now' or 'other'",
      }),
      reasonText: plainText(
        INTRO_DECLINE_TEXT_MAX,
        `Reason text must be at most ${INTRO_DECLINE_TEXT_MAX} characters`,
      )
        .nullish()
        .transform((v) => (v ? v : null)),
    }),
    z.object({ decision: z.literal('ask_target') }),
  ],
  { error: "decision must be 'accept', 'decline' or 'ask_target'" },
);
export type AnswerIntroRequest = z.infer<typeof answerIntroRequestSchema>;

/** POST .../target-answer: the connector records whether the target agreed (double opt-in). */
export const targetAnswerSchema = z.object({
  agreed: z.boolean({ error: 'agreed must be true or false' }),
  /** A connector sharing `counts` chooses whether the requester learns who they are. */
  revealName: z.boolean().default(false),
});
export type TargetAnswer = z.infer<typeof targetAnswerSchema>;

/** POST .../outcome: the requester records what came of the introduction. */
export const introOutcomeSchema = z.object({
  outcome: z.enum(['meeting_held', 'no_response'], {
    error: "outcome must be 'meeting_held' or 'no_response'",
  }),
});
export type IntroOutcome = z.infer<typeof introOutcomeSchema>;

/** GET /api/intros and GET /api/teams/{id}/intros */
export const listIntrosQuerySchema = z.object({
  role: z.enum(['requester', 'connector'], { error: "role must be 'requester' or 'connector'" }).optional(),
  /** `open`: requested, asking_target, accepted; `closed`: every other state. */
  status: z.enum(['open', 'closed'], { error: "status must be 'open' or 'closed'" }).optional(),
});
export type ListIntrosQuery = z.infer<typeof listIntrosQuerySchema>;

/** Whether a notification mail went out (the outbox shared with invitation mail). */
export const outboxMailStatusSchema = mailStatusSchema;

/** The connector as the viewer may see them: named, or (sharing `counts`, not revealed) a label. */
export const introConnectorViewSchema = z.discriminatedUnion('revealed', [
  z.object({ revealed: z.literal(true), userId: z.number().int(), name: z.string() }),
  /** "A teammate who knows Ben Ortiz": no name, e-mail or id of the connector. */
  z.object({ revealed: z.literal(false), label: z.string() }),
]);
export type IntroConnectorView = z.infer<typeof introConnectorViewSchema>;

/** The target as the viewer knows them: the requester's view, or the connector's own record. */
export const introTargetViewSchema = z.object({
  /** Node id in the viewer's pooled network (the connector's: their own record's id). */
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
});
export type IntroTargetView = z.infer<typeof introTargetViewSchema>;

/** One change of state: who (a side, named when the viewer may know them) and when. */
export const introTimelineEntrySchema = z.object({
  state: introStateSchema,
  at: z.string(),
  by: introActorSchema,
  /** Null for the system, and for a connector the requester may not know. */
  byName: z.string().nullable(),
  /** The decline reason's words, or the outcome; never the connector's identity before they reveal it. */
  note: z.string().nullable(),
  /** The mail this change sent to the other side; only to the viewer who made the change. */
  mail: z.object({ status: outboxMailStatusSchema, error: z.string().nullable() }).nullable(),
});
export type IntroTimelineEntry = z.infer<typeof introTimelineEntrySchema>;

/** A request as one of its two sides sees it (list items have an empty timeline). */
export const introRequestViewSchema = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  state: introStateSchema,
  viewerRole: z.enum(['requester', 'connector']),
  requester: z.object({ userId: z.number().int(), name: z.string() }),
  connector: introConnectorViewSchema,
  target: introTargetViewSchema,
  reason: z.string(),
  draft: z.string().nullable(),
  declineReason: declineReasonSchema.nullable(),
  declineText: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  answeredAt: z.string().nullable(),
  /** When an unanswered request expires (created + 14 days). */
  expiresAt: z.string(),
  /** The viewer must act: the connector on requested / asking_target / accepted, the requester on introduced. */
  awaitingMe: z.boolean(),
  /** Changed since the viewer last marked it read. */
  unread: z.boolean(),
  timeline: z.array(introTimelineEntrySchema),
});
export type IntroRequestView = z.infer<typeof introRequestViewSchema>;

/** GET /api/intros/summary: the top bar's badge. */
export const introSummarySchema = z.object({
  awaitingMe: z.number().int(),
  unread: z.number().int(),
});
export type IntroSummary = z.infer<typeof introSummarySchema>;

export const introListSchema = introSummarySchema.extend({ requests: z.array(introRequestViewSchema) });
export type IntroList = z.infer<typeof introListSchema>;

/** One member's line in the Intros panel; connector figures of hidden members are in `unnamed`. */
export const introMemberStatsSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  asked: z.number().int(),
  answered: z.number().int(),
  made: z.number().int(),
});
export type IntroMemberStats = z.infer<typeof introMemberStatsSchema>;

/** GET /api/teams/{id}/intro-stats */
export const introStatsSchema = z.object({
  teamId: z.number().int(),
  /** The UTC month counted in requestsThisMonth, yyyy-mm. */
  month: z.string(),
  requestsThisMonth: z.number().int(),
  /** Accepted (or further) out of answered requests, 0..1; null before any answer. */
  acceptanceRate: z.number().nullable(),
  /** Median hours from request to the connector's first answer; null before any answer. */
  medianHoursToAnswer: z.number().nullable(),
  meetings: z.number().int(),
  members: z.array(introMemberStatsSchema),
  /** Answers and intros of connectors sharing `counts`, not named to anyone else. */
  unnamed: z.object({ answered: z.number().int(), made: z.number().int() }),
});
export type IntroStats = z.infer<typeof introStatsSchema>;

/** Answers of the clock-driven sweep (expiry and reminders). */
export const introSweepResultSchema = z.object({
  expired: z.array(z.number().int()),
  reminded: z.array(z.number().int()),
});
export type IntroSweepResult = z.infer<typeof introSweepResultSchema>;

/** The web page of one request, the link of every intro mail (after PUBLIC_URL). */
export const introPagePath = (teamId: number, introId: number) => `/workspaces/${teamId}/intros/${introId}`;
