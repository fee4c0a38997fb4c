import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { api, signInByPhone, until } from '../testing/http';
import { startServer, type ServerProcess } from '../testing/server-process';
import { percentile, type BenchReport } from './report';
import {
  buildBaseline,
  buildOurs,
  initialAssets,
  repoRoot,
  sumGzipKb,
  type InitialAsset,
} from './web/bundle';
import { serveStatic } from './web/static-server';

/**
 * The web app's first load: the JavaScript and CSS the browser fetches before the first render
 * (gzipped), and the time from navigation start to a channel's feed on screen in headless
 * Chromium, cold (a new browser context, so an empty cache, for every load). The baseline is a
 * React + Tailwind "hello world" built with our Vite config and served by a bare static server.
 */
const LOADS = 5;
const CHAT_MESSAGES = [
  'Morning all',
  'Trying a few lighthouse prompts today',
  'Feel free to upscale the ones you like',
];
const PROMPTS = ['a lighthouse on a cliff at dusk, watercolor', 'a red fox in fresh snow, film photo'];
const LOAD_TIMEOUT_MS = 30_000;
/** Rendered messages carry data-testid="message-{id}" (their delete buttons "message-delete-…"). */
export const MESSAGE_SELECTOR =
  '[data-testid="message-list"] [data-testid^="message-"]:not([data-testid^="message-delete-"])';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Loads `url` in a fresh context and returns the ms from navigation start until `count` elements
 * match `selector`, as seen by a MutationObserver installed before any page script runs.
 */
async function timeToRender(
  browser: Browser,
  url: string,
  selector: string,
  count: number,
  token?: string,
): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
    locale: 'zh-CN',
  });
  try {
    // Runs in the page before its own scripts (as a string: this package has no DOM types).
    await context.addInitScript({
      content: `(() => {
        const token = ${JSON.stringify(token ?? '')};
        if (token) localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: token, expire: Date.now() + 86400000 }));
        const observer = new MutationObserver(() => {
          if (window.__renderedAt === undefined && document.querySelectorAll(${JSON.stringify(selector)}).length >= ${count}) {
            window.__renderedAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      })();`,
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    // Functions, not strings: our CSP forbids eval in the page.
    const renderedAt = () => (globalThis as { __renderedAt?: number }).__renderedAt;
    await page.waitForFunction(
      () => (globalThis as { __renderedAt?: number }).__renderedAt !== undefined,
      undefined,
      { timeout: LOAD_TIMEOUT_MS },
    );
    // performance.now() in the page counts from its navigation start.
    return Number(await page.evaluate(renderedAt));
  } finally {
    await context.close();
  }
}

/** A user with one channel holding a few chat messages and finished image tasks. */
export async function seedChannel(
  server: ServerProcess,
): Promise<{ token: string; channelId: string; messages: number }> {
  const token = await signInByPhone(server.origin, '13900000001');
  const channel = await api<{ id: string }>(server.origin, 'POST', '/api/draw/channel', token, {
    title: 'Lighthouses',
    isBan: false,
  });
  for (const content of CHAT_MESSAGES)
    await api(server.origin, 'POST', `/api/draw/chat/${channel.id}`, token, { content });
  for (const prompt of PROMPTS) {
    const { taskId } = await api<{ taskId: string }>(
      server.origin,
      'POST',
      `/api/mj/submit/imagine/${channel.id}`,
      token,
      { prompt },
    );
    await until(
      () => api<{ status: string }>(server.origin, 'GET', `/api/mj/task/${taskId}/fetch`, token),
      (task) => task.status === 'SUCCESS',
    );
  }
  return { token, channelId: channel.id, messages: CHAT_MESSAGES.length + PROMPTS.length };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const describe = (assets: InitialAsset[]) =>
  assets.map((a) => `${path.basename(a.file)} ${(a.gzipBytes / 1024).toFixed(1)} KB`).join(', ');

export async function run(): Promise<BenchReport> {
  const buildSeconds = buildOurs();
  const ours = initialAssets(path.join(repoRoot, 'web/dist'));
  const baselineBuild = buildBaseline();
  const baseline = initialAssets(baselineBuild.distDir);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-web-'));
  let server: ServerProcess | undefined;
  let staticServer: Awaited<ReturnType<typeof serveStatic>> | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ BUILTIN_ENGINE_STEP_MS: '20' }, dataDir);
    staticServer = await serveStatic(baselineBuild.distDir);
    const seeded = await seedChannel(server);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

    const loadOurs = () =>
      timeToRender(
        browser!,
        `${server!.origin}/draw/${seeded.channelId}`,
        MESSAGE_SELECTOR,
        seeded.messages,
        seeded.token,
      );
    const loadBaseline = () => timeToRender(browser!, `${staticServer!.origin}/`, '[data-testid="hello"]', 1);
    // One discarded load each warms the browser process and the servers; then alternate.
    await loadOurs();
    await loadBaseline();
    const oursTimes: number[] = [];
    const baselineTimes: number[] = [];
    for (let i = 0; i < LOADS; i += 1) {
      oursTimes.push(await loadOurs());
      baselineTimes.push(await loadBaseline());
    }
    const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    return {
      name: 'Web first load',
      ours: `web/dist (npm run build -w @draw/web), served by the real server; time to /draw/{channel} with ${seeded.messages} messages rendered, signed in`,
      baseline:
        'a React 19 + react-dom + Tailwind "hello world" built with web/vite.config.ts, served by a bare Node static server; time to its one element',
      figures: [
        {
          label: 'initial JS (gzip -9)',
          unit: 'KB',
          ours: sumGzipKb(ours, 'js'),
          baseline: sumGzipKb(baseline, 'js'),
          better: 'lower',
        },
        {
          label: 'initial CSS (gzip -9)',
          unit: 'KB',
          ours: sumGzipKb(ours, 'css'),
          baseline: sumGzipKb(baseline, 'css'),
          better: 'lower',
        },
        {
          label: `time to rendered channel, median of ${LOADS} cold loads`,
          unit: 'ms',
          ours: median(oursTimes),
          baseline: median(baselineTimes),
          better: 'lower',
        },
      ],
      notes: [
        `Initial = the entry module script, its modulepreload links and stylesheets in index.html, i.e. what is fetched before the first render. Ours: ${describe(ours)}. Baseline: ${describe(baseline)}.`,
        `Ours raw ${(ours.reduce((s, a) => s + a.rawBytes, 0) / 1024).toFixed(0)} KB, baseline raw ${(baseline.reduce((s, a) => s + a.rawBytes, 0) / 1024).toFixed(0)} KB; neither server compresses on loopback, so the load times carry the raw bytes.`,
        `Load times (ms from navigation start, MutationObserver in the page): ours ${ms(oursTimes)}; baseline ${ms(baselineTimes)}. Ours includes its API calls (user, channels, messages) and the socket connection; the baseline has none, so the difference is what our app does before a channel is on screen.`,
        `The baseline is the smallest app of our stack built by the same config (same plugins, chunk groups, minifier), so the size ratio shows our code and extra libraries; a bare static server keeps our server's work out of its time. Builds took ${buildSeconds.toFixed(0)} s (ours) and ${baselineBuild.seconds.toFixed(0)} s (baseline).`,
      ],
    };
  } finally {
    await browser?.close();
    await staticServer?.close();
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
