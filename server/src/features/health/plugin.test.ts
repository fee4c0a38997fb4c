import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../storage/port';
import { healthPlugin } from './plugin';
import { HEALTH_CACHE_MS } from './service';

/** A store whose answer the test decides, counting the pings it gets. */
function storeThat() {
  const state = { up: true, pings: 0 };
  const storage = {
    kind: 'mongodb',
    ping: async () => {
      state.pings += 1;
      if (!state.up) throw new Error('connection refused');
    },
  } as unknown as Storage;
  return { state, storage };
}

async function appOn(storage: Storage) {
  const clock = { t: 1_000_000 };
  const app = Fastify();
  await app.register(healthPlugin, { storage, startedAt: clock.t, now: () => clock.t });
  return { app, clock };
}

describe('/healthz', () => {
  it('answers 503 while the store does not answer, and 200 again once it does', async () => {
    const { state, storage } = storeThat();
    const { app, clock } = await appOn(storage);
    expect((await app.inject('/healthz')).json()).toMatchObject({ status: 'ok', storage: 'mongodb' });

    state.up = false;
    clock.t += HEALTH_CACHE_MS;
    const down = await app.inject('/healthz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', storage: 'mongodb' });

    state.up = true;
    clock.t += HEALTH_CACHE_MS;
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('pings the store once per cache window however often it is asked', async () => {
    const { state, storage } = storeThat();
    const { app } = await appOn(storage);
    await Promise.all(Array.from({ length: 10 }, () => app.inject('/healthz')));
    await app.inject('/healthz');
    expect(state.pings).toBe(1);
  });
});
