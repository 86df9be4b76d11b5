// The development inbox (docs/workspaces.md "E-mail"): a maildev SMTP server and web inbox on
// loopback, so invitation mails sent by a local Warmpath can be opened without a real mail server.
import { isListening } from './infra.mjs';
import { freePort } from './stack.mjs';

const portOr = async (preferred) => (preferred && !(await isListening(preferred)) ? preferred : freePort());

/**
 * Starts maildev in this process. smtpPort/webPort: preferred ports (taken ones are replaced by
 * free ones; 0 always picks free ones). mailDirectory: keep mails there across restarts (else in memory).
 * @param {{ smtpPort?: number, webPort?: number, mailDirectory?: string }} [options]
 * @returns {Promise<{ smtpUrl: string, webUrl: string, stop: () => Promise<void> }>}
 */
export async function startDevInbox({ smtpPort = 1025, webPort = 1080, mailDirectory } = {}) {
  const smtp = await portOr(smtpPort);
  const web = await portOr(webPort);
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp,
    web,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    ...(mailDirectory ? { mailDirectory } : {}),
  });
  // maildev announces its API on stdout even when silent; the launcher prints the inbox URL itself.
  const info = console.info;
  console.info = () => undefined;
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    webUrl: `http://127.0.0.1:${web}`,
    stop: () => maildev.stop(),
  };
}
