import type { IntroState } from '@warmpath/contracts';
import { escapeHtml, type ComposedMail } from '../mail/invitation-mail.js';

/** Who a mail is written to, and what each of them may read (docs/intros.md, "Mails"). */
export interface IntroMailFacts {
  from: string;
  to: string;
  link: string;
  requesterName: string;
  /** The connector as the requester may know them: a name, or "A teammate who knows …". */
  connectorShown: string;
  /** The target as the recipient knows them (the connector: their own record). */
  targetName: string;
  targetDetail: string | null;
  workspaceName: string;
  reason: string;
  note: string | null;
}

export type IntroMailKind = IntroState | 'reminder';

/** Subject and first line of each mail; the connector's mails name only what they already know. */
function wording(kind: IntroMailKind, f: IntroMailFacts): { subject: string; lead: string } {
  switch (kind) {
    case 'requested':
      return {
        subject: `${f.requesterName} asks you for an introduction to ${f.targetName}`,
        lead: `${f.requesterName} would like you to introduce them to ${f.targetName}${f.targetDetail ? ` (${f.targetDetail})` : ''}, whom you know.`,
      };
    case 'reminder':
      return {
        subject: `Reminder: ${f.requesterName} asked you for an introduction to ${f.targetName}`,
        lead: `${f.requesterName} is still waiting for your answer about an introduction to ${f.targetName}. Unanswered requests expire after 14 days.`,
      };
    case 'withdrawn':
      return {
        subject: `${f.requesterName} withdrew their introduction request`,
        lead: `${f.requesterName} no longer needs an introduction to ${f.targetName}. Nothing more to do.`,
      };
    case 'meeting_held':
      return {
        subject: `Your introduction to ${f.targetName} led to a meeting`,
        lead: `${f.requesterName} met ${f.targetName} after your introduction. Thank you!`,
      };
    case 'no_response':
      return {
        subject: `Your introduction to ${f.targetName}: no response`,
        lead: `${f.requesterName} did not hear back from ${f.targetName} after your introduction.`,
      };
    case 'accepted':
      return {
        subject: `${f.connectorShown} accepted your introduction request for ${f.targetName}`,
        lead: `${f.connectorShown} will introduce you to ${f.targetName}.`,
      };
    case 'declined':
      return {
        subject: `Your introduction request for ${f.targetName} was declined`,
        lead: `${f.connectorShown} declined your introduction request for ${f.targetName}.`,
      };
    case 'asking_target':
      return {
        subject: `${f.connectorShown} is asking ${f.targetName} first`,
        lead: `${f.connectorShown} is asking ${f.targetName} whether they want the introduction, and will tell you.`,
      };
    case 'introduced':
      return {
        subject: `You were introduced to ${f.targetName}`,
        lead: `${f.connectorShown} introduced you to ${f.targetName}. Record whether it led to a meeting.`,
      };
    case 'expired':
      return {
        subject: `Your introduction request for ${f.targetName} expired`,
        lead: `Nobody answered your introduction request for ${f.targetName} within 14 days.`,
      };
  }
}

/** Plain text and escaped HTML with the same content: what happened, the reason or note, one link. */
export function composeIntroMail(kind: IntroMailKind, facts: IntroMailFacts): ComposedMail {
  const { subject, lead } = wording(kind, facts);
  const reasonLine = kind === 'requested' || kind === 'reminder' ? `Why: ${facts.reason}` : null;
  const noteLine = facts.note ? `Note: ${facts.note}` : null;
  const lines = [lead, reasonLine, noteLine].filter((line): line is string => line !== null);
  const text = [
    ...lines,
    '',
    `Open the request: ${facts.link}`,
    '',
    `Workspace: ${facts.workspaceName} on Warmpath`,
  ].join('\n');
  const link = escapeHtml(facts.link);
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${link}">Open the request</a></p>`,
    `<p>Workspace: ${escapeHtml(facts.workspaceName)} on Warmpath</p>`,
    '</body></html>',
  ].join('\n');
  return { from: facts.from, to: facts.to, subject, text, html };
}

/** Whose side a change's mail goes to: the requester's changes tell the connector, and back. */
const TO_CONNECTOR: Record<IntroMailKind, boolean> = {
  requested: true,
  reminder: true,
  withdrawn: true,
  meeting_held: true,
  no_response: true,
  accepted: false,
  declined: false,
  asking_target: false,
  introduced: false,
  expired: false,
};

export const mailsConnector = (kind: IntroMailKind): boolean => TO_CONNECTOR[kind];
