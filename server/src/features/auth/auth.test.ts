import type * as argon2 from '@node-rs/argon2';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextPhone, startTestApp, type TestApp } from '../../../test/support/harness';

// The real argon2, watched: the tests count how many password checks a login costs.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

/** A clock the tests move by hand. */
const clock = { offset: 0, now: () => Date.now() + clock.offset };

let app: TestApp;
let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const en = { 'accept-language': 'en-US' };

async function sendCode(phone: string, ip = freshIp()) {
  return app.http.inject({
    url: `/api/login/send-login-code?phone=${phone}`,
    remoteAddress: ip,
    headers: en,
  });
}
async function login(body: object, ip = freshIp()) {
  return app.http.inject({
    method: 'POST',
    url: '/api/login/login',
    payload: body,
    remoteAddress: ip,
    headers: en,
  });
}

beforeAll(async () => {
  app = await startTestApp({}, { now: clock.now });
});
afterAll(() => app.close());

describe('phone code login', () => {
  it('creates the account on first login and signs in again later with the same account', async () => {
    const phone = nextPhone();
    const sent = await sendCode(phone);
    expect(sent.json()).toMatchObject({
      success: true,
      data: { resendAfter: 60, devCode: expect.stringMatching(/^\d{6}$/) },
    });
    const first = await login({ loginType: 'Captcha', account: phone, code: sent.json().data.devCode });
    expect(first.json()).toMatchObject({
      success: true,
      data: { token: expect.any(String), user: { phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` } },
    });
    clock.offset += 61_000;
    const again = await sendCode(phone);
    const second = await login({ loginType: 'Captcha', account: phone, code: again.json().data.devCode });
    expect(second.json().data.user.id).toBe(first.json().data.user.id);
  });

  it('refuses a wrong code, then five wrong codes kill that code', async () => {
    const phone = nextPhone();
    const ip = freshIp();
    const code = (await sendCode(phone, ip)).json().data.devCode as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await login({ loginType: 'Captcha', account: phone, code: wrong }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'The verification code is wrong' });
    for (let i = 0; i < 4; i++) await login({ loginType: 'Captcha', account: phone, code: wrong }, ip);
    const locked = await login({ loginType: 'Captcha', account: phone, code }, ip);
    expect(locked.json()).toMatchObject({
      success: false,
      reason: 'rate_limited',
      message: 'Too many wrong codes. Ask for a new one.',
    });
  });

  it.each(['login', 'reset'] as const)(
    'limits one address’s wrong codes per phone across new codes, not the owner’s (%s)',
    async (flow) => {
      const phone = nextPhone();
      if (flow === 'reset') await app.signIn(phone);
      const attempt = (code: string, ip: string) =>
        flow === 'login'
          ? login({ loginType: 'Captcha', account: phone, code }, ip)
          : app.http.inject({
              method: 'POST',
              url: '/api/login/forget-reset-pwd',
              payload: { phone, code, password: 'correct horse 1' },
              remoteAddress: ip,
              headers: en,
            });
      const guesser = freshIp();
      for (let round = 0; round < 2; round++) {
        clock.offset += 61_000;
        const code = (await sendCode(phone, guesser)).json().data.devCode as string;
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i++)
          expect((await attempt(wrong, guesser)).json().message).toBe('The verification code is wrong');
      }
      clock.offset += 61_000;
      const right = (await sendCode(phone, guesser)).json().data.devCode as string;
      const refused = await attempt(right, guesser);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        success: false,
        reason: 'rate_limited',
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ s\.$/),
      });
      // The phone's owner, elsewhere, is not locked out with that address.
      clock.offset += 61_000;
      const owner = freshIp();
      const fresh = (await sendCode(phone, owner)).json().data.devCode as string;
      expect((await attempt(fresh, owner)).json()).toMatchObject({ success: true });
    },
  );

  it('lets the owner in with a code sent after a stranger’s flood of wrong codes, while the flood goes on', async () => {
    const phone = nextPhone();
    const stranger = () => login({ loginType: 'Captcha', account: phone, code: '000000' });
    // No code was ever sent: every guess is wrong, and from everywhere the phone's wait grows.
    const flood = [];
    for (let i = 0; i < 40; i++) flood.push((await stranger()).statusCode);
    expect(flood.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(flood.slice(5).every((status) => status === 429)).toBe(true);
    const ownerIp = freshIp();
    const code = (await sendCode(phone, ownerIp)).json().data.devCode as string;
    // The stranger keeps guessing at the owner's fresh code: slowed, and it does not spend it.
    const guesses: number[] = [];
    for (let i = 0; i < 16; i++) {
      if (i % 4 === 0) clock.offset += 61_000; // past each wait: some guesses are judged
      guesses.push((await stranger()).statusCode);
    }
    expect(guesses.filter((status) => status === 400).length).toBeGreaterThan(0);
    const signedIn = await login({ loginType: 'Captcha', account: phone, code }, ownerIp);
    expect(signedIn.json()).toMatchObject({ success: true, data: { token: expect.any(String) } });
  });

  it('slows a phone’s wrong codes from everywhere with growing waits of at most a minute', async () => {
    const phone = nextPhone();
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await login({ loginType: 'Captcha', account: phone, code: '000000' });
      if (res.statusCode === 429) {
        const seconds = Number(/in (\d+) s/.exec(res.json().message)?.[1]);
        waits.push(seconds);
        clock.offset += seconds * 1000;
        i--;
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('refuses an expired code', async () => {
    const phone = nextPhone();
    const code = (await sendCode(phone)).json().data.devCode as string;
    clock.offset += 5 * 60_000 + 1000;
    const res = await login({ loginType: 'Captcha', account: phone, code });
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The verification code has expired. Ask for a new one.',
    });
  });

  it('refuses a code used once already', async () => {
    const phone = nextPhone();
    const code = (await sendCode(phone)).json().data.devCode as string;
    expect((await login({ loginType: 'Captcha', account: phone, code })).json().success).toBe(true);
    const reused = await login({ loginType: 'Captcha', account: phone, code });
    expect(reused.json()).toMatchObject({
      success: false,
      message: 'That verification code was already used. Ask for a new one.',
    });
  });

  it('sends one code per minute per phone, and a bounded number per hour per IP', async () => {
    const phone = nextPhone();
    await sendCode(phone);
    const tooSoon = await sendCode(phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/A code was just sent\. Try again in \d+ s\./);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await sendCode(nextPhone(), ip)).json().success).toBe(true);
    const eleventh = await sendCode(nextPhone(), ip);
    expect(eleventh.json()).toMatchObject({ success: false, reason: 'rate_limited' });
  });

  it('refuses malformed phone numbers', async () => {
    const res = await sendCode('12345');
    expect(res.json()).toMatchObject({ success: false, message: 'Enter a valid phone number' });
  });
});

describe('password login and reset', () => {
  it('signs in with a password set through the reset flow, and refuses a wrong one', async () => {
    const phone = nextPhone();
    await app.signIn(phone);
    clock.offset += 61_000;
    const code = (await sendCode(phone)).json().data.devCode;
    const reset = await app.http.inject({
      method: 'POST',
      url: '/api/login/forget-reset-pwd',
      payload: { phone, code, password: 'correct horse 1' },
    });
    expect(reset.json()).toMatchObject({ success: true });
    expect(
      (await login({ loginType: 'Password', account: phone, password: 'correct horse 1' })).json().success,
    ).toBe(true);
    const wrong = await login({ loginType: 'Password', account: phone, password: 'nope nope nope' });
    expect(wrong.json()).toMatchObject({ success: false, message: 'Wrong account or password' });
  });

  it('slows down repeated wrong passwords for an account', async () => {
    const phone = nextPhone();
    await app.signIn(phone);
    for (let i = 0; i < 5; i++)
      await login({ loginType: 'Password', account: phone, password: 'wrong password' });
    const blocked = await login({ loginType: 'Password', account: phone, password: 'wrong password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts\. Try again in 1 s\./);
  });

  it('locks out the guessing address, and the owner elsewhere waits at most a minute', async () => {
    const phone = nextPhone();
    await app.signIn(phone);
    clock.offset += 61_000;
    const code = (await sendCode(phone)).json().data.devCode;
    await app.http.inject({
      method: 'POST',
      url: '/api/login/forget-reset-pwd',
      payload: { phone, code, password: 'correct horse 3' },
    });
    const stranger = freshIp();
    const guess = () =>
      login({ loginType: 'Password', account: phone, password: 'wrong password' }, stranger);
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(400);
    clock.offset += 60_000;
    // That address is out for a quarter of an hour, whatever the account's wait says.
    const lockedOut = await guess();
    expect(lockedOut.statusCode).toBe(429);
    expect(Number(/in (\d+) s/.exec(lockedOut.json().message)?.[1])).toBeGreaterThan(60);
    // Many more addresses keep guessing: each gets one try per wait.
    for (let i = 0; i < 30; i++) {
      await login({ loginType: 'Password', account: phone, password: 'wrong password' });
      clock.offset += 20_000;
    }
    const owner = freshIp();
    const first = await login({ loginType: 'Password', account: phone, password: 'correct horse 3' }, owner);
    if (first.statusCode === 429) {
      const seconds = Number(/in (\d+) s/.exec(first.json().message)?.[1]);
      expect(seconds).toBeLessThanOrEqual(60);
      clock.offset += seconds * 1000;
    }
    const signedIn =
      first.statusCode === 429
        ? await login({ loginType: 'Password', account: phone, password: 'correct horse 3' }, owner)
        : first;
    expect(signedIn.json()).toMatchObject({ success: true });
  });

  it('counts wrong passwords against the account however its phone number is spelled', async () => {
    const phone = nextPhone();
    await app.signIn(phone);
    const [a, b, c] = [phone.slice(0, 3), phone.slice(3, 7), phone.slice(7)];
    for (const spelling of [
      `${a} ${b}${c}`,
      `${a}${b} ${c}`,
      `${a}-${b}-${c}`,
      `${a} ${b} ${c}`,
      `${a}-${b}${c}`,
    ]) {
      expect(
        (await login({ loginType: 'Password', account: spelling, password: 'wrong password' })).statusCode,
      ).toBe(400);
    }
    const blocked = await login({ loginType: 'Password', account: phone, password: 'wrong password' });
    expect(blocked.statusCode).toBe(429);
  });

  it('lets no more than the limit of concurrent wrong passwords be checked', async () => {
    const email = `racer-${nextPhone()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        login({ loginType: 'Password', account: email, password: 'wrong password' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  describe('answer time', () => {
    beforeEach(() => {
      vi.mocked(verify).mockClear();
    });

    it('checks a password of an unknown account as long as a real one', async () => {
      const res = await login({
        loginType: 'Password',
        account: `nobody-${nextPhone()}@example.com`,
        password: 'some password',
      });
      expect(res.json().message).toBe('Wrong account or password');
      expect(verify).toHaveBeenCalledWith(expect.stringMatching(/^\$argon2id\$/), 'some password');
    });

    it('checks a password of an account that has none as long as a real one', async () => {
      const phone = nextPhone();
      await app.signIn(phone);
      const res = await login({ loginType: 'Password', account: phone, password: 'some password' });
      expect(res.json().message).toBe('Wrong account or password');
      expect(verify).toHaveBeenCalledWith(expect.stringMatching(/^\$argon2id\$/), 'some password');
    });
  });

  it('ends every session when the password is reset', async () => {
    const phone = nextPhone();
    const session = await app.signIn(phone);
    clock.offset += 61_000;
    const code = (await sendCode(phone)).json().data.devCode;
    await app.http.inject({
      method: 'POST',
      url: '/api/login/forget-reset-pwd',
      payload: { phone, code, password: 'another secret 2' },
    });
    const index = await app.http.inject({ url: '/api/home/index', headers: session.auth });
    expect(index.json().data).toEqual({ auth: false });
  });
});

describe('sessions', () => {
  it('answers auth false, never 401, for missing, unknown and revoked tokens', async () => {
    expect((await app.http.inject('/api/home/index')).json()).toMatchObject({
      success: true,
      data: { auth: false },
    });
    const unknown = await app.http.inject({
      url: '/api/home/index',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual({ auth: false });
    const session = await app.signIn();
    expect(
      (await app.http.inject({ url: '/api/home/index', headers: session.auth })).json().data,
    ).toMatchObject({ auth: true, id: session.user.id });
    await app.http.inject({ method: 'POST', url: '/api/login/logout', headers: session.auth });
    expect((await app.http.inject({ url: '/api/home/index', headers: session.auth })).json().data).toEqual({
      auth: false,
    });
    const put = await app.http.inject({
      method: 'PUT',
      url: '/api/home/info',
      headers: session.auth,
      payload: { name: 'x' },
    });
    expect(put.statusCode).toBe(401);
  });

  it('expires tokens after thirty days', async () => {
    const session = await app.signIn();
    clock.offset += 31 * 24 * 3600 * 1000;
    expect((await app.http.inject({ url: '/api/home/index', headers: session.auth })).json().data).toEqual({
      auth: false,
    });
  });
});

describe('profile', () => {
  it('edits name, description, theme and remix, and refuses bad names and avatars without changing anything', async () => {
    const session = await app.signIn();
    const put = (payload: object) =>
      app.http.inject({ method: 'PUT', url: '/api/home/info', headers: { ...session.auth, ...en }, payload });
    const res = await put({ name: '  Ada  ', description: 'draws foxes', theme: 'light', mjRemix: true });
    expect(res.json().data).toMatchObject({
      name: 'Ada',
      description: 'draws foxes',
      theme: 'light',
      mjRemix: true,
    });
    expect((await put({ name: '' })).json()).toMatchObject({
      success: false,
      message: 'The name must be 1–32 characters',
    });
    expect((await put({ name: 'x'.repeat(33) })).json().success).toBe(false);
    expect((await put({ avatar: 'https://evil.example/a.png' })).json()).toMatchObject({
      success: false,
      message: 'The avatar must be an uploaded image',
    });
    expect((await put({ theme: 'neon' })).json().success).toBe(false);
    const index = await app.http.inject({ url: '/api/home/index', headers: session.auth });
    expect(index.json().data).toMatchObject({ name: 'Ada', theme: 'light' });
  });

  it('keeps the language a person chose and hands it back at sign-in and in the session, so it follows them to another device', async () => {
    const phone = '13800007777';
    const first = await app.signIn(phone);
    expect(
      (await app.http.inject({ url: '/api/home/index', headers: first.auth })).json().data,
    ).not.toHaveProperty('language');
    await app.http.inject({
      method: 'PUT',
      url: '/api/home/info',
      headers: first.auth,
      payload: { language: 'en-US', theme: 'light' },
    });
    clock.offset += 61_000; // a new code may be sent after a minute
    const second = await app.signIn(phone);
    expect(second.user).toMatchObject({ language: 'en-US', theme: 'light' });
    expect(
      (await app.http.inject({ url: '/api/home/index', headers: second.auth })).json().data,
    ).toMatchObject({ language: 'en-US', theme: 'light' });
  });
});
