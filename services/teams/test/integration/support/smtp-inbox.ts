import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone: links read whole. */
  body: string;
  messageId: string;
}

/** A free TCP port on loopback (nothing listens on it until an inbox starts there). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.once('error', reject);
  });
}

/** A real SMTP server (smtp-server) that keeps what it receives; start and stop it at will. */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(readonly port: number) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.receive(Buffer.concat(chunks).toString('utf8'), session.envelope);
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Every mail to `address` received so far. */
  allTo(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  /** What a maildev-compatible inbox API answers (`GET /api/email`), for the delivery check. */
  async serveApi(): Promise<{ url: string; close: () => Promise<void> }> {
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(this.mails.map((m) => ({ messageId: m.messageId, to: m.to }))));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  /** The first mail to `address`, waiting for it if it has not come yet. */
  mailTo(address: string): Promise<ReceivedMail> {
    const find = () => this.mails.find((m) => m.to.includes(address));
    return new Promise((resolve) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        this.waiters.delete(check);
        resolve(mail);
      };
      this.waiters.add(check);
      check();
    });
  }

  private receive(raw: string, envelope: SMTPServerEnvelope) {
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
    const from = /^From: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
    const messageId = /^Message-ID: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
    const body = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    this.mails.push({ from, to: envelope.rcptTo.map((r) => r.address), subject, body, messageId });
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Polls `read` until `accept` holds (the test's own timeout bounds it), like Playwright's expect.poll. */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
