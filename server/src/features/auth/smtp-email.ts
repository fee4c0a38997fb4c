import nodemailer from 'nodemailer';
import type { EmailSender } from './email';

export interface SmtpEmailOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`. */
  url: string;
  /** The From header: `Drawspace <no-reply@example.com>`. */
  from: string;
  /** Each step (connect, greeting, a reply) gives up after this long. */
  timeoutMs?: number;
}

/** Mails login codes through an SMTP server (nodemailer). One connection per mail: codes are rare. */
export function smtpEmailSender(options: SmtpEmailOptions): EmailSender {
  const timeout = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    revealsCodes: false,
    async sendLoginCode({ to, subject, text }) {
      await transport.sendMail({ from: options.from, to, subject, text });
    },
  };
}
