/** What a maildev-compatible inbox API lists per mail (only what the check reads). */
interface ListedMail {
  messageId?: string;
  headers?: Record<string, unknown>;
}

const bare = (id: string) => id.trim().replace(/^<|>$/g, '');

/**
 * Whether the SMTP side received the mail with this Message-ID, where it can be asked: a
 * maildev-compatible API (the development and test inbox). Null when it cannot be asked (a real
 * SMTP server has no such question) or did not answer.
 */
export async function wasDelivered(checkUrl: string | undefined, messageId: string): Promise<boolean | null> {
  if (!checkUrl) return null;
  try {
    const response = await fetch(`${checkUrl}/api/email`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const mails = (await response.json()) as ListedMail[];
    const wanted = bare(messageId);
    return mails.some((mail) => {
      const header = mail.headers?.['message-id'];
      return (
        (mail.messageId !== undefined && bare(mail.messageId) === wanted) ||
        (typeof header === 'string' && bare(header) === wanted)
      );
    });
  } catch {
    return null;
  }
}
