import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { worktreeAt } from './history/server';
import type { BenchReport } from './report';

/**
 * The submit's CPU against an earlier commit's (`npm run bench -- submit`): the same in-process
 * load (`submit/worker.ts`: 40 people submitting at once, 20 rounds, through the real route, after
 * a warm-up that brings the JIT to a running server's state) on this checkout and on
 * SUBMIT_BASE_COMMIT's, each in its own process, alternating SUBMIT_REPEATS times; the medians are
 * compared. The baseline is the product before this round's work on the
 * submit (#35's "the submit's CPU per request halved").
 */
const BASE_COMMIT = process.env.SUBMIT_BASE_COMMIT ?? 'b267ba7';
const REPEATS = Number(process.env.SUBMIT_REPEATS ?? 3);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const worker = path.join(root, 'scripts/bench/submit/worker.ts');

interface Measured {
  submits: number;
  cpuMs: number;
  wallMs: number;
}

function measure(checkout: string): Measured {
  const out = execFileSync(process.execPath, ['--import', 'tsx', worker], {
    cwd: checkout,
    env: { ...process.env, SUBMIT_ROOT: checkout },
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  const line = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Measured;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<BenchReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-bench-submit-base-'));
  const earlier = worktreeAt(root, BASE_COMMIT, path.join(dir, 'checkout'));
  try {
    const ours: Measured[] = [];
    const base: Measured[] = [];
    for (let i = 0; i < REPEATS; i++) {
      base.push(measure(earlier.dir));
      ours.push(measure(root));
    }
    const cpu = { ours: median(ours.map((m) => m.cpuMs)), base: median(base.map((m) => m.cpuMs)) };
    const wall = { ours: median(ours.map((m) => m.wallMs)), base: median(base.map((m) => m.wallMs)) };
    return {
      name: 'Submit CPU against an earlier commit',
      ours: 'this checkout: the app in-process, submits through the real route',
      baseline: `commit ${BASE_COMMIT} (before this round's work on the submit), the same load`,
      figures: [
        {
          label: 'POST /api/mj/submit/imagine CPU per submit (in-process)',
          unit: 'ms',
          ours: cpu.ours,
          baseline: cpu.base,
          better: 'lower',
        },
        {
          label: 'POST /api/mj/submit/imagine wall time per submit, 40 at once',
          unit: 'ms',
          ours: wall.ours,
          baseline: wall.base,
          better: 'lower',
        },
      ],
      notes: [
        `the baseline runs in a worktree of its own; each side ${REPEATS} runs in its own process, alternating, medians compared`,
        `runs (CPU ms per submit): ours ${ours.map((m) => m.cpuMs.toFixed(2)).join(', ')}; baseline ${base.map((m) => m.cpuMs.toFixed(2)).join(', ')}`,
        `each run: ${ours[0]?.submits ?? 0} submits measured after a warm-up (SUBMIT_WARMUP_ROUNDS, default 25 rounds by 40 other people, then one by the measured), 40 people in their own channels submitting at once, through Fastify's inject (no sockets), LOG_LEVEL=silent`,
      ],
    };
  } finally {
    earlier.remove();
  }
}
