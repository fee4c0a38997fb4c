import { freePort } from '../../../../scripts/testing/server-process';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp } from '../../support/harness';
import { startFakeMjProxy, type FakeMjProxy } from './server';

export const FAKE_SECRET = 'fake-mj-secret';

/** Our server's settings for talking to a fake upstream fast: short polls and timeouts. */
export function upstreamEnv(fake: FakeMjProxy, origin: string): Record<string, string> {
  return {
    IMAGE_ENGINE: 'midjourney-proxy',
    MJ_PROXY_URL: fake.origin,
    MJ_PROXY_SECRET: FAKE_SECRET,
    PUBLIC_URL: origin,
    MJ_PROXY_POLL_MS: '50',
    MJ_PROXY_POLL_MAX_MS: '200',
    MJ_PROXY_TIMEOUT_MS: '1000',
    ENGINE_CONCURRENCY: '8',
    // Enough credits for a whole test file (billing charges every task).
    FREE_DAILY_CREDITS: '100000',
  };
}

/**
 * A real app (in this process) on a known port, so that PUBLIC_URL and the hook URLs it hands the
 * upstream point back at it.
 */
export async function startAppOnFake(
  fake: FakeMjProxy,
  env: Record<string, string> = {},
): Promise<{ app: TestApp; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await startTestApp({ ...upstreamEnv(fake, origin), PORT: String(port), ...env });
  await app.http.listen({ port, host: '127.0.0.1' });
  return { app, origin };
}

/**
 * One fake upstream and one app on it for a test file, with one signed-in user: started before
 * its tests (after the hooks registered earlier, so `env` may name servers they started), reset
 * before each test, stopped after. Read the fields inside tests.
 */
export function upstreamSuite(env: () => Record<string, string> = () => ({})) {
  const suite = {} as {
    fake: FakeMjProxy;
    app: TestApp;
    origin: string;
    me: Awaited<ReturnType<TestApp['signIn']>>;
  };
  beforeAll(async () => {
    suite.fake = await startFakeMjProxy({ secret: FAKE_SECRET });
    ({ app: suite.app, origin: suite.origin } = await startAppOnFake(suite.fake, env()));
    suite.me = await suite.app.signIn();
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.fake?.stop();
  });
  beforeEach(() => suite.fake.reset());
  return suite;
}
