import { describe, expect, it } from '@jest/globals';
import { composeIntroMail, mailsConnector, type IntroMailFacts, type IntroMailKind } from './intro-mail.js';

const facts: IntroMailFacts = {
  from: 'Warmpath <no-reply@warmpath.test>',
  to: 'alice@example.org',
  link: 'http://127.0.0.1:3000/workspaces/4/intros/9',
  requesterName: 'Bob <Asker>',
  connectorShown: 'A teammate who knows Ben Ortiz',
  targetName: 'Ben Ortiz',
  targetDetail: 'CTO, Globex',
  workspaceName: 'Sales & Co',
  reason: '<script>alert(1)</script> we sell to CTOs',
  note: null,
};

describe('composeIntroMail', () => {
  it('asks the connector with the reason and one link, the target as the connector knows them', () => {
    const mail = composeIntroMail('requested', facts);
    expect(mail.subject).toBe('Bob <Asker> asks you for an introduction to Ben Ortiz');
    expect(mail.text).toContain('(CTO, Globex)');
    expect(mail.text).toContain('Why: <script>alert(1)</script> we sell to CTOs');
    expect(mail.text).toContain('Open the request: http://127.0.0.1:3000/workspaces/4/intros/9');
  });

  it('escapes everything people typed in the HTML body', () => {
    const { html } = composeIntroMail('requested', facts);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Bob &lt;Asker&gt;');
    expect(html).toContain('Sales &amp; Co');
  });

  it('names a hidden connector only by the label in mails to the requester', () => {
    const mail = composeIntroMail('asking_target', { ...facts, to: 'bob@example.org' });
    expect(mail.subject).toBe('A teammate who knows Ben Ortiz is asking Ben Ortiz first');
  });

  it("sends each change to the other side: the requester's to the connector, and back", () => {
    const toConnector: IntroMailKind[] = [
      'requested',
      'reminder',
      'withdrawn',
      'meeting_held',
      'no_response',
    ];
    const toRequester: IntroMailKind[] = ['accepted', 'declined', 'asking_target', 'introduced', 'expired'];
    expect(toConnector.every(mailsConnector)).toBe(true);
    expect(toRequester.some(mailsConnector)).toBe(false);
  });
});
