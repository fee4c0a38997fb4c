import type { FastifyBaseLogger } from 'fastify';

/** Where login codes go. `console` is the development default; `aliyun` is the real provider. */
export interface SmsSender {
  readonly name: string;
  /** True when the code may be handed back to the browser (development banner). */
  readonly revealsCodes: boolean;
  sendLoginCode(phone: string, code: string): Promise<void>;
}

export function consoleSmsSender(log: FastifyBaseLogger, production: boolean): SmsSender {
  return {
    name: 'console',
    revealsCodes: !production,
    async sendLoginCode(phone, code) {
      // The console sender exists to show the code to the developer running the server.
      log.info(`[sms:console] login code for ${maskPhone(phone)}: ${code}`);
    },
  };
}

export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone.replace(/.(?=.{2})/g, '*');
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
