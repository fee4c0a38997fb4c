import { describe, expect, it } from 'vitest';
import type { EngineImage, ParentImage } from '../port';
import { UpstreamError } from './errors';
import { buttonsOf, modalBody, orderOf, submissionOf, textResultsOf } from './mapping';
import { readSubmitAnswer, readUpstreamTask, type UpstreamTask } from './protocol';

const image: EngineImage = { data: Buffer.from('png-bytes'), mime: 'image/png', width: 2, height: 2 };
const extras = { notifyHook: 'http://us/api/open/notify/t1/tok', state: 't1' };
const parent = (upstreamId: string | null): ParentImage => ({
  taskId: 'p1',
  action: 'IMAGINE',
  prompt: 'a fox --v 6.1 --relax',
  seed: 0,
  image,
  upstreamId,
  customId: 'MJ::JOB::upsample::1::abc',
});
const task = (fields: Partial<UpstreamTask>): UpstreamTask =>
  readUpstreamTask({ id: 'u1', status: 'IN_PROGRESS', ...fields })!;

describe('submissionOf', () => {
  it('sends imagine with reference images as data URLs, the hook and our id as state', () => {
    const plan = submissionOf(
      { kind: 'imagine', prompt: 'a fox --fast', seed: 1, botType: 'NIJI_JOURNEY', references: [image] },
      extras,
    );
    expect(plan).toEqual({
      route: 'imagine',
      body: {
        prompt: 'a fox --fast',
        botType: 'NIJI_JOURNEY',
        base64Array: [`data:image/png;base64,${image.data.toString('base64')}`],
        notifyHook: extras.notifyHook,
        state: 't1',
      },
      speed: 'fast',
      modal: null,
    });
    expect(
      submissionOf(
        { kind: 'imagine', prompt: 'x', seed: 1, botType: 'MID_JOURNEY', references: [] },
        { notifyHook: null, state: 't' },
      ).body,
    ).toEqual({ prompt: 'x', botType: 'MID_JOURNEY', state: 't' });
  });

  it('turns a button press into an action on the parent upstream task, with what a modal would need', () => {
    const upscale = submissionOf(
      { kind: 'upscale', parent: parent('u-parent'), index: 1, mode: 'default' },
      extras,
    );
    expect(upscale).toMatchObject({
      route: 'action',
      body: { taskId: 'u-parent', customId: 'MJ::JOB::upsample::1::abc' },
      speed: 'relax',
    });
    const region = submissionOf(
      { kind: 'region', parent: parent('u-parent'), prompt: 'a hat --fast', seed: 1, mask: image },
      extras,
    );
    expect(region.modal).toEqual({
      prompt: 'a hat --fast',
      maskBase64: `data:image/png;base64,${image.data.toString('base64')}`,
    });
    expect(region.speed).toBe('fast');
    expect(modalBody('u-modal', region.modal!, extras)).toMatchObject({
      taskId: 'u-modal',
      prompt: 'a hat --fast',
      maskBase64: expect.stringMatching(/^data:image\/png/),
    });
  });

  it("queues an action by the presser's job mode, not the parent's; jobs stored without one keep the prompt's", () => {
    expect(
      submissionOf(
        { kind: 'upscale', parent: parent('u-parent'), index: 1, mode: 'default', speed: 'turbo' },
        extras,
      ).speed,
    ).toBe('turbo');
    expect(
      submissionOf(
        {
          kind: 'variation',
          parent: parent('u-parent'),
          prompt: 'a fox --v 6.1 --relax',
          seed: 1,
          index: 2,
          strength: 'index',
          speed: 'fast',
        },
        extras,
      ).speed,
    ).toBe('fast');
    expect(
      submissionOf(
        {
          kind: 'pan',
          parent: parent('u-parent'),
          prompt: 'a fox --relax',
          seed: 1,
          direction: 'left',
          speed: 'turbo',
        },
        extras,
      ).speed,
    ).toBe('turbo');
    expect(
      submissionOf(
        { kind: 'region', parent: parent('u-parent'), prompt: 'a hat', seed: 1, mask: image, speed: 'fast' },
        extras,
      ).speed,
    ).toBe('fast');
    expect(
      submissionOf(
        { kind: 'zoom', parent: parent('u-parent'), prompt: 'a fox --zoom 2', seed: 1, factor: 2 },
        extras,
      ).speed,
    ).toBe('relax');
  });

  it('marks a remix prompt the user wrote, which the upstream must take through its modal', () => {
    const remixed = submissionOf(
      { kind: 'reroll', parent: parent('u-parent'), prompt: 'a wolf', seed: 1, remix: true },
      extras,
    );
    expect(remixed).toMatchObject({ route: 'action', remix: true, modal: { prompt: 'a wolf' } });
    expect(
      submissionOf({ kind: 'reroll', parent: parent('u-parent'), prompt: 'a fox', seed: 1 }, extras).remix,
    ).toBeUndefined();
  });

  it("asks the C# line for its modal when the person's Remix is on (enableRemix), on remixable actions only", () => {
    expect(
      submissionOf(
        {
          kind: 'pan',
          parent: parent('u-parent'),
          prompt: 'a fox',
          seed: 1,
          direction: 'left',
          enableRemix: true,
        },
        extras,
      ).body,
    ).toMatchObject({ enableRemix: true });
    expect(
      submissionOf(
        {
          kind: 'variation',
          parent: parent('u-parent'),
          prompt: 'a fox',
          seed: 1,
          index: 2,
          strength: 'index',
        },
        extras,
      ).body,
    ).not.toHaveProperty('enableRemix');
  });

  it('on the Java line: U/V/🔄 go through change, anything else is not offered, an edited remix is refused', () => {
    const java = (job: Parameters<typeof submissionOf>[0]) => submissionOf(job, extras, 'java');
    expect(java({ kind: 'upscale', parent: parent('u-parent'), index: 3, mode: 'default' })).toEqual({
      route: 'change',
      body: { taskId: 'u-parent', action: 'UPSCALE', index: 3, notifyHook: extras.notifyHook, state: 't1' },
      speed: 'relax',
      modal: null,
    });
    expect(
      java({
        kind: 'variation',
        parent: parent('u-parent'),
        prompt: 'a fox',
        seed: 1,
        index: 4,
        strength: 'index',
      }).body,
    ).toMatchObject({ action: 'VARIATION', index: 4 });
    expect(
      java({ kind: 'reroll', parent: parent('u-parent'), prompt: 'a fox', seed: 1, enableRemix: true }).body,
    ).toEqual({ taskId: 'u-parent', action: 'REROLL', notifyHook: extras.notifyHook, state: 't1' });
    expect(() =>
      java({ kind: 'reroll', parent: parent('u-parent'), prompt: 'a wolf', seed: 1, remix: true }),
    ).toThrow(/not in Remix mode/);
    expect(() => java({ kind: 'upscale', parent: parent('u-parent'), index: 1, mode: 'creative' })).toThrow(
      'This Midjourney service does not offer Upscale (Subtle/Creative).',
    );
    expect(() =>
      java({ kind: 'zoom', parent: parent('u-parent'), prompt: 'a fox', seed: 1, factor: 2 }),
    ).toThrow(/does not offer Zoom Out/);
    expect(() => java({ kind: 'shorten', prompt: 'a fox' })).toThrow(/does not offer \/shorten/);
    expect(
      java({ kind: 'imagine', prompt: 'x', seed: 1, botType: 'MID_JOURNEY', references: [] }).route,
    ).toBe('imagine');
  });

  it('sends Animate with the upscale as first frame and Extend with the clip task, one clip each; never on the Java line', () => {
    const upscale = {
      ...parent('up-1'),
      action: 'UPSCALE' as const,
      customId: 'MJ::JOB::animate_low::1::h::SOLO',
    };
    const animate = submissionOf(
      { kind: 'animate', parent: upscale, prompt: 'a fox --v 6.1', motion: 'low', speed: 'fast' },
      extras,
      'csharp',
    );
    expect(animate).toEqual({
      route: 'video',
      body: {
        prompt: 'a fox --v 6.1',
        motion: 'low',
        batchSize: 1,
        loop: false,
        image: `data:image/png;base64,${image.data.toString('base64')}`,
        notifyHook: extras.notifyHook,
        state: 't1',
      },
      speed: 'fast',
      modal: null,
    });
    const clip = {
      ...parent('clip-9'),
      action: 'VIDEO' as const,
      customId: 'MJ::JOB::animate_high_extend::1::clip-9',
    };
    const extend = submissionOf(
      { kind: 'extend', parent: clip, prompt: '', motion: 'high', index: 1 },
      extras,
      'csharp',
    );
    expect(extend.body).toEqual({
      prompt: 'a fox --v 6.1 --relax',
      motion: 'high',
      batchSize: 1,
      action: 'extend',
      taskId: 'clip-9',
      index: 0,
      notifyHook: extras.notifyHook,
      state: 't1',
    });
    expect(extend.speed).toBe('relax');
    // A blend's upscale has no prompt; the upstream refuses an empty one.
    expect(
      submissionOf(
        { kind: 'animate', parent: { ...upscale, prompt: '' }, prompt: '', motion: 'low' },
        extras,
        'csharp',
      ).body.prompt,
    ).toBe('animate');
    expect(() =>
      submissionOf(
        { kind: 'extend', parent: { ...clip, upstreamId: null }, prompt: '', motion: 'low', index: 1 },
        extras,
        'csharp',
      ),
    ).toThrow(UpstreamError);
    expect(() =>
      submissionOf({ kind: 'animate', parent: upscale, prompt: 'x', motion: 'low' }, extras, 'java'),
    ).toThrow('does not offer Animate');
    expect(() =>
      submissionOf({ kind: 'extend', parent: clip, prompt: 'x', motion: 'low', index: 1 }, extras, 'java'),
    ).toThrow('does not offer Extend');
  });

  it('refuses actions on images another engine drew, and blends the upstream cannot take', () => {
    expect(() =>
      submissionOf({ kind: 'upscale', parent: parent(null), index: 1, mode: 'default' }, extras),
    ).toThrow(UpstreamError);
    expect(() =>
      submissionOf({ kind: 'upscale', parent: parent(null), index: 1, mode: 'default' }, extras),
    ).toThrow(/not drawn by Midjourney/);
    expect(() =>
      submissionOf({ kind: 'blend', images: Array(6).fill(image), dimensions: 'SQUARE', seed: 1 }, extras),
    ).toThrow(/2 to 5 images/);
    expect(
      submissionOf(
        { kind: 'blend', images: [image, image], dimensions: 'PORTRAIT', seed: 1, speed: 'turbo' },
        extras,
      ),
    ).toMatchObject({ body: { dimensions: 'PORTRAIT' }, speed: 'turbo' });
  });
});

describe('reading the upstream', () => {
  it('accepts only real tasks and answers', () => {
    expect(readUpstreamTask(null)).toBeNull();
    expect(readUpstreamTask({})).toBeNull();
    expect(readUpstreamTask({ id: 'x', status: 'DANCING' })).toBeNull();
    expect(
      readUpstreamTask({
        id: 7,
        status: 'success',
        progress: 5,
        buttons: [{ customId: 'MJ::BOOKMARK::a' }, { label: 'no id' }],
      }),
    ).toMatchObject({
      id: '7',
      status: 'SUCCESS',
      progress: '5',
      buttons: [{ customId: 'MJ::BOOKMARK::a', emoji: '', label: '' }],
      imageUrl: null,
    });
    expect(readSubmitAnswer({ code: 22, result: 123, properties: { numberOfQueues: 2 } })).toEqual({
      code: 22,
      description: '',
      result: '123',
      properties: { numberOfQueues: 2 },
    });
    expect(readSubmitAnswer('nope')).toBeNull();
    // The C# line's refusal before any task exists.
    expect(readSubmitAnswer({ success: false, code: -1, message: '队列数已达上限', timestamp: '1' })).toEqual(
      { code: -1, description: '队列数已达上限', result: null, properties: {} },
    );
  });

  it('orders snapshots by status, then progress (MODAL before SUBMITTED; terminals equal)', () => {
    const order = (status: string, progress = '') =>
      orderOf(task({ status: status as UpstreamTask['status'], progress }));
    expect(order('NOT_START')).toBeLessThan(order('MODAL'));
    expect(order('MODAL')).toBeLessThan(order('SUBMITTED'));
    expect(order('SUBMITTED')).toBeLessThan(order('IN_PROGRESS', '0%'));
    expect(order('IN_PROGRESS', '10%')).toBeLessThan(order('IN_PROGRESS', '50%'));
    expect(order('IN_PROGRESS', '100%')).toBeLessThan(order('SUCCESS'));
    expect(order('SUCCESS')).toBe(order('FAILURE'));
  });

  it('keeps the upstream buttons our action route can take', () => {
    const buttons = buttonsOf(
      task({
        buttons: [
          { customId: 'MJ::JOB::upsample::1::3dbbd469-36af-4a0f-8f02-df6c579e7011', emoji: '', label: 'U1' },
          {
            customId: 'MJ::JOB::reroll::0::3dbbd469-36af-4a0f-8f02-df6c579e7011::SOLO',
            emoji: '🔄',
            label: '',
          },
          { customId: 'MJ::Something::new', emoji: '', label: 'New' },
        ],
      } as never),
    );
    expect(buttons.map((b) => b.label || b.emoji)).toEqual(['U1', '🔄']);
  });

  it('gives a Java-line task (no buttons field) the buttons its change route or our own imagine can serve', () => {
    const java = (action: string) =>
      buttonsOf(readUpstreamTask({ id: '1732500000123', status: 'SUCCESS', action })!);
    const id = '1732500000123';
    expect(java('IMAGINE').map((b) => b.customId)).toEqual([
      ...[1, 2, 3, 4].map((i) => `MJ::JOB::upsample::${i}::${id}`),
      `MJ::JOB::reroll::0::${id}::SOLO`,
      ...[1, 2, 3, 4].map((i) => `MJ::JOB::variation::${i}::${id}`),
    ]);
    expect(java('BLEND')).toHaveLength(9);
    expect(java('UPSCALE')).toEqual([]);
    expect(java('DESCRIBE').map((b) => b.customId)).toContain('MJ::Job::PicReader::1');
    // A C# task with an empty buttons array keeps it empty.
    expect(
      buttonsOf(readUpstreamTask({ id: '1', status: 'SUCCESS', action: 'IMAGINE', buttons: [] })!),
    ).toEqual([]);
  });

  it('reads a clip task: its first clip and thumbnail, and Extend buttons on its own id', () => {
    const clip = readUpstreamTask({
      id: '1732000000001',
      status: 'SUCCESS',
      action: 'VIDEO',
      imageUrl: 'https://cdn.midjourney.com/video/j/0_0.mp4',
      videoUrls: [
        {
          url: 'https://cdn.midjourney.com/video/j/0_0.mp4',
          thumbnail: 'https://cdn.midjourney.com/j/0_0_640_N.webp',
        },
        { url: 'x' },
      ],
      buttons: [{ customId: 'MJ::JOB::video_virtual_upscale::1::j', label: 'U1', emoji: '' }],
    })!;
    expect(clip).toMatchObject({
      videoUrl: 'https://cdn.midjourney.com/video/j/0_0.mp4',
      videoThumbnail: 'https://cdn.midjourney.com/j/0_0_640_N.webp',
    });
    expect(readUpstreamTask({ id: 'a', status: 'SUCCESS', videoUrl: 'https://v/1.mp4' })).toMatchObject({
      videoUrl: 'https://v/1.mp4',
      videoThumbnail: null,
    });
    expect(buttonsOf(clip).map((b) => b.customId)).toEqual([
      'MJ::JOB::animate_high_extend::1::1732000000001',
      'MJ::JOB::animate_low_extend::1::1732000000001',
    ]);
    expect(buttonsOf({ ...clip, hasButtons: false })).toEqual([]);
  });

  it("reads describe's and shorten's numbered prompts", () => {
    const described = task({
      status: 'SUCCESS',
      promptEn: '1️⃣ a red fox, snow --ar 3:2\n\n2️⃣ a fox in winter --ar 3:2\n\n3️⃣ three\n\n4️⃣ four',
    });
    expect(textResultsOf(described)).toEqual([
      'a red fox, snow --ar 3:2',
      'a fox in winter --ar 3:2',
      'three',
      'four',
    ]);
    const shortened = task({
      status: 'SUCCESS',
      properties: {
        finalPrompt:
          '**Important tokens**\ncastle, hill\n\n**Shortened prompts**\n1️⃣ castle on a hill\n2️⃣ castle\n',
      },
    });
    expect(textResultsOf(shortened)).toEqual(['castle on a hill', 'castle']);
    expect(textResultsOf(task({ status: 'SUCCESS', promptEn: 'first idea\n\nsecond idea' }))).toEqual([
      'first idea',
      'second idea',
    ]);
  });
});
