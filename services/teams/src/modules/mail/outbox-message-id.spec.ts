import { describe, expect, it } from '@jest/globals';
import { outboxMessageId, senderDomain } from './outbox-message-id.js';

describe('outbox Message-IDs', () => {
  it("take the sender address's domain", () => {
    expect(senderDomain('Warmpath <no-reply@warmpath.test>')).toBe('warmpath.test');
    expect(senderDomain('bot@mail.example.org')).toBe('mail.example.org');
    expect(senderDomain('Warmpath')).toBe('warmpath.local');
  });

  it('name the mail and the attempt, and differ between attempts', () => {
    const first = outboxMessageId(12, 1, 'warmpath.test');
    expect(first).toMatch(/^<outbox-12\.1\.[0-9a-f]{12}@warmpath\.test>$/);
    expect(outboxMessageId(12, 2, 'warmpath.test')).toMatch(/^<outbox-12\.2\./);
    expect(outboxMessageId(12, 1, 'warmpath.test')).not.toBe(first);
  });
});
