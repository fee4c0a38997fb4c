/**
 * One measurement of the submit's CPU, in its own process: the app of the checkout at SUBMIT_ROOT
 * (this one, or an earlier commit's worktree) built in-process on a fresh folder, USERS people
 * each in their own channel, ROUNDS rounds of one submit each at once through the real route
 * (`inject`: no sockets, so the figure is the server's own work). Prints one JSON line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface InjectAnswer {
  statusCode: number;
  body: string;
  json(): { data: unknown };
}
interface Injectable {
  http: { inject(options: Record<string, unknown>): Promise<InjectAnswer> };
  close(): Promise<void>;
}

const root =
  process.env.SUBMIT_ROOT ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const USERS = Number(process.env.SUBMIT_USERS ?? 40);
const ROUNDS = Number(process.env.SUBMIT_ROUNDS ?? 20);
/** Rounds of warm-up before the measured ones, by as many other people (each may submit 30 a minute). */
const WARMUP_ROUNDS = Number(process.env.SUBMIT_WARMUP_ROUNDS ?? 25);
const PROMPT = 'a lighthouse on a cliff at dusk, watercolor, soft light';

async function main() {
  const { loadConfig } = (await import(path.join(root, 'server/src/config.ts'))) as {
    loadConfig: (env: Record<string, string>) => unknown;
  };
  const { buildApp } = (await import(path.join(root, 'server/src/app.ts'))) as {
    buildApp: (config: unknown, options: object) => Promise<Injectable>;
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-submit-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    FREE_DAILY_CREDITS: '100000',
    BUILTIN_ENGINE_STEP_MS: '60000',
    ENGINE_CONCURRENCY: '1',
    // The one running task draws on this thread, as the baseline's does: a drawing thread's start
    // (loading the sources through tsx, about a second of CPU in this process) is not a submit's cost.
    BUILTIN_DRAW_THREADS: '0',
  });
  const app = await buildApp(config, {});
  try {
    const everyone: { headers: Record<string, string>; channelId: string }[] = [];
    for (let i = 1; i <= USERS * (WARMUP_ROUNDS > 0 ? 2 : 1); i++) {
      const phone = `139${String(i).padStart(8, '0')}`;
      const remoteAddress = `10.9.${i % 250}.${1 + (i >> 8)}`;
      const sent = await app.http.inject({
        method: 'GET',
        url: `/api/login/send-login-code?phone=${phone}`,
        remoteAddress,
      });
      const { devCode } = sent.json().data as { devCode: string };
      const login = await app.http.inject({
        method: 'POST',
        url: '/api/login/login',
        payload: { loginType: 'Captcha', account: phone, code: devCode },
        remoteAddress,
      });
      const headers = { authorization: `Bearer ${(login.json().data as { token: string }).token}` };
      const channel = await app.http.inject({
        method: 'POST',
        url: '/api/draw/channel',
        headers,
        payload: { title: `Studio ${i}`, isBan: false },
      });
      everyone.push({ headers, channelId: (channel.json().data as { id: string }).id });
    }
    const people = everyone.slice(0, USERS);
    const warmers = everyone.slice(USERS);
    const submit = async (person: (typeof everyone)[number]) => {
      const answer = await app.http.inject({
        method: 'POST',
        url: `/api/mj/submit/imagine/${person.channelId}`,
        headers: person.headers,
        payload: { prompt: PROMPT },
      });
      if (answer.statusCode !== 200) throw new Error(`submit answered ${answer.statusCode}: ${answer.body}`);
    };
    // Not measured: rounds by other people to bring the JIT to where a running server's is (a
    // single round left most of the measured submits running unoptimised code, and the figure
    // moved by a fifth between runs), then one by the measured people (their caches, their day's
    // credits).
    for (let round = 0; round < WARMUP_ROUNDS; round++) await Promise.all(warmers.map(submit));
    await Promise.all(people.map(submit));
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (let round = 0; round < ROUNDS; round++) await Promise.all(people.map(submit));
    const cpu = process.cpuUsage(cpuBefore);
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    const submits = USERS * ROUNDS;
    console.log(
      JSON.stringify({ submits, cpuMs: (cpu.user + cpu.system) / 1000 / submits, wallMs: wallMs / submits }),
    );
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
