import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, nextPhone, startTestApp, type TestApp } from '../../test/support/harness';
import { connectSocket, connectWithTicket, fetchTicket, type TestSocket } from '../../test/support/socket';

const clock = { offset: 0, now: () => Date.now() + clock.offset };
let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await startTestApp({}, { now: clock.now });
  origin = await listen(app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.http.inject({ method, url, payload, headers: session.auth });

/** A socket subscribed to a channel of its own user; resolves the reason once the server ends it. */
async function watching(session: Session) {
  const channel = (await call(session, 'POST', '/api/draw/channel', { title: 'live', isBan: false })).json()
    .data as { id: string };
  const socket = await connectSocket(origin, session.token);
  sockets.push(socket);
  expect(await socket.subscribe(channel.id)).toMatchObject({ ok: true });
  const ended = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { socket, ended };
}

const within = <T>(promise: Promise<T>, ms = 3_000) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);

describe('a socket does not outlive its session', () => {
  it('ends the sockets of a user who logs out, and the revoked token gets no new ticket', async () => {
    const ann = await app.signIn();
    const { socket, ended } = await watching(ann);
    expect((await call(ann, 'POST', '/api/login/logout')).statusCode).toBe(200);
    expect(await within(ended)).toBe('io server disconnect');
    expect(socket.connected).toBe(false);
    expect((await call(ann, 'GET', '/api/ws/pre-connect')).statusCode).toBe(401);
  });

  it('ends the sockets of a user whose password is reset (every session ends)', async () => {
    const phone = nextPhone();
    const bob = await app.signIn(phone);
    const { ended } = await watching(bob);
    // Past the login code's resend wait, then reset the password with a new code.
    clock.offset += 61_000;
    const remoteAddress = '10.77.0.1';
    const sent = await app.http.inject({
      method: 'GET',
      url: `/api/login/send-login-code?phone=${phone}`,
      remoteAddress,
    });
    const code = sent.json().data.devCode as string;
    const reset = await app.http.inject({
      method: 'POST',
      url: '/api/login/forget-reset-pwd',
      payload: { phone, code, password: 'a-new-password-1' },
      remoteAddress,
    });
    expect(reset.statusCode).toBe(200);
    expect(await within(ended)).toBe('io server disconnect');
  });

  it('ends only the logged-out device’s sockets: the same user’s other session stays live', async () => {
    const phone = nextPhone();
    const laptop = await app.signIn(phone);
    clock.offset += 61_000; // past the login code's resend wait
    const phoneApp = await app.signIn(phone);
    const onLaptop = await watching(laptop);
    const onPhone = await watching(phoneApp);
    await call(phoneApp, 'POST', '/api/login/logout');
    expect(await within(onPhone.ended)).toBe('io server disconnect');
    expect(await within(onLaptop.ended, 300).catch(() => 'still connected')).toBe('still connected');
    expect(onLaptop.socket.connected).toBe(true);
  });

  it('leaves other users’ sockets alone', async () => {
    const ann = await app.signIn();
    const cid = await app.signIn();
    const { ended } = await watching(cid);
    await call(ann, 'POST', '/api/login/logout');
    await call(ann, 'POST', '/api/login/logout');
    expect(await within(ended, 300).catch(() => 'still connected')).toBe('still connected');
  });
});

describe('a ticket is only as good as its session', () => {
  /** A password reset with a new code (every session ends); the caller waited out the code's resend wait. */
  async function resetPassword(phone: string) {
    const remoteAddress = '10.77.0.2';
    const sent = await app.http.inject({
      method: 'GET',
      url: `/api/login/send-login-code?phone=${phone}`,
      remoteAddress,
    });
    const code = sent.json().data.devCode as string;
    const reset = await app.http.inject({
      method: 'POST',
      url: '/api/login/forget-reset-pwd',
      payload: { phone, code, password: 'a-new-password-2' },
      remoteAddress,
    });
    expect(reset.statusCode).toBe(200);
  }

  it('refuses a ticket fetched before a logout', async () => {
    const ann = await app.signIn();
    const ticket = await fetchTicket(origin, ann.token);
    await call(ann, 'POST', '/api/login/logout');
    await expect(connectWithTicket(origin, ticket)).rejects.toThrow('invalid or expired ticket');
  });

  it('refuses a ticket fetched before a password reset', async () => {
    const phone = nextPhone();
    const bob = await app.signIn(phone);
    clock.offset += 61_000; // past the login code's resend wait, within the ticket's minute
    const ticket = await fetchTicket(origin, bob.token);
    await resetPassword(phone);
    await expect(connectWithTicket(origin, ticket)).rejects.toThrow('invalid or expired ticket');
  });

  it('still opens a socket with a ticket of a live session, once', async () => {
    const cid = await app.signIn();
    const ticket = await fetchTicket(origin, cid.token);
    const socket = await connectWithTicket(origin, ticket);
    sockets.push(socket);
    expect(socket.connected).toBe(true);
    await expect(connectWithTicket(origin, ticket)).rejects.toThrow('invalid or expired ticket');
  });
});
