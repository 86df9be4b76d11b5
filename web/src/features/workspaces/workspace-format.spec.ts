import { describe, expect, it } from 'vitest';
import { canInvite, describeMailStatus, formatRequested } from './workspace-format';

const now = Date.parse('2026-05-10T12:00:00Z');

describe('formatRequested', () => {
  it("says 'recently' for a missing, unreadable or under-a-minute-old date", () => {
    expect(formatRequested(null, now)).toBe('recently');
    expect(formatRequested('soon', now)).toBe('recently');
    expect(formatRequested('2026-05-10T11:59:30Z', now)).toBe('recently');
  });

  it('says how long ago in the largest whole unit', () => {
    expect(formatRequested('2026-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRequested('2026-05-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRequested('2026-05-10T11:55:00Z', now)).toBe('5 minutes ago');
  });
});

describe('canInvite', () => {
  it('lets the owner and admins invite, not members', () => {
    expect(canInvite('owner')).toBe(true);
    expect(canInvite('admin')).toBe(true);
    expect(canInvite('member')).toBe(false);
  });
});

describe('describeMailStatus', () => {
  it('names the address when the mail went out and says to share the link when there is no mail', () => {
    expect(describeMailStatus('sent', 'b@x.org')).toBe('An invitation e-mail was sent to b@x.org.');
    expect(describeMailStatus('disabled', 'b@x.org')).toContain('share the link yourself');
  });

  it('says a mail that could not be delivered failed, and to share the link instead', () => {
    expect(describeMailStatus('failed', 'b@x.org')).toBe(
      'The e-mail to b@x.org could not be delivered: share the link yourself.',
    );
  });
});
