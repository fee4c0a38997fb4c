import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { consoleEmailSender, maskEmail } from './email';

/** A clock the tests move by hand. */
const clock = { offset: 0, now: () => Date.now() + clock.offset };

let app: TestApp;
let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let emailCounter = 0;
const freshEmail = () => `Person.${process.pid}.${++emailCounter}@Example.com`;

async function sendCode(query: Record<string, string>, ip = freshIp(), language = 'en-US') {
  return app.http.inject({
    url: `/api/login/send-login-code?${new URLSearchParams(query)}`,
    remoteAddress: ip,
    headers: { 'accept-language': language },
  });
}
async function codeLogin(account: string, code: string, ip = freshIp()) {
  return app.http.inject({
    method: 'POST',
    url: '/api/login/login',
    payload: { loginType: 'Captcha', account, code },
    remoteAddress: ip,
    headers: { 'accept-language': 'en-US' },
  });
}
/** Asks for a code and signs in with it from one address; the login answer's data. */
async function signUp(query: { phone: string } | { email: string }, account = Object.values(query)[0]!) {
  const ip = freshIp();
  const sent = await sendCode(query, ip);
  expect(sent.json(), JSON.stringify(query)).toMatchObject({ success: true });
  const res = await codeLogin(account, sent.json().data.devCode as string, ip);
  expect(res.json(), account).toMatchObject({ success: true });
  return res.json().data as {
    token: string;
    user: { id: string; phone: string; email: string; name: string };
  };
}

beforeAll(async () => {
  app = await startTestApp({}, { now: clock.now });
});
afterAll(() => app.close());

describe('signing up by email code', () => {
  it('creates the account on the first code, with the free daily credits a phone account gets', async () => {
    const email = freshEmail();
    const sent = await sendCode({ email });
    expect(sent.json()).toMatchObject({
      success: true,
      data: { resendAfter: 60, devCode: expect.stringMatching(/^\d{6}$/) },
    });
    const first = await codeLogin(email, sent.json().data.devCode);
    const user = first.json().data.user;
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      phone: '',
      name: expect.stringMatching(/^user[0-9a-f]{4}$/),
    });
    // Other members see the name: nothing of the address is in it.
    expect(user.name).not.toContain('person');

    const phoneUser = await signUp({ phone: '+44 7911 123456' });
    const creditsOf = async (token: string) =>
      (
        await app.http.inject({ url: '/api/home/credits', headers: { authorization: `Bearer ${token}` } })
      ).json().data;
    const [emailCredits, phoneCredits] = await Promise.all([
      creditsOf(first.json().data.token),
      creditsOf(phoneUser.token),
    ]);
    expect(emailCredits).toEqual(phoneCredits);
    expect(emailCredits).toMatchObject({ balance: 10, free: 10, dailyAllowance: 10 });
  });

  it('signs the same person in again, however the address is capitalised', async () => {
    const email = freshEmail();
    const first = await signUp({ email });
    clock.offset += 61_000;
    const again = await signUp({ email: email.toUpperCase() }, ` ${email.toLowerCase()} `);
    expect(again.user.id).toBe(first.user.id);
  });

  it('waits a minute between two codes to one email address', async () => {
    const email = freshEmail();
    const ip = freshIp();
    expect((await sendCode({ email }, ip)).statusCode).toBe(200);
    const soon = await sendCode({ email: email.toLowerCase() }, ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^A code was just sent\. Try again in \d+ s\.$/);
    // The wait is per account: another address right away is fine.
    expect((await sendCode({ email: freshEmail() }, ip)).statusCode).toBe(200);
  });

  it('counts email codes in the per-address budget of codes, together with phone codes', async () => {
    // Straight to the service: the route's own per-minute limit would answer first.
    const ip = freshIp();
    const auth = app.services.auth;
    for (let i = 0; i < 5; i++) await auth.sendLoginCode({ phone: `1370000${2000 + i}` }, ip, 'en-US');
    for (let i = 0; i < 5; i++) await auth.sendLoginCode({ email: freshEmail() }, ip, 'en-US');
    await expect(auth.sendLoginCode({ email: freshEmail() }, ip, 'en-US')).rejects.toMatchObject({
      key: 'error.rateLimited',
    });
  });

  it('refuses a wrong email code and kills the code after five', async () => {
    const email = freshEmail();
    const ip = freshIp();
    const code = (await sendCode({ email }, ip)).json().data.devCode as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await codeLogin(email, wrong, ip);
    expect(res.json()).toMatchObject({ success: false, message: 'The verification code is wrong' });
    for (let i = 0; i < 4; i++) await codeLogin(email, wrong, ip);
    expect((await codeLogin(email, code, ip)).json()).toMatchObject({
      success: false,
      message: 'Too many wrong codes. Ask for a new one.',
    });
  });

  it('asks for exactly one of phone and email, and refuses an address that is not one', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'Give a phone number or an email address (one of them)'],
      [
        { phone: '13800138000', email: 'a@example.com' },
        'Give a phone number or an email address (one of them)',
      ],
      [{ email: 'not-an-address' }, 'Enter a valid email address'],
      [{ email: `${'a'.repeat(250)}@example.com`.slice(0, 254) }, 'Enter a valid email address'],
      [{ phone: '+1 415 123 4567' }, 'Enter a valid phone number'],
    ];
    for (const [query, message] of cases) {
      const res = await sendCode(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json(), JSON.stringify(query)).toMatchObject({ success: false, message });
    }
  });
});

describe('phone numbers with a country code', () => {
  it('signs up +44 and +1 numbers, however they are spaced, and shows them masked in E.164', async () => {
    const uk = await signUp({ phone: '+44 7911 123457' }, '+447911123457');
    expect(uk.user.phone).toBe('+44****3457');
    const us = await signUp({ phone: '+1 (415) 555-0199' }, '+1 415 555 0199');
    expect(us.user).toMatchObject({ phone: '+14****0199', name: 'user0199' });
  });

  it('keeps mainland numbers as they were: +86 and the bare number are one account', async () => {
    const bare = await signUp({ phone: '13700001111' });
    clock.offset += 61_000;
    const plus = await signUp({ phone: '+86 137 0000 1111' });
    expect(plus.user.id).toBe(bare.user.id);
    expect(plus.user.phone).toBe('137****1111');
  });
});

describe('the console email sender', () => {
  function capturingLog() {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
    return { lines, log: log as unknown as FastifyBaseLogger };
  }
  const mail = { to: 'someone@example.com', code: '428193', subject: 's', text: 't' };

  it('shows the developer the code outside production', async () => {
    const { lines, log } = capturingLog();
    const sender = consoleEmailSender(log, false);
    await sender.sendLoginCode(mail);
    expect(sender.revealsCodes).toBe(true);
    expect(lines).toEqual(['[email:console] login code for so***@example.com: 428193']);
  });

  it('in production delivers nothing, says so, and never writes the code or the address', async () => {
    const { lines, log } = capturingLog();
    const sender = consoleEmailSender(log, true);
    await expect(sender.sendLoginCode(mail)).rejects.toThrow(/EMAIL_SENDER=console/);
    expect(sender.revealsCodes).toBe(false);
    expect(lines.join('\n')).toMatch(
      /not delivered: EMAIL_SENDER=console in production; set EMAIL_SENDER=smtp/,
    );
    expect(lines.join('\n')).not.toMatch(/428193|someone@/);
  });

  it('in production answers that the mail could not be sent, and keeps no code', async () => {
    const production = await startTestApp({
      NODE_ENV: 'production',
      ALLOW_UNSAFE_SANDBOX_PAYMENTS: 'true',
      ALLOW_UNSAFE_CONSOLE_SMS: 'true',
    });
    try {
      const res = await production.http.inject({
        url: '/api/login/send-login-code?email=someone@example.com',
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'The email could not be sent. Please try again, or use a phone number.',
      });
      expect(res.json().data?.devCode).toBeUndefined();
    } finally {
      await production.close();
    }
  });

  it('masks addresses in what it logs', () => {
    expect(maskEmail('someone@example.com')).toBe('so***@example.com');
    expect(maskEmail('a@example.com')).toBe('***@example.com');
  });
});
