import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TaskFailureCode } from '@draw/shared';
import { longestStall } from '../../../../scripts/testing/stall';
import { EngineFailure, type EngineJob } from '../port';
import { drawerFor } from './drawer';

const imagine: EngineJob = {
  kind: 'imagine',
  prompt: 'a lighthouse on a cliff at dusk',
  seed: 4242,
  botType: 'MID_JOURNEY',
  references: [],
};

describe('the built-in engine’s drawing thread', () => {
  const inThread = drawerFor(0);
  const onThread = drawerFor(1);

  it('draws byte for byte what the calling thread draws, previews included, images as Buffers', async () => {
    const here = await inThread.draw(imagine);
    const there = await onThread.draw(imagine);
    expect(Buffer.isBuffer(there.image!.data)).toBe(true);
    expect(there.image!.data.equals(here.image!.data)).toBe(true);
    expect(there.previews.map((p) => p.data.toString('base64'))).toEqual(
      here.previews.map((p) => p.data.toString('base64')),
    );
    expect({ ...there, image: undefined, previews: undefined }).toEqual({
      ...here,
      image: undefined,
      previews: undefined,
    });
  });

  it('reads the images a job carries (an upscale of a parent grid)', async () => {
    const grid = (await inThread.draw(imagine)).image!;
    const job: EngineJob = {
      kind: 'upscale',
      index: 2,
      mode: 'subtle',
      parent: { action: 'IMAGINE', prompt: imagine.prompt, seed: 4242, image: grid },
    } as EngineJob;
    const drawn = await onThread.draw(job);
    expect(drawn.image!.data.equals((await inThread.draw(job)).image!.data)).toBe(true);
    expect((await sharp(drawn.image!.data).metadata()).width).toBe(1024);
  });

  it('refuses a job the way the calling thread does: an EngineFailure with its code and values', async () => {
    const blend: EngineJob = { kind: 'blend', images: [], dimensions: 'SQUARE', seed: 1 } as EngineJob;
    const failure = await onThread.draw(blend).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(EngineFailure);
    expect((failure as EngineFailure).failure).toEqual({
      code: TaskFailureCode.BlendCount,
      params: expect.objectContaining({ given: 0 }),
    });
  });

  it('leaves the event loop free while it draws (the calling thread stalls for the pixel work)', async () => {
    await onThread.draw(imagine); // the thread is started and warm
    const jobs = [1, 2, 3].map((seed) => ({ ...imagine, seed }));
    const here = await longestStall(() => Promise.all(jobs.map((job) => inThread.draw(job))));
    const there = await longestStall(() => Promise.all(jobs.map((job) => onThread.draw(job))));
    expect(there.value.map((d) => d.image!.data.length)).toEqual(here.value.map((d) => d.image!.data.length));
    console.info(
      `longest stall: ${here.stallMs.toFixed(1)} ms drawing here, ${there.stallMs.toFixed(1)} ms on the thread`,
    );
    expect(there.stallMs).toBeLessThan(here.stallMs);
  });
});
