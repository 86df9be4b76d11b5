import { describe, expect, it } from '@jest/globals';
import { composeInvitationMail, formatExpiry } from './invitation-mail.js';

const fields = {
  from: 'Warmpath <no-reply@warmpath.local>',
  to: 'bea@example.org',
  workspaceName: 'Sales <Team>',
  inviterName: 'Ana Silva',
  joinUrl: 'http://127.0.0.1:3000/join/abc_DEF-123',
  expiresAt: new Date('2026-12-02T10:00:00Z'),
};

describe('composeInvitationMail', () => {
  it('names the workspace and the inviter in the subject', () => {
    expect(composeInvitationMail(fields).subject).toBe(
      'Ana Silva invited you to join Sales <Team> on Warmpath',
    );
  });

  it('gives the link and the expiry in the text', () => {
    const mail = composeInvitationMail(fields);
    expect(mail.text).toContain('http://127.0.0.1:3000/join/abc_DEF-123');
    expect(mail.text).toContain('2 December 2026 at 10:00 UTC');
    expect(mail.to).toBe('bea@example.org');
  });

  it('escapes names in the HTML and links to the invitation', () => {
    const { html } = composeInvitationMail(fields);
    expect(html).toContain('<strong>Sales &lt;Team&gt;</strong>');
    expect(html).not.toContain('<Team>');
    expect(html).toContain('href="http://127.0.0.1:3000/join/abc_DEF-123"');
  });
});

describe('formatExpiry', () => {
  it('writes the date in UTC, unambiguously', () => {
    expect(formatExpiry(new Date('2026-01-08T23:30:00Z'))).toBe('8 January 2026 at 23:30 UTC');
  });
});
