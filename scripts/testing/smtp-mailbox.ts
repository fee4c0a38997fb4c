import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, its subject and text decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpMailbox {
  /** `smtp://user:pass@127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to arrive (or one already waiting beyond `seen`). */
  nextMail(seen?: number): Promise<ReceivedMail>;
  /** Refuse mails (a full mailbox) until called again with false. */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_all, kind: string, body: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(body, 'base64').toString('utf8')
        : decodeQuotedPrintable(body.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Splits a single-part message into headers and a decoded text body. */
function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

/**
 * A real SMTP server on a free loopback port that keeps what it is sent, for tests of the SMTP
 * sender. It asks for the user and password in the URL (plain auth without TLS: loopback only).
 */
export async function startSmtpMailbox(user = 'mailer', pass = 'p@ss word'): Promise<SmtpMailbox> {
  const mails: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  let refusing = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === user && auth.password === pass) done(null, { user });
      else done(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, done) {
      done(refusing ? Object.assign(new Error('Mailbox full'), { responseCode: 452 }) : undefined);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parseMail(raw),
        });
        waiting.splice(0).forEach((wake) => wake());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    mails,
    async nextMail(seen = mails.length) {
      while (mails.length <= seen) await new Promise<void>((wake) => waiting.push(wake));
      return mails[seen]!;
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
