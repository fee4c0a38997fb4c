import type { FastifyBaseLogger } from 'fastify';

/** A login code mail, already in the reader's language. */
export interface LoginCodeMail {
  to: string;
  subject: string;
  text: string;
}

/** Where email login codes go. `console` is the development default; `smtp` is the real one. */
export interface EmailSender {
  readonly name: string;
  /** True when the code may be handed back to the browser (development banner). */
  readonly revealsCodes: boolean;
  sendLoginCode(mail: LoginCodeMail & { code: string }): Promise<void>;
}

/**
 * Outside production it logs the code for the developer running the server (and the browser's
 * development banner shows it). In production it delivers nothing and logs no code: it refuses,
 * so the person is told the mail could not be sent and the operator reads why in the log.
 */
export function consoleEmailSender(log: FastifyBaseLogger, production: boolean): EmailSender {
  return {
    name: 'console',
    revealsCodes: !production,
    async sendLoginCode({ to, code }) {
      if (production) {
        log.warn(
          `[email:console] a login code for ${maskEmail(to)} was not delivered: EMAIL_SENDER=console in production; set EMAIL_SENDER=smtp with SMTP_URL and EMAIL_FROM`,
        );
        throw new Error('EMAIL_SENDER=console delivers no mail in production');
      }
      log.info(`[email:console] login code for ${maskEmail(to)}: ${code}`);
    },
  };
}

/** `ad***@example.com`: enough for a person to recognise their address, too little to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at - 1))}***${email.slice(at)}`;
}
