import { randomBytes } from 'node:crypto';

/** The domain of the sender's address ("Warmpath <no-reply@warmpath.local>" → warmpath.local). */
export function senderDomain(mailFrom: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(mailFrom.trim());
  return match?.[1] ?? 'warmpath.local';
}

/**
 * The Message-ID of one attempt of one outbox mail: unique per (mail, attempt), recorded before
 * the send, so after a crash the record says which message to look for.
 */
export function outboxMessageId(outboxId: number, attempt: number, domain: string): string {
  return `<outbox-${outboxId}.${attempt}.${randomBytes(6).toString('hex')}@${domain}>`;
}
