import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationLimits } from '@draw/shared/routes';
import { caller, drawer, type Session } from '../../../test/support/billing';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { Users } from './repository';

let clock = Date.now();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ FREE_DAILY_CREDITS: '10' }, { now: () => clock });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

const call: ReturnType<typeof caller>['call'] = (session, method, url, payload) =>
  caller(app).call(session, method, url, payload);
const data = <T = unknown>(response: ReturnType<typeof call>) => caller(app).data<T>(response);
/** What the page loads at start (and at each navigation) for the signed-in person. */
const sessionOf = (session: Session) =>
  data<Record<string, unknown>>(call(session, 'GET', '/api/home/index'));

async function signInAdmin(): Promise<Session> {
  const session = await app.signIn();
  await app.storage.collection(Users).updateOne({ _id: session.user.id }, { $set: { isAdmin: true } });
  return session;
}

/** A person who typed a banned word often enough to be paused; when the pause ends. */
async function pausedDrawer(
  admin: Session,
  word: string,
): Promise<{ session: Session; pausedUntil: number }> {
  const { session, channelId } = await drawer(app);
  await data(call(admin, 'POST', '/api/admin/banned-words', { word }));
  let refusal: { data?: { pausedUntil?: number } } = {};
  for (let i = 0; i < ModerationLimits.hitsToPause; i += 1)
    refusal = (
      await call(session, 'POST', `/api/mj/submit/imagine/${channelId}`, { prompt: `a ${word}` })
    ).json();
  const pausedUntil = refusal.data?.pausedUntil;
  if (typeof pausedUntil !== 'number') throw new Error('the last hit did not pause the person');
  return { session, pausedUntil };
}

describe('the session answer says when the person’s own pause ends', () => {
  it('carries the pause of a paused person, the same end the refusal said, and nobody else’s', async () => {
    const admin = await signInAdmin();
    const { session, pausedUntil } = await pausedDrawer(admin, 'forbiddenkite');
    expect(pausedUntil).toBeGreaterThan(clock);
    expect(await sessionOf(session)).toMatchObject({ auth: true, id: session.user.id, pausedUntil });

    const bystander = await app.signIn();
    expect(await sessionOf(bystander)).not.toHaveProperty('pausedUntil');
    expect(await sessionOf(admin)).not.toHaveProperty('pausedUntil');
    // A visitor without a session learns nothing either.
    expect((await call(null, 'GET', '/api/home/index')).json().data).toEqual({ auth: false });
  });

  it('says nothing once the pause has ended or a moderator lifted it', async () => {
    const admin = await signInAdmin();
    const ended = await pausedDrawer(admin, 'forbiddenboat');
    const lifted = await pausedDrawer(admin, 'forbiddenbike');
    await data(call(admin, 'DELETE', `/api/admin/users/${lifted.session.user.id}/pause`));
    expect(await sessionOf(lifted.session)).not.toHaveProperty('pausedUntil');

    expect(await sessionOf(ended.session)).toMatchObject({ pausedUntil: ended.pausedUntil });
    clock = ended.pausedUntil;
    expect(await sessionOf(ended.session)).not.toHaveProperty('pausedUntil');
    expect(await sessionOf(ended.session)).toMatchObject({ auth: true, id: ended.session.user.id });
  });
});
