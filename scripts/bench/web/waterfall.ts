import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../testing/server-process';
import { CHROMIUM_ARGS, CHROMIUM_PATH, MESSAGE_SELECTOR, seedChannel } from '../web';

/**
 * One cold load of /draw/{channel} (as `npm run bench -- web` does it), printed as a waterfall:
 * every request's start and end in ms from navigation start (Resource Timing), the socket's
 * frames, and when the channel's messages were on screen. Reads what waits on what.
 *   node --import tsx scripts/bench/web/waterfall.ts [loads]   (build web/dist first)
 * WATERFALL_CPU_PROFILE=<file>: the page's CPU profile of the last load, from navigation until the
 * messages are on screen (a build with `vite build --minify false` keeps the function names).
 */
const loads = Number(process.argv[2] ?? 2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-waterfall-'));
const server = await startServer({ BUILTIN_ENGINE_STEP_MS: '20' }, dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const seeded = await seedChannel(server);
  for (let i = 0; i < loads; i += 1) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'dark',
      locale: 'zh-CN',
    });
    await context.addInitScript({
      content: `(() => {
        localStorage.setItem('SECRET_TOKEN', JSON.stringify({ data: ${JSON.stringify(seeded.token)}, expire: Date.now() + 86400000 }));
        const log = (window.__frames = []);
        new PerformanceObserver((list) => {
          for (const task of list.getEntries()) log.push([task.startTime, 'main thread busy ' + task.duration.toFixed(0) + ' ms (long task)']);
        }).observe({ type: 'longtask' });
        const Native = WebSocket;
        window.WebSocket = class extends Native {
          constructor(...args) {
            super(...args);
            log.push([performance.now(), 'ws open() ' + String(args[0]).replace(/ticket=[^&]+/, 'ticket=…')]);
            this.addEventListener('open', () => log.push([performance.now(), 'ws open']));
            this.addEventListener('message', (e) => log.push([performance.now(), 'ws ← ' + String(e.data).slice(0, 60)]));
            const send = this.send.bind(this);
            this.send = (data) => { log.push([performance.now(), 'ws → ' + String(data).slice(0, 60)]); send(data); };
          }
        };
        const observer = new MutationObserver(() => {
          if (window.__renderedAt === undefined && document.querySelectorAll(${JSON.stringify(MESSAGE_SELECTOR)}).length >= ${seeded.messages}) {
            window.__renderedAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      })();`,
    });
    const page = await context.newPage();
    const profileTo = i === loads - 1 ? process.env.WATERFALL_CPU_PROFILE : undefined;
    const cdp = profileTo ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.origin}/draw/${seeded.channelId}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (globalThis as { __renderedAt?: number }).__renderedAt !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    if (cdp && profileTo)
      fs.writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    await page.waitForTimeout(300);
    const rows = await page.evaluate(() => {
      const g = globalThis as unknown as {
        performance: {
          getEntriesByType(t: string): Array<{ name: string; startTime: number; responseEnd: number }>;
        };
        __frames: Array<[number, string]>;
        __renderedAt: number;
      };
      const nav = g.performance.getEntriesByType('navigation')[0]!;
      const paint = g.performance
        .getEntriesByType('paint')
        .map((p) => [p.startTime, p.name] as [number, string]);
      const resources = g.performance
        .getEntriesByType('resource')
        .map(
          (r) =>
            [r.startTime, `${r.name.replace(/^https?:\/\/[^/]+/, '')} … ${r.responseEnd.toFixed(0)}`] as [
              number,
              string,
            ],
        );
      const list: Array<[number, string]> = [
        [0, `document … ${nav.responseEnd.toFixed(0)}`],
        ...paint,
        ...resources,
        ...g.__frames,
        [g.__renderedAt, '== messages on screen'],
      ];
      return { rows: list, rendered: g.__renderedAt };
    });
    console.log(`\nload ${i + 1}: messages on screen at ${rows.rendered.toFixed(0)} ms`);
    const sorted = [...rows.rows].sort((a, b) => a[0] - b[0]);
    for (const [at, what] of sorted) console.log(`${at.toFixed(0).padStart(6)}  ${what}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
