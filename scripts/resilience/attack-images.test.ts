import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { blackPng } from '../../server/test/support/images';
import { freePort, type ServerProcess } from '../testing/server-process';
import { channelWithMembers, must, signIn, type Member } from './support/client';
import { startServerProcess } from './support/server';

/**
 * The attack shapes of the hardening issue (#16, items 1 and 6) against the real server process:
 * masks and uploads that declare a 16383×16383 canvas in 260 KB (a mask is an upload, #36), masks
 * that declare a canvas larger than their image, and notify hooks that are huge or nested deep. While they run, /healthz keeps answering within 200 ms and the server's memory
 * stays bounded; every attack is refused with the envelope and changes nothing.
 *
 * ATTACK_REPORT=1 prints the figures (time per request, RSS, /healthz latency).
 */
/** Five requests at once, in waves: as many as the per-user limit on submits and uploads (30 a minute) allows. */
const AT_ONCE = 5;
const WAVES = 5;
/** The anonymous hook has no per-user limit: it is attacked for this long. */
const HOOK_ATTACK_MS = 3_000;
const HEALTHZ_MAX_MS = 200;
/** Before the fix five masks at once took the server from ~100 MB to 1.5 GB. */
const RSS_GROWTH_MAX_MB = 200;

let server: ServerProcess;
let dataDir: string;
let attacker: Member;
let uploader: Member;
let channelId: string;
let regionTaskId: string;
let hugePng: Buffer;
/** An upload the upload route takes (36 megapixels in a few KB) but larger than the region's image. */
let oversizedMaskId: string;

interface Timed {
  status: number;
  body: { success?: boolean; reason?: string; message?: string };
  ms: number;
}

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(`${server.origin}${url}`, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    // The server may answer 413 and close before a large body is fully sent: the refusal reaches
    // the sender as a broken pipe or a reset.
    const code = String((error as { cause?: { code?: string } }).cause?.code ?? error);
    return { status: 0, body: { reason: code }, ms: performance.now() - started };
  }
  const text = await res.text();
  let body: Timed['body'] = {};
  try {
    body = JSON.parse(text) as Timed['body'];
  } catch {
    /* not JSON: the assertion on the envelope reports it */
  }
  return { status: res.status, body, ms: performance.now() - started };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Runs `attack` while probing /healthz every 25 ms and sampling the server's RSS: the latencies
 * of every probe and the peak RSS.
 */
async function underWatch<T>(attack: () => Promise<T>) {
  const pid = server.child.pid!;
  const baseline = rssMb(pid);
  let peak = baseline;
  const latencies: number[] = [];
  let running = true;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const started = performance.now();
  try {
    const result = await attack();
    return { result, elapsedMs: performance.now() - started, latencies, baseline, peak };
  } finally {
    running = false;
    clearInterval(sampler);
    await probe;
  }
}

function report(
  label: string,
  figures: { elapsedMs: number; latencies: number[]; baseline: number; peak: number },
  perRequest: number[],
) {
  if (!process.env.ATTACK_REPORT) return;
  const max = (xs: number[]) => Math.max(...xs).toFixed(0);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
  console.log(
    `${label}: ${perRequest.length} requests in ${figures.elapsedMs.toFixed(0)} ms; per request median ${median(perRequest)} ms, max ${max(perRequest)} ms; ` +
      `RSS ${figures.baseline.toFixed(0)} → peak ${figures.peak.toFixed(0)} MB; /healthz ${figures.latencies.length} probes, median ${median(figures.latencies)} ms, max ${max(figures.latencies)} ms`,
  );
}

function expectHealthy(figures: { latencies: number[]; baseline: number; peak: number }) {
  expect(figures.latencies.length).toBeGreaterThan(0);
  expect(Math.max(...figures.latencies)).toBeLessThan(HEALTHZ_MAX_MS);
  expect(figures.peak - figures.baseline).toBeLessThan(RSS_GROWTH_MAX_MB);
}

async function waves(send: () => Promise<Timed>, count = WAVES): Promise<Timed[]> {
  const all: Timed[] = [];
  for (let wave = 0; wave < count; wave++)
    all.push(...(await Promise.all(Array.from({ length: AT_ONCE }, send))));
  return all;
}

async function finished(taskId: string): Promise<Task> {
  for (;;) {
    const task = await must<Task>(server.origin, 'GET', `/api/mj/task/${taskId}/fetch`, attacker.token);
    if (task.status === 'SUCCESS' || task.status === 'MODAL') return task;
    if (task.status === 'FAILURE') throw new Error(`task failed: ${task.failReason}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-attack-'));
  server = await startServerProcess(
    { PORT: String(await freePort()), BUILTIN_ENGINE_STEP_MS: '0', FREE_DAILY_CREDITS: '1000' },
    dataDir,
  );
  attacker = await signIn(server.origin, '13730000001', 'mallory', '10.79.0.1');
  uploader = await signIn(server.origin, '13730000002', 'trudy', '10.79.0.2');
  channelId = await channelWithMembers(server.origin, attacker, [], 'attack');
  const submit = async (kind: string, body: object) =>
    (
      await must<{ taskId: string }>(
        server.origin,
        'POST',
        `/api/mj/submit/${kind}/${channelId}`,
        attacker.token,
        body,
      )
    ).taskId;
  const grid = await finished(await submit('imagine', { prompt: 'a quiet harbour' }));
  const upscaled = await finished(
    await submit('action', {
      taskId: grid.id,
      customId: grid.buttons.find((b) => b.label === 'U1')!.customId,
    }),
  );
  const inpaint = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Inpaint'))!;
  regionTaskId = (await finished(await submit('action', { taskId: upscaled.id, customId: inpaint.customId })))
    .id;
  hugePng = await blackPng(16383, 16383);
  const uploaded = await uploadPng(attacker, await blackPng(6000, 6000));
  expect(uploaded.status).toBe(200);
  oversizedMaskId = (uploaded.body as { data: { files: { id: string }[] } }).data.files[0]!.id;
});

function uploadPng(member: Member, png: Buffer): Promise<Timed> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'mask.png');
  return timed('/api/upload', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${member.token}`, 'accept-language': 'en-US' },
  });
}

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('images that declare a huge canvas in a small file', () => {
  it('Vary (Region) masks are refused from their header, at no cost, while /healthz keeps answering', async () => {
    const credits = async () =>
      (await must<{ balance: number }>(server.origin, 'GET', '/api/home/credits', attacker.token)).balance;
    const balance = await credits();
    // A mask travels as an upload: a huge canvas never gets an id to name in the modal body.
    const huge = await uploadPng(attacker, hugePng);
    expect(huge).toMatchObject({
      status: 413,
      body: {
        success: false,
        reason: 'payload_too_large',
        message: 'Each image must be 40 megapixels or smaller',
      },
    });
    // One the upload takes but larger than the image: the modal reads its header, never its pixels.
    const body = JSON.stringify({ taskId: regionTaskId, prompt: 'a boat', maskImageId: oversizedMaskId });
    const headers = {
      authorization: `Bearer ${attacker.token}`,
      'content-type': 'application/json',
      'accept-language': 'en-US',
    };
    const figures = await underWatch(() =>
      waves(() => timed(`/api/mj/submit/modal/${channelId}`, { method: 'POST', headers, body })),
    );
    report(
      'oversized masks',
      figures,
      figures.result.map((r) => r.ms),
    );
    for (const answer of figures.result) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        reason: 'bad_request',
        message: expect.stringMatching(/^The mask must have the image's size \(\d+×\d+ pixels\)$/),
      });
    }
    expectHealthy(figures);
    expect(await credits()).toBe(balance);
    expect(
      (await must<Task>(server.origin, 'GET', `/api/mj/task/${regionTaskId}/fetch`, attacker.token)).status,
    ).toBe('MODAL');
  });

  it('uploads are refused from their header while /healthz keeps answering', async () => {
    const figures = await underWatch(() =>
      waves(() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(hugePng)], { type: 'image/png' }), 'huge.png');
        return timed('/api/upload', {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${uploader.token}`, 'accept-language': 'en-US' },
        });
      }, 6),
    );
    report(
      'huge uploads',
      figures,
      figures.result.map((r) => r.ms),
    );
    // Past the uploads one person may have in flight (or a minute's worth), the rest are refused before their bodies.
    const read = figures.result.filter((answer) => answer.status !== 429);
    expect(read.length).toBeGreaterThanOrEqual(6);
    for (const answer of read) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        success: false,
        reason: 'payload_too_large',
        message: 'Each image must be 40 megapixels or smaller',
      });
    }
    for (const answer of figures.result.filter((a) => a.status === 429))
      expect(answer.body).toMatchObject({ success: false, reason: 'rate_limited' });
    expectHealthy(figures);
  });
});

describe('the anonymous notify hook', () => {
  it('refuses deep nesting and oversized bodies cheaply while /healthz keeps answering', async () => {
    const url = `/api/open/notify/${regionTaskId}/not-the-token`;
    const headers = { 'content-type': 'application/json', 'accept-language': 'en-US' };
    // Nested as deep as it goes: just under the body limit, and the old limit's 1 MB (0.4 s of main thread each before).
    const nested = (bytes: number) =>
      `{"id":"1","status":"SUCCESS","properties":{"x":${'['.repeat(bytes / 2 - 40)}${']'.repeat(bytes / 2 - 40)}}}`;
    const deep = nested(120 * 1024);
    const huge = nested(1024 * 1024);
    const figures = await underWatch(async () => {
      const answers: { shape: 'deep' | 'huge'; answer: Timed }[] = [];
      const started = performance.now();
      while (performance.now() - started < HOOK_ATTACK_MS) {
        for (const [shape, body] of [
          ['deep', deep],
          ['deep', deep],
          ['huge', huge],
        ] as const) {
          for (const answer of await waves(() => timed(url, { method: 'POST', headers, body }), 1))
            answers.push({ shape, answer });
        }
      }
      return answers;
    });
    report(
      'notify hooks (deep 2:1 huge)',
      figures,
      figures.result.map((r) => r.answer.ms),
    );
    for (const { shape, answer } of figures.result) {
      if (shape === 'deep')
        expect(answer).toMatchObject({
          status: 400,
          body: {
            success: false,
            reason: 'bad_request',
            message: 'The request body nests too deeply (at most 16 levels)',
          },
        });
      else if (answer.status === 0) expect(answer.body.reason).toMatch(/^(EPIPE|ECONNRESET)$/);
      else
        expect(answer).toMatchObject({ status: 413, body: { success: false, reason: 'payload_too_large' } });
    }
    expectHealthy(figures);
  });
});
