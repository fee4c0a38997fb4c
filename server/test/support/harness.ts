import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginAnswer } from '@draw/shared';
import { loadConfig, type Config } from '../../src/config';
import { buildApp, type App, type AppOptions } from '../../src/app';

export interface TestApp extends App {
  config: Config;
  dataDir: string;
  /** Signs a phone user in through the real send-code + login routes. */
  signIn(phone?: string): Promise<LoginAnswer & { auth: { authorization: string } }>;
}

let phoneCounter = 0;
/** A fresh, unique mainland-format phone number per call. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** A real app on a temporary data folder, quiet logs, instant engine. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'now' | 'engine' | 'engines'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    BUILTIN_ENGINE_STEP_MS: '0',
    // In-process apps draw on the test's own thread (a drawing thread loads the sources through
    // tsx, a second or so per app); drawer.test.ts and the spawned servers draw on threads.
    BUILTIN_DRAW_THREADS: '0',
    ...env,
  });
  // Every answer is checked against the route table (shared/src/routes) in every test.
  const app = await buildApp(config, { ...options, checkAnswers: true });
  const signIn = async (phone = nextPhone()) => {
    // One made-up address per sign-in: the login routes are rate limited per IP.
    const remoteAddress = `10.9.${phoneCounter % 250}.1`;
    const sent = await app.http.inject({
      method: 'GET',
      url: `/api/login/send-login-code?phone=${phone}`,
      remoteAddress,
    });
    const code = sent.json().data.devCode as string;
    const res = await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { loginType: 'Captcha', account: phone, code },
      remoteAddress,
    });
    const answer = res.json().data as LoginAnswer;
    return { ...answer, auth: { authorization: `Bearer ${answer.token}` } };
  };
  return Object.assign(app, { config, dataDir, signIn });
}

/** Listens on an ephemeral loopback port and returns its origin. */
export async function listen(app: App): Promise<string> {
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A test app on a real loopback port: what suites that also speak over HTTP or sockets start with. */
export async function startListening(
  env: Record<string, string> = {},
): Promise<{ app: TestApp; origin: string }> {
  const app = await startTestApp(env);
  return { app, origin: await listen(app) };
}

/** Ends a suite's app after its sockets. */
export async function closeWithSockets(
  app: TestApp | undefined,
  sockets: readonly { disconnect(): void }[],
): Promise<void> {
  for (const socket of sockets) socket.disconnect();
  await app?.close();
}

type Session = Awaited<ReturnType<TestApp['signIn']>>;

/** `call` injects a request as a session (English answers); `data` reads its envelope's data. */
export function injectorFor(appOf: () => TestApp) {
  const call = (
    session: Session | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    appOf().http.inject({
      method,
      url,
      payload,
      headers: { ...(session?.auth ?? {}), 'accept-language': 'en-US' },
    });
  const data = async (p: ReturnType<typeof call>) => (await p).json().data;
  return { call, data };
}
