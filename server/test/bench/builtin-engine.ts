/**
 * Times the built-in engine: N runs of every job kind at full speed (stepMs 0), median per kind.
 * Run: node --import tsx server/test/bench/builtin-engine.ts [N]
 */
import sharp, { type Sharp } from 'sharp';
import type { EngineImage, EngineJob, EngineJobKind, ParentImage } from '../../src/engines/port';
import { BuiltinEngine } from '../../src/engines/builtin/engine';

const runs = Math.max(1, Number(process.argv[2] ?? 5) || 5);
const engine = new BuiltinEngine({ stepMs: 0 });
const context = {
  taskId: 'bench',
  signal: new AbortController().signal,
  onProgress: async (): Promise<void> => undefined,
};
const prompt = 'a lighthouse on the cliffs at sunset, dramatic clouds';

async function png(input: Sharp): Promise<EngineImage> {
  const { data, info } = await input.png().toBuffer({ resolveWithObject: true });
  return { data, mime: 'image/png', width: info.width, height: info.height };
}

const grid = (
  await engine.run({ kind: 'imagine', prompt, seed: 1, botType: 'MID_JOURNEY', references: [] }, context)
).image;
if (!grid) throw new Error('imagine drew nothing');
const gridParent: ParentImage = { taskId: 'g', action: 'IMAGINE', prompt, seed: 1, image: grid };
const upscaled = (
  await engine.run({ kind: 'upscale', parent: gridParent, index: 1, mode: 'default' }, context)
).image;
if (!upscaled) throw new Error('upscale drew nothing');
const upParent: ParentImage = { ...gridParent, action: 'UPSCALE', image: upscaled };
const mask = await png(
  sharp({ create: { width: 256, height: 256, channels: 3, background: '#000' } }).composite([
    { input: { create: { width: 128, height: 96, channels: 3, background: '#fff' } }, left: 64, top: 32 },
  ]),
);
const clip = (await engine.run({ kind: 'animate', parent: upParent, prompt, motion: 'low' }, context)).video;
if (!clip) throw new Error('animate made no clip');
const clipParent: ParentImage = { ...upParent, action: 'VIDEO', video: clip };
const photo = await png(sharp(grid.data).extract({ left: 512, top: 0, width: 512, height: 512 }));

// The editor's actions are measured each by its own painter's test.
const jobs: Record<Exclude<EngineJobKind, 'edit'>, (seed: number) => EngineJob> = {
  imagine: (seed) => ({ kind: 'imagine', prompt, seed, botType: 'MID_JOURNEY', references: [] }),
  upscale: (seed) => ({
    kind: 'upscale',
    parent: gridParent,
    index: ((seed % 4) + 1) as 1 | 2 | 3 | 4,
    mode: 'default',
  }),
  variation: (seed) => ({ kind: 'variation', parent: gridParent, prompt, seed, index: 2, strength: 'index' }),
  reroll: (seed) => ({ kind: 'reroll', parent: gridParent, prompt, seed }),
  zoom: (seed) => ({ kind: 'zoom', parent: upParent, prompt, seed, factor: 2 }),
  pan: (seed) => ({ kind: 'pan', parent: upParent, prompt, seed, direction: 'left' }),
  region: (seed) => ({ kind: 'region', parent: upParent, prompt: 'a glowing moon', seed, mask }),
  blend: (seed) => ({ kind: 'blend', images: [photo, upscaled], dimensions: 'SQUARE', seed }),
  describe: () => ({ kind: 'describe', image: upscaled }),
  shorten: () => ({ kind: 'shorten', prompt }),
  animate: (seed) => ({ kind: 'animate', parent: { ...upParent, seed }, prompt, motion: 'high' }),
  extend: (seed) => ({ kind: 'extend', parent: { ...clipParent, seed }, prompt, motion: 'low', index: 1 }),
};

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

console.log(`built-in engine, ${runs} runs per kind, stepMs 0`);
for (const [kind, job] of Object.entries(jobs)) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = await engine.run(job(100 + i), context);
    times.push(performance.now() - started);
    bytes = result.video?.data.length ?? result.image?.data.length ?? 0;
  }
  const size = bytes ? `${Math.round(bytes / 1024)} KB` : '-';
  console.log(
    `${kind.padEnd(10)} median ${median(times).toFixed(0).padStart(5)} ms   (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})   ${size}`,
  );
}
