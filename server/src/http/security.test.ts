import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/harness';
import { inlineScriptHashes } from './security';

let app: TestApp;
const inline = "document.documentElement.classList.add('dark')";

let web: string;
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'web-csp-'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><script>${inline}</script><script type="module" src="/assets/a.js"></script><div id="root"></div>`,
  );
  app = await startTestApp({ WEB_DIST_DIR: web, METRICS_TOKEN: 'scrape-me' });
});
afterAll(() => app.close());

describe('security headers', () => {
  it('send a content security policy that allows exactly our inline script', async () => {
    const res = await app.http.inject('/draw');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(inlineScriptHashes(`<script>${inline}</script>`)[0]);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allow the new inline script once a deploy replaces index.html under the running server', async () => {
    const next = "document.documentElement.dataset.build = '2'";
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><script>${next}</script><div id="root"></div>`,
    );
    const policy = async () => String((await app.http.inject('/draw')).headers['content-security-policy']);
    await expect
      .poll(policy, { timeout: 10_000, interval: 250 })
      .toContain(inlineScriptHashes(`<script>${next}</script>`)[0]);
    expect(await policy()).not.toContain(inlineScriptHashes(`<script>${inline}</script>`)[0]);
  });

  it('keep the policy they had while a changed index.html cannot be read (no descriptor left), and take it once it can', async () => {
    const indexHtml = path.join(web, 'index.html');
    const policy = async () => String((await app.http.inject('/draw')).headers['content-security-policy']);
    const before = await policy();
    const read = fs.readFileSync;
    const refused = vi.spyOn(fs, 'readFileSync').mockImplementation(((
      file: fs.PathOrFileDescriptor,
      ...rest: []
    ) => {
      if (file === indexHtml)
        throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
      return read(file, ...rest);
    }) as typeof fs.readFileSync);
    const third = "document.documentElement.dataset.build = '3'";
    try {
      fs.writeFileSync(indexHtml, `<!doctype html><script>${third}</script><div id="root"></div>`);
      await expect
        .poll(() => refused.mock.calls.some(([file]) => file === indexHtml), {
          timeout: 10_000,
          interval: 250,
        })
        .toBe(true);
      expect(await policy()).toBe(before);
    } finally {
      refused.mockRestore();
    }
    // The next change of the file is read as usual.
    fs.writeFileSync(
      indexHtml,
      `<!doctype html><script>${third}</script><div id="root" data-again="1"></div>`,
    );
    await expect
      .poll(policy, { timeout: 10_000, interval: 250 })
      .toContain(inlineScriptHashes(`<script>${third}</script>`)[0]);
  });

  it('leave HTTPS-only headers out of a plain-HTTP deployment, so http://<host>:3000 still loads its assets', async () => {
    const res = await app.http.inject('/draw');
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('send them when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://draw.example.com' });
    try {
      const res = await secure.http.inject('/api/home/company-info');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it('ignore X-Forwarded-For from a client that is not our proxy, so it cannot dodge the login limit', async () => {
    let last = await app.http.inject({ url: '/api/home/company-info' });
    for (let i = 0; i < 30 && last.statusCode !== 429; i++) {
      last = await app.http.inject({
        method: 'POST',
        url: '/api/login/login',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { loginType: 'Password', account: 'nobody@example.com', password: 'x' },
      });
    }
    expect(last.statusCode).toBe(429);
  });

  it('keep CORS closed to other origins by default', async () => {
    const res = await app.http.inject({
      url: '/api/home/company-info',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limit login attempts per IP with the envelope', async () => {
    const attempt = () =>
      app.http.inject({
        method: 'POST',
        url: '/api/login/login',
        remoteAddress: '10.66.0.1',
        headers: { 'accept-language': 'en-US' },
        payload: { loginType: 'Password', account: 'nobody@example.com', password: 'x' },
      });
    let last = await attempt();
    for (let i = 0; i < 25 && last.statusCode !== 429; i++) last = await attempt();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      success: false,
      reason: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts/),
    });
  });

  it('limit submits, uploads, redeems, chat posts and socket tickets per user, so one user flooding leaves the others alone', async () => {
    const flooder = await app.signIn();
    const neighbour = await app.signIn();
    const channel = (
      await app.http.inject({
        method: 'POST',
        url: '/api/draw/channel',
        headers: flooder.auth,
        payload: { title: 'flood', isBan: false },
      })
    ).json().data.id;
    const neighbours = (
      await app.http.inject({
        method: 'POST',
        url: '/api/draw/channel',
        headers: neighbour.auth,
        payload: { title: 'calm', isBan: false },
      })
    ).json().data.id;
    const routes = [
      { url: `/api/mj/submit/imagine/${channel}`, payload: { prompt: '' }, limit: 30 },
      { url: '/api/upload', payload: {}, limit: 30 },
      { url: '/api/home/redeem/NOPE-NOPE-NOPE-NOPE', payload: {}, limit: 10 },
      { url: `/api/draw/chat/${channel}`, payload: { content: 'flood' }, limit: 20 },
      { url: '/api/ws/pre-connect', method: 'GET' as const, limit: 30 },
    ];
    for (const route of routes) {
      const statuses: number[] = [];
      for (let i = 0; i <= route.limit; i++) {
        const method = route.method ?? 'POST';
        statuses.push(
          (
            await app.http.inject({
              method,
              url: route.url,
              headers: { ...flooder.auth, 'accept-language': 'en-US' },
              payload: route.payload,
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, route.limit).includes(429), route.url).toBe(false);
      expect(statuses.at(-1), route.url).toBe(429);
    }
    // Same address, another user: still served.
    const calm = await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/imagine/${neighbours}`,
      headers: neighbour.auth,
      payload: { prompt: 'a calm lake' },
    });
    expect(calm.json()).toMatchObject({ success: true });
    const said = await app.http.inject({
      method: 'POST',
      url: `/api/draw/chat/${neighbours}`,
      headers: neighbour.auth,
      payload: { content: 'still here' },
    });
    expect(said.json()).toMatchObject({ success: true });
    // Reading the chat is not posting: not limited with it.
    const read = await app.http.inject({ url: `/api/draw/chat/${channel}`, headers: flooder.auth });
    expect(read.json()).toMatchObject({ success: true });
  });
});

describe('metrics', () => {
  it('are served to the scraper with its token, and not to others', async () => {
    await app.http.inject('/api/home/company-info');
    expect((await app.http.inject('/metrics')).statusCode).toBe(401);
    const res = await app.http.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } });
    expect(res.statusCode).toBe(200);
    for (const name of [
      'http_request_duration_seconds',
      'sockets_connected',
      'tasks_by_status',
      'task_queue_length',
      'engine_task_duration_seconds',
      'event_log_lag_seconds',
    ]) {
      expect(res.body).toContain(name);
    }
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/home\/company-info",status="200"\} \d+/,
    );
  });
});
