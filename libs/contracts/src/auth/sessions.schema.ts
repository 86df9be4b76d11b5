import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/**
 * The durable copy of browser sessions (docs/security.md#sessions), kept by the auth service so a
 * session outlives a Redis that comes back empty. Only the SHA-256 (hex) of a session id ever
 * leaves the gateway.
 */
export const sessionIdHashSchema = z.string().regex(/^[0-9a-f]{64}$/);

const userId = z.number().int();
const instant = z.iso.datetime();

/** A session as the auth service keeps it: when it began, when it ends for good, when last seen. */
export const durableSessionSchema = z.object({
  userId,
  createdAt: instant,
  expiresAt: instant,
  lastSeenAt: instant,
});
export type DurableSession = z.infer<typeof durableSessionSchema>;

/** Subjects of the auth service for the durable copy of sessions. */
export const sessionsContracts = {
  /** Records a session at sign-in (before its cookie is set): it is known from now until `expiresAt`. */
  recordSession: defineRequest(
    'auth.session.record',
    z.object({ idHash: sessionIdHashSchema, userId, createdAt: instant, expiresAt: instant }),
    z.object({ recorded: z.literal(true) }),
  ),
  /** The session of this hash, or null when unknown, revoked or past its absolute expiry. */
  resolveSession: defineRequest(
    'auth.session.resolve',
    z.object({ idHash: sessionIdHashSchema }),
    z.object({ session: durableSessionSchema.nullable() }),
  ),
  /** Moves a live session's last sighting forward (the gateway sends it at most once an hour per session). */
  sessionSeen: defineRequest(
    'auth.session.seen',
    z.object({ idHash: sessionIdHashSchema, at: instant }),
    z.object({ seen: z.boolean() }),
  ),
  /** Ends one session for good (sign-out); `revoked` says whether there was one. */
  revokeSession: defineRequest(
    'auth.session.revoke',
    z.object({ idHash: sessionIdHashSchema }),
    z.object({ revoked: z.boolean() }),
  ),
  /** Ends every session of the user but `keepHash` (password change); answers how many ended. */
  revokeOtherSessions: defineRequest(
    'auth.session.revoke-others',
    z.object({ userId, keepHash: sessionIdHashSchema.nullable() }),
    z.object({ revoked: z.number().int() }),
  ),
};
