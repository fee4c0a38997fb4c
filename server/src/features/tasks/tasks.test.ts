import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelEvent, Task } from '@draw/shared';
import {
  closeWithSockets,
  injectorFor,
  startListening,
  startTestApp,
  type TestApp,
} from '../../../test/support/harness';
import { giveCredits } from '../../../test/support/billing';
import { blackPng } from '../../../test/support/images';
import { connectSocket, type TestSocket } from '../../../test/support/socket';

let app: TestApp;
let origin: string;
const sockets: TestSocket[] = [];
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => ({ app, origin } = await startListening({ BUILTIN_ENGINE_STEP_MS: '0' })));
afterAll(() => closeWithSockets(app, sockets));
const { call, data } = injectorFor(() => app);

async function channelWithMembers(...others: Session[]) {
  const owner = await app.signIn();
  const { id } = await data(call(owner, 'POST', '/api/draw/channel', { title: 'draw', isBan: false }));
  const { inviteCode } = await data(call(owner, 'POST', `/api/draw/invite-code/${id}`, {}));
  for (const other of others) await call(other, 'POST', `/api/draw/join-channel/${inviteCode}`);
  return { owner, id };
}

async function waitForTask(
  session: Session,
  taskId: string,
  status: string,
  timeoutMs = 20_000,
): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = (await data(call(session, 'GET', `/api/mj/task/${taskId}/fetch`))) as Task;
    if (task.status === status) return task;
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} is ${task.status} (${task.failReason}), not ${status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function upload(session: Session, files: { name: string; data: Buffer; type?: string }[]) {
  const form = new FormData();
  for (const f of files)
    form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name);
  const res = await fetch(`${origin}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: session.auth.authorization, 'accept-language': 'en-US' },
  });
  return res.json() as Promise<{
    success: boolean;
    message: string;
    data: { files: { id: string; url: string }[] };
  }>;
}

const png = (color: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A mask has its image's exact size: read from the image the region task repaints. */
async function imageSize(task: Task) {
  const { width, height } = await sharp(
    Buffer.from(await (await fetch(`${origin}${task.imageUrl}`)).arrayBuffer()),
  ).metadata();
  return { width: width!, height: height! };
}

/** A mask selecting the middle of an image of this size, one bit a pixel as the editor exports it. */
async function maskPng({ width, height }: { width: number; height: number }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="black"/><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="white"/></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png({ palette: true, colours: 2 }).toBuffer();
}

/** The mask goes as a binary upload first; the modal body names it. */
async function uploadMask(session: Session, mask: Buffer): Promise<string> {
  const uploaded = await upload(session, [{ name: 'mask.png', data: mask }]);
  expect(uploaded).toMatchObject({ success: true });
  return uploaded.data.files[0]!.id;
}

/** A Vary (Region) task waiting in MODAL for its mask, with the credits and stored files a refusal must leave unchanged. */
async function regionTaskWaiting(prompt: string) {
  const { owner: ann, id } = await channelWithMembers();
  const grid = await waitForTask(
    ann,
    (await data(call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt }))).taskId,
    'SUCCESS',
  );
  const u1 = grid.buttons.find((b) => b.label === 'U1')!;
  const upscaled = await waitForTask(
    ann,
    (await data(call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: grid.id, customId: u1.customId })))
      .taskId,
    'SUCCESS',
  );
  const region = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Inpaint'))!;
  const { taskId } = (await data(
    call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: upscaled.id, customId: region.customId }),
  )) as { taskId: string };
  const credits = async () => (await data(call(ann, 'GET', '/api/home/credits'))).balance as number;
  const files = () => fs.readdirSync(path.join(app.config.DATA_DIR, 'files')).length;
  return { ann, id, taskId, size: await imageSize(upscaled), credits, files, balance: await credits() };
}

describe('a drawing session watched live by two members', () => {
  it('delivers every event of imagine → U2 → Zoom Out → Vary (Region) to both, in order, without gaps or duplicates', async () => {
    const bob = await app.signIn();
    const { owner: ann, id } = await channelWithMembers(bob);
    const annSocket = await connectSocket(origin, ann.token);
    const bobSocket = await connectSocket(origin, bob.token);
    sockets.push(annSocket, bobSocket);
    const annAck = await annSocket.subscribe(id);
    const bobAck = await bobSocket.subscribe(id);
    expect(annAck).toMatchObject({ ok: true });

    const { taskId: imagineId } = await data(
      call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'a red fox in snow' }),
    );
    const grid = await waitForTask(ann, imagineId, 'SUCCESS');
    expect(grid).toMatchObject({
      action: 'IMAGINE',
      engine: 'builtin',
      progress: '100%',
      imageUrl: expect.stringMatching(/^\/files\//),
    });
    const u2 = grid.buttons.find((b) => b.label === 'U2')!;
    const image = await fetch(`${origin}${grid.imageUrl}`);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // Kept by the browser but asked again on each use (an admin may hide it): a strong ETag makes that a 304.
    expect(image.headers.get('cache-control')).toBe('private, no-cache');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await fetch(`${origin}${grid.imageUrl}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const { taskId: upscaleId } = await data(
      call(bob, 'POST', `/api/mj/submit/action/${id}`, { taskId: imagineId, customId: u2.customId }),
    );
    const upscaled = await waitForTask(bob, upscaleId, 'SUCCESS');
    expect(upscaled).toMatchObject({ action: 'UPSCALE', parentId: imagineId, userId: bob.user.id });
    const zoomButton = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Outpaint::50'))!;
    const { taskId: zoomId } = await data(
      call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: upscaleId, customId: zoomButton.customId }),
    );
    await waitForTask(ann, zoomId, 'SUCCESS');

    const regionButton = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Inpaint'))!;
    const { taskId: regionId } = await data(
      call(ann, 'POST', `/api/mj/submit/action/${id}`, {
        taskId: upscaleId,
        customId: regionButton.customId,
      }),
    );
    expect((await data(call(ann, 'GET', `/api/mj/task/${regionId}/fetch`))).status).toBe('MODAL');
    const maskImageId = await uploadMask(ann, await maskPng(await imageSize(upscaled)));
    expect(
      (
        await call(ann, 'POST', `/api/mj/submit/modal/${id}`, {
          taskId: regionId,
          prompt: 'a blue hat',
          maskImageId,
        })
      ).json().success,
    ).toBe(true);
    const region = await waitForTask(ann, regionId, 'SUCCESS');
    expect(region).toMatchObject({ action: 'INPAINT', prompt: 'a blue hat' });

    const settled = (events: ChannelEvent[]) =>
      events.filter((e) => e.type === 'task.updated' && e.data.status === 'SUCCESS').length === 4;
    await annSocket.waitFor(settled);
    await bobSocket.waitFor(settled);
    await new Promise((r) => setTimeout(r, 50));
    for (const [socket, ack] of [
      [annSocket, annAck],
      [bobSocket, bobAck],
    ] as const) {
      const seqs = socket.events.map((e) => e.seq);
      const start = ack.ok ? ack.seq : 0;
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => start + 1 + i));
      const kinds = new Set(socket.events.map((e) => e.type));
      expect(kinds).toEqual(new Set(['task.created', 'message.created', 'task.updated']));
      const progress = socket.events
        .filter((e) => e.type === 'task.updated' && e.data.id === imagineId)
        .map((e) => e.data as Task);
      expect(progress.some((t) => t.status === 'IN_PROGRESS' && t.previewUrl)).toBe(true);
    }
    expect(annSocket.events).toEqual(bobSocket.events);
  });

  it("keeps an editor's task to its opener until it is submitted; cancelled, it leaves nothing and gives the credits back", async () => {
    const bob = await app.signIn();
    const { owner: ann, id } = await channelWithMembers(bob);
    const grid = await waitForTask(
      ann,
      (await data(call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'a quiet harbour' }))).taskId,
      'SUCCESS',
    );
    const upscaled = await waitForTask(
      ann,
      (
        await data(
          call(ann, 'POST', `/api/mj/submit/action/${id}`, {
            taskId: grid.id,
            customId: grid.buttons.find((b) => b.label === 'U1')!.customId,
          }),
        )
      ).taskId,
      'SUCCESS',
    );
    const bobSocket = await connectSocket(origin, bob.token);
    sockets.push(bobSocket);
    await bobSocket.subscribe(id);
    const credits = async () => (await data(call(ann, 'GET', '/api/home/credits'))).balance as number;
    const messageIds = async () =>
      (
        (await data(call(bob, 'GET', `/api/draw/chat/${id}?limit=100`))).messages as {
          taskId: string | null;
        }[]
      ).map((m) => m.taskId);
    const region = upscaled.buttons.find((b) => b.customId.startsWith('MJ::Inpaint'))!;
    const before = await credits();

    // Opened and cancelled: nobody but Ann ever heard of it, and her credits are back.
    const { taskId: abandoned } = await data(
      call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: upscaled.id, customId: region.customId }),
    );
    expect((await data(call(ann, 'GET', `/api/mj/task/${abandoned}/fetch`))).status).toBe('MODAL');
    expect((await call(bob, 'GET', `/api/mj/task/${abandoned}/fetch`)).json()).toMatchObject({
      success: false,
      reason: 'not_found',
    });
    expect(await messageIds()).not.toContain(abandoned);
    expect((await data(call(ann, 'POST', `/api/mj/task/${abandoned}/cancel`))).status).toBe('CANCEL');
    expect(await credits()).toBe(before);

    // Opened and submitted: the channel sees it then, created and posted, as any task.
    const { taskId: kept } = await data(
      call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: upscaled.id, customId: region.customId }),
    );
    const maskImageId = await uploadMask(ann, await maskPng(await imageSize(upscaled)));
    expect(
      (
        await call(ann, 'POST', `/api/mj/submit/modal/${id}`, {
          taskId: kept,
          prompt: 'a red boat',
          maskImageId,
        })
      ).json().success,
    ).toBe(true);
    await bobSocket.waitFor((events) =>
      events.some((e) => e.type === 'message.created' && e.data.taskId === kept),
    );
    const heard = bobSocket.events.filter(
      (e) => e.type !== 'task.updated' || e.data.status !== 'IN_PROGRESS',
    );
    expect(
      heard.some(
        (e) =>
          (e.data as { id?: string; taskId?: string }).id === abandoned ||
          (e.data as { taskId?: string }).taskId === abandoned,
      ),
    ).toBe(false);
    const first = bobSocket.events.find(
      (e) => (e.type === 'task.created' || e.type === 'task.updated') && e.data.id === kept,
    )!;
    expect(first).toMatchObject({
      type: 'task.created',
      data: { status: 'SUBMITTED', prompt: 'a red boat' },
    });
    expect(await messageIds()).toContain(kept);
  });

  it('catches a client up after a disconnect to exactly the state of one that never left', async () => {
    const bob = await app.signIn();
    const { owner: ann, id } = await channelWithMembers(bob);
    const stayer = await connectSocket(origin, ann.token);
    sockets.push(stayer);
    const leaver = await connectSocket(origin, bob.token);
    const first = await leaver.subscribe(id);
    await stayer.subscribe(id);
    const { taskId } = await data(
      call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'lighthouse at dusk' }),
    );
    await leaver.waitFor((e) => e.some((x) => x.type === 'task.updated'));
    leaver.disconnect();
    const lastSeen = leaver.events.at(-1)!.seq;
    await waitForTask(ann, taskId, 'SUCCESS');
    await stayer.waitFor((e) => e.some((x) => x.type === 'task.updated' && x.data.status === 'SUCCESS'));

    const back = await connectSocket(origin, bob.token);
    sockets.push(back);
    expect(await back.subscribe(id, lastSeen)).toMatchObject({ ok: true });
    await back.waitFor((e) => e.some((x) => x.type === 'task.updated' && x.data.status === 'SUCCESS'));
    const rejoined = [...leaver.events, ...back.events];
    expect(first.ok).toBe(true);
    expect(rejoined).toEqual(stayer.events);
  });
});

describe('task controls', () => {
  it('cancels a running task for its owner, refuses others, and never moves it again', async () => {
    const slow = await startTestApp({ BUILTIN_ENGINE_STEP_MS: '400' });
    try {
      const bob = await slow.signIn();
      const ann = await slow.signIn();
      const { id } = (
        await slow.http.inject({
          method: 'POST',
          url: '/api/draw/channel',
          headers: ann.auth,
          payload: { title: 'c', isBan: false },
        })
      ).json().data;
      const { inviteCode } = (
        await slow.http.inject({
          method: 'POST',
          url: `/api/draw/invite-code/${id}`,
          headers: ann.auth,
          payload: {},
        })
      ).json().data;
      await slow.http.inject({
        method: 'POST',
        url: `/api/draw/join-channel/${inviteCode}`,
        headers: bob.auth,
      });
      const { taskId } = (
        await slow.http.inject({
          method: 'POST',
          url: `/api/mj/submit/imagine/${id}`,
          headers: bob.auth,
          payload: { prompt: 'slow boat' },
        })
      ).json().data;
      const stranger = await slow.signIn();
      expect(
        (
          await slow.http.inject({
            method: 'POST',
            url: `/api/mj/task/${taskId}/cancel`,
            headers: stranger.auth,
          })
        ).json().success,
      ).toBe(false);
      const cancelled = (
        await slow.http.inject({ method: 'POST', url: `/api/mj/task/${taskId}/cancel`, headers: bob.auth })
      ).json();
      expect(cancelled).toMatchObject({ success: true, data: { status: 'CANCEL' } });
      await new Promise((r) => setTimeout(r, 1500));
      const after = (
        await slow.http.inject({ url: `/api/mj/task/${taskId}/fetch`, headers: bob.auth })
      ).json().data;
      expect(after.status).toBe('CANCEL');
      expect(
        (
          await slow.http.inject({ method: 'POST', url: `/api/mj/task/${taskId}/cancel`, headers: bob.auth })
        ).json().success,
      ).toBe(false);
    } finally {
      await slow.close();
    }
  });

  it('describes an uploaded image, shortens a prompt and blends two images', async () => {
    const { owner: ann, id } = await channelWithMembers();
    const uploaded = await upload(ann, [
      { name: 'red.png', data: await png('#d01010') },
      { name: 'blue.png', data: await png('#1020d0') },
    ]);
    expect(uploaded.success).toBe(true);
    const [red, blue] = uploaded.data.files;
    const { taskId: describeId } = await data(
      call(ann, 'POST', `/api/mj/submit/describe/${id}`, { imageId: red!.id }),
    );
    const described = await waitForTask(ann, describeId, 'SUCCESS');
    expect((described.properties.prompts as string[]).length).toBe(4);
    const { taskId: shortenId } = await data(
      call(ann, 'POST', `/api/mj/submit/shorten/${id}`, {
        prompt: 'a very beautiful and extremely detailed painting of the old castle on a hill --ar 16:9',
      }),
    );
    const shortened = await waitForTask(ann, shortenId, 'SUCCESS');
    expect((shortened.properties.prompts as string[])[0]).toContain('--ar 16:9');
    const { taskId: blendId } = await data(
      call(ann, 'POST', `/api/mj/submit/blend/${id}`, {
        imageIds: [red!.id, blue!.id],
        dimensions: 'LANDSCAPE',
      }),
    );
    const blended = await waitForTask(ann, blendId, 'SUCCESS');
    expect(blended.action).toBe('BLEND');
  });

  it("stores the job mode each task runs in: the last mode its prompt names, else the person's, and a button press the presser's", async () => {
    const { owner: ann, id } = await channelWithMembers();
    const submit = async (prompt: string) =>
      (await data(call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt }))).taskId as string;
    // Midjourney reads the last mode flag: this one runs in turbo, whatever came before it.
    const turbo = await waitForTask(ann, await submit('a fox --relax --ar 1:1 --turbo'), 'SUCCESS');
    expect(turbo.properties.speed).toBe('turbo');
    expect(turbo.finalPrompt).toMatch(/--turbo/);
    // No flag: the person's settings (fast by default), then relax once they choose it.
    expect((await waitForTask(ann, await submit('a plain fox'), 'SUCCESS')).properties.speed).toBe('fast');
    await call(ann, 'PUT', '/api/draw/settings/option?botType=MID_JOURNEY', {
      name: 'speed',
      value: 'relax',
    });
    expect((await waitForTask(ann, await submit('a slow fox'), 'SUCCESS')).properties.speed).toBe('relax');
    // U1 on the turbo grid runs in the presser's mode (relax now), not the parent's prompt's.
    const u1 = turbo.buttons.find((b) => b.label === 'U1')!;
    const upscale = await waitForTask(
      ann,
      (
        await data(
          call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: turbo.id, customId: u1.customId }),
        )
      ).taskId,
      'SUCCESS',
    );
    expect(upscale.properties.speed).toBe('relax');
  });

  it('reads back a finished task seed and lists tasks by id for members only', async () => {
    const { owner: ann, id } = await channelWithMembers();
    const { taskId } = await data(
      call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'moon --seed 1234' }),
    );
    await waitForTask(ann, taskId, 'SUCCESS');
    expect(await data(call(ann, 'GET', `/api/mj/task/${taskId}/image-seed`))).toEqual({ seed: '1234' });
    expect(
      (await data(call(ann, 'POST', `/api/draw/tasks/${id}`, { ids: [taskId, 'nope'] }))).map(
        (t: Task) => t.id,
      ),
    ).toEqual([taskId]);
    const outsider = await app.signIn();
    expect((await call(outsider, 'GET', `/api/mj/task/${taskId}/fetch`)).json().success).toBe(false);
    expect((await call(outsider, 'POST', `/api/draw/tasks/${id}`, { ids: [taskId] })).json().success).toBe(
      false,
    );
    const page = await data(call(ann, 'GET', `/api/draw/chat/${id}`));
    expect(page.messages.map((m: { taskId: string }) => m.taskId)).toEqual([taskId]);
    expect(page.tasks[0]).toMatchObject({ id: taskId, status: 'SUCCESS' });
  });
});

describe('clips from the built-in engine', () => {
  it('animates an upscale and extends the clip: VIDEO tasks with a served WebP clip and a poster, 4 credits each', async () => {
    const { owner: ann, id } = await channelWithMembers();
    await giveCredits(app, ann.user.id, 10);
    const credits = async () => (await data(call(ann, 'GET', '/api/home/credits'))).balance as number;
    const grid = await waitForTask(
      ann,
      (await data(call(ann, 'POST', `/api/mj/submit/imagine/${id}`, { prompt: 'a lighthouse at dusk' })))
        .taskId,
      'SUCCESS',
    );
    expect(grid.buttons.some((b) => b.customId.includes('animate'))).toBe(false);
    const u1 = grid.buttons.find((b) => b.label === 'U1')!;
    const upscaled = await waitForTask(
      ann,
      (
        await data(
          call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: grid.id, customId: u1.customId }),
        )
      ).taskId,
      'SUCCESS',
    );
    const animate = upscaled.buttons.find((b) => b.label === 'Animate (Low motion)')!;
    const before = await credits();
    const { taskId } = await data(
      call(ann, 'POST', `/api/mj/submit/action/${id}`, { taskId: upscaled.id, customId: animate.customId }),
    );
    expect(await credits()).toBe(before - 4);
    const clip = await waitForTask(ann, taskId, 'SUCCESS');
    expect(clip).toMatchObject({
      action: 'VIDEO',
      parentId: upscaled.id,
      videoUrl: expect.stringMatching(/^\/files\/[\w-]+\.webp$/),
      imageUrl: expect.stringMatching(/^\/files\//),
    });
    expect(clip.properties).toMatchObject({ motion: 'low' });
    const served = await fetch(`${origin}${clip.videoUrl}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(
      (await sharp(Buffer.from(await served.arrayBuffer()), { animated: true }).metadata()).pages,
    ).toBeGreaterThan(4);
    expect(clip.buttons.map((b) => b.label)).toEqual(['Extend (High motion)', 'Extend (Low motion)']);

    const extendAnswer = (
      await call(ann, 'POST', `/api/mj/submit/action/${id}`, {
        taskId: clip.id,
        customId: clip.buttons[0]!.customId,
      })
    ).json();
    expect(extendAnswer).toMatchObject({ success: true });
    const extended = await waitForTask(ann, extendAnswer.data.taskId, 'SUCCESS');
    expect(extended).toMatchObject({
      action: 'VIDEO',
      parentId: clip.id,
      properties: expect.objectContaining({ motion: 'high', extend: true }),
    });
    expect(extended.videoUrl).not.toBe(clip.videoUrl);
    expect(await credits()).toBe(before - 8);
  });
});

describe('bad requests are refused with a clear message and store nothing', () => {
  it('for prompts, buttons, masks, uploads, non-members and muted members', async () => {
    const bob = await app.signIn();
    const { owner: ann, id } = await channelWithMembers(bob);
    const outsider = await app.signIn();
    const submit = (s: Session, kind: string, body: object) =>
      call(s, 'POST', `/api/mj/submit/${kind}/${id}`, body);
    const refusals = [
      await submit(ann, 'imagine', { prompt: '' }),
      await submit(ann, 'imagine', { prompt: 'x'.repeat(4001) }),
      await submit(ann, 'imagine', {
        prompt: 'fox',
        imageIds: ['a.png', 'b.png', 'c.png', 'd.png', 'e.png', 'f.png'],
      }),
      await submit(ann, 'imagine', { prompt: 'fox', imageIds: ['not-mine-0000.png'] }),
      await submit(ann, 'imagine', { prompt: { $gt: '' } }),
      await submit(ann, 'action', { taskId: 'nope', customId: 'MJ::JOB::upsample::1::abc' }),
      await submit(ann, 'blend', { imageIds: ['only-one-0000.png'] }),
      await submit(ann, 'modal', { taskId: 'nope', maskImageId: 'not-mine-0000.png' }),
      await submit(outsider, 'imagine', { prompt: 'sneaky' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect((await submit(ann, 'imagine', { prompt: '' })).json().message).toBe(
      'The prompt must be 1–4000 characters',
    );

    const { taskId } = await data(submit(ann, 'imagine', { prompt: 'owl' }));
    await waitForTask(ann, taskId, 'SUCCESS');
    expect(
      (await submit(ann, 'action', { taskId, customId: 'MJ::JOB::upsample::1::forged' })).json().message,
    ).toBe('That button does not belong to this task');

    await call(ann, 'PUT', `/api/draw/channel/${id}`, { title: 'draw', isBan: true });
    const muted = await submit(bob, 'imagine', { prompt: 'let me speak' });
    expect(muted.statusCode).toBe(423);
    expect(muted.json()).toMatchObject({
      success: false,
      reason: 'channel_muted',
      message: 'This channel is muted: only admins can post',
    });
    expect((await call(bob, 'POST', `/api/draw/chat/${id}`, { content: 'hello?' })).json().reason).toBe(
      'channel_muted',
    );
    const page = await data(call(ann, 'GET', `/api/draw/chat/${id}`));
    expect(page.messages).toHaveLength(1);
  });

  it('for a Vary (Region) mask that selects nothing: nothing stored, nothing charged, the task still waits', async () => {
    const { ann, id, taskId, size, credits, files, balance } = await regionTaskWaiting('a lake');
    const black = await uploadMask(
      ann,
      await sharp({ create: { ...size, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const clear = await uploadMask(
      ann,
      await sharp({ create: { ...size, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
        .png()
        .toBuffer(),
    );
    const stored = files();
    // A mask inline in the body, as the modal once took it, is no mask at all.
    const inline = await call(ann, 'POST', `/api/mj/submit/modal/${id}`, {
      taskId,
      prompt: 'a boat',
      maskBase64: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(inline.json()).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: 'Paint the area to change first',
    });
    for (const maskImageId of [black, clear]) {
      const refused = await call(ann, 'POST', `/api/mj/submit/modal/${id}`, {
        taskId,
        prompt: 'a boat',
        maskImageId,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'The mask selects nothing: paint the area to change (in white) first',
      );
    }
    const zh = await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/modal/${id}`,
      payload: { taskId, maskImageId: black },
      headers: { ...ann.auth, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().message).toBe('蒙版中没有选中任何区域，请先用白色涂抹要修改的区域');
    expect(await credits()).toBe(balance);
    expect(files()).toBe(stored);
    expect((await data(call(ann, 'GET', `/api/mj/task/${taskId}/fetch`))).status).toBe('MODAL');

    const maskImageId = await uploadMask(ann, await maskPng(size));
    expect(
      (
        await call(ann, 'POST', `/api/mj/submit/modal/${id}`, { taskId, prompt: 'a boat', maskImageId })
      ).json().success,
    ).toBe(true);
    await waitForTask(ann, taskId, 'SUCCESS');
  });

  it("for a Vary (Region) mask of another size, someone else's, or a huge canvas in a small file: refused, nothing changes", async () => {
    const { ann, id, taskId, size, credits, files, balance } = await regionTaskWaiting('a field');
    const narrower = await uploadMask(ann, await maskPng({ width: size.width - 1, height: size.height }));
    const taller = await uploadMask(ann, await maskPng({ width: size.height, height: size.width * 2 }));
    const bobs = await uploadMask(await app.signIn(), await maskPng(size));
    const stored = files();
    for (const maskImageId of [narrower, taller]) {
      const refused = await call(ann, 'POST', `/api/mj/submit/modal/${id}`, {
        taskId,
        prompt: 'a tree',
        maskImageId,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        success: false,
        reason: 'bad_request',
        message: `The mask must have the image's size (${size.width}×${size.height} pixels)`,
      });
    }
    const zh = await app.http.inject({
      method: 'POST',
      url: `/api/mj/submit/modal/${id}`,
      payload: { taskId, maskImageId: narrower },
      headers: { ...ann.auth, 'accept-language': 'zh-TW' },
    });
    expect(zh.json().message).toBe(`遮罩的尺寸必須與圖片相同（${size.width}×${size.height} 像素）`);
    // Only the person's own uploads: another's mask is as unknown as a made-up id.
    const notHers = await call(ann, 'POST', `/api/mj/submit/modal/${id}`, {
      taskId,
      prompt: 'a tree',
      maskImageId: bobs,
    });
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json()).toMatchObject({
      success: false,
      reason: 'not_found',
      message: 'That image does not exist or is not yours to use',
    });
    // A tiny file declaring a huge canvas never becomes a mask: the upload refuses it from its header.
    expect(await upload(ann, [{ name: 'mask.png', data: await blackPng(16383, 16383) }])).toMatchObject({
      success: false,
      message: 'Each image must be 40 megapixels or smaller',
    });
    expect(await credits()).toBe(balance);
    expect(files()).toBe(stored);
    expect((await data(call(ann, 'GET', `/api/mj/task/${taskId}/fetch`))).status).toBe('MODAL');
  });

  it('for a body the size of a mask: refused before it is parsed (anonymous: before anything but the headers)', async () => {
    const { owner: ann, id } = await channelWithMembers();
    const big = JSON.stringify({ taskId: 'a-task', prompt: 'x'.repeat(1024 * 1024) });
    const post = (headers: Record<string, string>) =>
      app.http.inject({
        method: 'POST',
        url: `/api/mj/submit/modal/${id}`,
        payload: big,
        headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en-US' },
      });
    const signedIn = await post(ann.auth);
    expect(signedIn.statusCode).toBe(413);
    expect(signedIn.json()).toMatchObject({ success: false, reason: 'payload_too_large' });
    const anonymous = await post({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, reason: 'unauthorized' });
  });

  it('for uploads that are too big, not images, or too many', async () => {
    const ann = await app.signIn();
    const big = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#888' } })
      .raw()
      .toBuffer();
    const tooBig = await upload(ann, [
      { name: 'big.png', data: Buffer.concat([await png('#fff'), big.subarray(0, 1_100_000)]) },
    ]);
    expect(tooBig).toMatchObject({ success: false, message: 'Each image must be 1 MB or smaller' });
    const fake = await upload(ann, [{ name: 'evil.png', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(fake).toMatchObject({
      success: false,
      message: 'Only jpg, gif, png, jpeg and webp images can be uploaded',
    });
    const six = await upload(
      ann,
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({ name: `${i}.png`, data: await png('#123456') })),
      ),
    );
    expect(six).toMatchObject({ success: false, message: 'Upload at most 5 images' });
    const webp = await upload(ann, [
      {
        name: 'x.png',
        data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
      },
    ]);
    // Phones make WebP: it is taken by its bytes, whatever the name says (issue #33).
    expect(webp.success).toBe(true);
  });
});
