import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEmbeddedStorage } from '../../storage/embedded';
import { nextPhone, startTestApp, type TestApp } from '../../../test/support/harness';
import { authRepository, Users, type UserDoc } from './repository';
import { sessionCache } from './session-cache';
import { authService } from './service';

const clock = { offset: 0, now: () => Date.now() + clock.offset };
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
const whoAmI = async (session: Session) =>
  (await app.http.inject({ url: '/api/home/index', headers: session.auth })).json().data;
const channels = (session: Session) => app.http.inject({ url: '/api/draw/channels', headers: session.auth });

/** An auth service of its own on another connection to the app's store, as another process has. */
function anotherProcess() {
  const storage = openEmbeddedStorage(app.dataDir, 'ops');
  const repo = authRepository(storage);
  // Only sessions are asked of it here: no codes are sent, no attempts counted.
  const auth = authService({
    repo,
    sms: {} as never,
    email: {} as never,
    siteName: 'Drawspace',
    throttle: {} as never,
    slowdown: {} as never,
    now: clock.now,
  });
  return { storage, repo, auth };
}

describe('the signed-in session, kept between requests', () => {
  it('refuses a logged-out token on the very next request', async () => {
    const ann = await app.signIn();
    for (let i = 0; i < 3; i++) expect((await channels(ann)).statusCode).toBe(200);
    expect(
      (await app.http.inject({ method: 'POST', url: '/api/login/logout', headers: ann.auth })).statusCode,
    ).toBe(200);
    expect((await channels(ann)).statusCode).toBe(401);
    expect(await whoAmI(ann)).toEqual({ auth: false });
  });

  it('ends every cached session of a user whose password is reset', async () => {
    const phone = nextPhone();
    const phoneSession = await app.signIn(phone);
    clock.offset += 61_000;
    const laptop = await app.signIn(phone);
    for (const session of [phoneSession, laptop]) expect((await channels(session)).statusCode).toBe(200);
    clock.offset += 61_000;
    const remoteAddress = '10.78.0.1';
    const sent = await app.http.inject({ url: `/api/login/send-login-code?phone=${phone}`, remoteAddress });
    const reset = await app.http.inject({
      method: 'POST',
      url: '/api/login/forget-reset-pwd',
      payload: { phone, code: sent.json().data.devCode, password: 'a-new-password-1' },
      remoteAddress,
    });
    expect(reset.statusCode).toBe(200);
    for (const session of [phoneSession, laptop]) expect((await channels(session)).statusCode).toBe(401);
  });

  it('answers a changed name on the next request', async () => {
    const bea = await app.signIn();
    expect((await whoAmI(bea)).name).not.toBe('Bea');
    await app.http.inject({
      method: 'PUT',
      url: '/api/home/info',
      headers: bea.auth,
      payload: { name: 'Bea' },
    });
    expect((await whoAmI(bea)).name).toBe('Bea');
  });

  it('refuses a session that expired while it was kept', async () => {
    const cy = await app.signIn();
    expect((await channels(cy)).statusCode).toBe(200);
    clock.offset += 31 * 24 * 3600_000;
    expect((await channels(cy)).statusCode).toBe(401);
  });
});

describe('writes by another process on the same store', () => {
  it('sees a logout made by another process on the next request', async () => {
    const dan = await app.signIn();
    expect((await channels(dan)).statusCode).toBe(200);
    const other = anotherProcess();
    try {
      await other.auth.logout(dan.token);
    } finally {
      await other.storage.close();
    }
    expect((await channels(dan)).statusCode).toBe(401);
  });

  it('sees a site admin granted and revoked by an ops command on the next request', async () => {
    const eve = await app.signIn();
    expect((await whoAmI(eve)).isAdmin).toBe(false);
    const other = anotherProcess();
    try {
      // What `npm run ops -- users admin grant|revoke` writes, beside the running server.
      const users = other.storage.collection(Users);
      await users.updateOne({ _id: eve.user.id }, { $set: { isAdmin: true } });
      expect((await whoAmI(eve)).isAdmin).toBe(true);
      await users.updateOne({ _id: eve.user.id }, { $set: { isAdmin: false } });
      expect((await whoAmI(eve)).isAdmin).toBe(false);
    } finally {
      await other.storage.close();
    }
  });

  it('is served from memory while nothing changed: the session is not read again', async () => {
    const other = anotherProcess();
    try {
      const fay = await app.signIn();
      const { repo, auth } = other;
      const reads = vi.spyOn(repo.sessions, 'byId');
      expect((await auth.userForToken(fay.token))?._id).toBe(fay.user.id);
      expect((await auth.userForToken(fay.token))?._id).toBe(fay.user.id);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      await other.storage.close();
    }
  });
});

describe('sessionCache', () => {
  const user = { _id: 'u1', name: 'n' } as UserDoc;
  const session = { _id: 's1', userId: 'u1', createdAt: 0, expiresAt: 1_000 };

  it('keeps nothing when a write lands between the reads and the keeping', () => {
    let version = 0;
    const cache = sessionCache(() => version);
    const stamp = cache.stamp();
    version += 1;
    cache.put(stamp, session, user);
    expect(cache.get('s1', 0)).toBeUndefined();
  });

  it('keeps nothing on a store that cannot tell changes (MongoDB)', () => {
    const cache = sessionCache(null);
    cache.put(cache.stamp(), session, user);
    expect(cache.get('s1', 0)).toBeUndefined();
  });

  it('holds at most its size', () => {
    const cache = sessionCache(() => 0, 2);
    for (const id of ['a', 'b', 'c']) cache.put(0, { ...session, _id: id }, user);
    expect(['a', 'b', 'c'].map((id) => cache.get(id, 0) !== undefined)).toEqual([false, true, true]);
  });
});
