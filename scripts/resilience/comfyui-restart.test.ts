import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@draw/shared';
import { startFakeComfyUI } from '../../server/test/fakes/comfyui';
import { freePort, type ServerProcess } from '../testing/server-process';
import { channelWithMembers, must, signIn, type Member } from './support/client';
import { startServerProcess } from './support/server';

/**
 * Our server killed (SIGKILL) while ComfyUI draws one of its tasks (issue #31): the prompt id was
 * stored before it was posted, so the next process follows the same prompt through `/history`
 * and never posts it again; the task finishes once, charged once.
 */
let comfy: Awaited<ReturnType<typeof startFakeComfyUI>>;
let server: ServerProcess | null = null;
let dataDir = '';
let port = 0;
let member: Member;

const start = async () => {
  server = await startServerProcess(
    {
      PORT: String(port),
      IMAGE_ENGINE: 'comfyui',
      COMFYUI_URL: comfy.origin,
      COMFYUI_CHECKPOINT: 'model.safetensors',
      COMFYUI_IMAGE_SIZE: '512',
      FREE_DAILY_CREDITS: '100',
    },
    dataDir,
  );
  return server;
};

beforeAll(async () => {
  comfy = await startFakeComfyUI();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'draw-comfy-restart-'));
  port = await freePort();
  await start();
  member = await signIn(server!.origin, '13730000021', 'ann', '10.79.3.1');
});

afterAll(async () => {
  await server?.stop();
  await comfy?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a ComfyUI task across a kill of our server', () => {
  it('is followed again through /history, never posted twice, and finishes once with one charge', async () => {
    const channelId = await channelWithMembers(server!.origin, member, [], 'comfy');
    const balance = async () =>
      (await must<{ balance: number }>(server!.origin, 'GET', '/api/home/credits', member.token)).balance;
    const before = await balance();
    comfy.set({ paused: true });
    const { taskId } = await must<{ taskId: string }>(
      server!.origin,
      'POST',
      `/api/mj/submit/imagine/${channelId}`,
      member.token,
      { prompt: 'a harbour in fog' },
    );
    await expect.poll(() => comfy.count('POST', '/prompt'), { timeout: 30_000 }).toBe(1);
    const charged = await balance();
    expect(charged).toBeLessThan(before);

    await server!.stop('SIGKILL');
    await start();
    comfy.set({ paused: false });
    await expect
      .poll(
        async () =>
          (await must<Task>(server!.origin, 'GET', `/api/mj/task/${taskId}/fetch`, member.token)).status,
        { timeout: 60_000, interval: 250 },
      )
      .toBe('SUCCESS');
    const task = await must<Task>(server!.origin, 'GET', `/api/mj/task/${taskId}/fetch`, member.token);
    expect(task.imageUrl).toMatch(/^\/files\//);
    expect(comfy.count('POST', '/prompt')).toBe(1);
    expect(comfy.count('GET', `/history/${comfy.prompts[0]!.prompt_id}`)).toBeGreaterThan(0);
    expect(await balance()).toBe(charged);
  });
});
