import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema, positiveInt, redisEnvSchema } from '@warmpath/server-kit';

/** An http(s) URL without a trailing slash, so paths can be appended to it. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

export const teamsConfigSchema = baseEnvSchema
  .extend(databaseEnvSchema.shape)
  .extend(redisEnvSchema.shape)
  .extend({
    /** Where invitation mails go out (smtp://user:pass@host:port or smtps://...). Unset: no mail, the link is still shown. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Warmpath <no-reply@warmpath.local>'),
    /** Where browsers reach the app: invitation links are `${PUBLIC_URL}/join/{token}`. */
    PUBLIC_URL: httpUrl.default('http://127.0.0.1:3000'),
    /** Tries per invitation mail, the first included; with the backoff below, 60 tries span ~4.5 hours. */
    MAIL_ATTEMPTS: positiveInt.default(60),
    /** First retry delay; each further retry waits twice as long, up to MAIL_BACKOFF_MAX_MS. */
    MAIL_BACKOFF_MS: positiveInt.default(1000),
    MAIL_BACKOFF_MAX_MS: positiveInt.default(5 * 60 * 1000),
    /** How often invitations whose mail is still owed are queued again if their job was lost. */
    MAIL_SWEEP_INTERVAL_MS: positiveInt.default(60_000),
    /** A sweep leaves invitations younger than this alone: their own enqueue may still be on its way. */
    MAIL_SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
    /** Budget of one SMTP delivery (connect, greet, send). */
    MAIL_SEND_TIMEOUT_MS: positiveInt.default(15_000),
    /**
     * An attempt recorded this long ago and neither sent nor failed was cut off (the service
     * stopped between sending and recording): it is checked, never sent again blindly. Longer
     * than MAIL_SEND_TIMEOUT_MS, so a send still running is never taken for one cut off.
     */
    MAIL_UNCONFIRMED_AFTER_MS: positiveInt.default(60_000),
    /**
     * A maildev-compatible inbox API (`GET /api/email`) that can say whether a Message-ID was
     * delivered; asked about a cut-off attempt. Unset (a real SMTP server): a cut-off attempt is
     * not repeated and ends `failed` with its reason (docs/intros.md, "The mail outbox").
     */
    MAIL_DELIVERY_CHECK_URL: httpUrl.optional(),
    /** Test hook (NODE_ENV=test only): exit right after an SMTP server accepted a mail, before recording it. */
    MAIL_FAULT_EXIT_AFTER_SEND: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /** How often unanswered introduction requests are reminded and expired (docs/intros.md). */
    INTRO_SWEEP_INTERVAL_MS: positiveInt.default(15 * 60 * 1000),
  });
export type TeamsConfig = z.infer<typeof teamsConfigSchema>;
