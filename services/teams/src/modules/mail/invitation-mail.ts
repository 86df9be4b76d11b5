/** What an invitation mail says (the worker fills it from the database and the auth service). */
export interface InvitationMailFields {
  from: string;
  to: string;
  workspaceName: string;
  inviterName: string;
  joinUrl: string;
  expiresAt: Date;
}

export interface ComposedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** "2 December 2026 at 10:00 UTC": unambiguous wherever the invitee reads it. */
export function formatExpiry(expiresAt: Date): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(expiresAt);
  return `${text} UTC`;
}

/** Plain text and simple HTML with the same content: workspace, inviter, link and expiry. */
export function composeInvitationMail(fields: InvitationMailFields): ComposedMail {
  const expiry = formatExpiry(fields.expiresAt);
  const subject = `${fields.inviterName} invited you to join ${fields.workspaceName} on Warmpath`;
  const text = [
    `${fields.inviterName} invited you to join the workspace "${fields.workspaceName}" on Warmpath.`,
    '',
    `Accept the invitation: ${fields.joinUrl}`,
    '',
    `The link works once and expires on ${expiry}. Sign in with this e-mail address to accept it.`,
  ].join('\n');
  const url = escapeHtml(fields.joinUrl);
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(fields.inviterName)} invited you to join the workspace <strong>${escapeHtml(fields.workspaceName)}</strong> on Warmpath.</p>`,
    `<p><a href="${url}">Accept &amp; Join Workspace</a></p>`,
    `<p>Or open this link: <a href="${url}">${url}</a></p>`,
    `<p>The link works once and expires on ${escapeHtml(expiry)}. Sign in with this e-mail address to accept it.</p>`,
    '</body></html>',
  ].join('\n');
  return { from: fields.from, to: fields.to, subject, text, html };
}
