import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/harness';
import { startAppOnFake, upstreamSuite } from '../../../test/fakes/midjourney-proxy/harness';
import { upstreamTestkit } from '../../../test/fakes/midjourney-proxy/testkit';

/**
 * Each reference kind reaches a suite.fake midjourney-proxy in its form: image prompts as base64 images,
 * style and character/omni references as URLs under our public origin in the prompt.
 */
const PUBLIC = 'https://draw.example.com';
// A public origin the upstream would fetch references from (its hooks go nowhere; polling follows the tasks).
const suite = upstreamSuite(() => ({ PUBLIC_URL: PUBLIC }));

const kit = upstreamTestkit(() => suite);
const { call, finished, submit } = kit;

describe('reference images through the upstream', () => {
  it('V6: image prompt as base64, style reference and character reference as our URLs with their weights', async () => {
    const channelId = await kit.channel(suite.me);
    const [image, style, person] = await kit.upload(suite.me, [
      await kit.png('#d01010'),
      await kit.png('#1020d0'),
      await kit.png('#10d020'),
    ]);
    const task = await finished(
      suite.me,
      await submit(suite.me, channelId, 'imagine', {
        prompt: 'a knight in a forest',
        references: [
          { imageId: image, kind: 'image' },
          { imageId: style, kind: 'style' },
          { imageId: person, kind: 'character' },
        ],
        weights: { image: 2, style: 300, character: 50 },
      }),
    );
    const body = suite.fake.submits('imagine').at(-1)!.body!;
    expect(body.base64Array).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]);
    const prompt = String(body.prompt);
    expect(prompt).toContain(`--sref ${PUBLIC}/files/${style} --sw 300`);
    expect(prompt).toContain(`--cref ${PUBLIC}/files/${person} --cw 50`);
    expect(prompt).toContain('--iw 2');
    expect(task.properties.referenceKinds).toEqual(['image', 'style', 'character']);
    // The URL we hand out serves the picture.
    expect((await fetch(`${suite.origin}/files/${style}`)).status).toBe(200);
  });

  it('V7: an omni reference goes as --oref; a character reference is refused with a clear message', async () => {
    const channelId = await kit.channel(suite.me);
    expect((await call(suite.me, 'PUT', '/api/draw/settings/version/7')).json().success).toBe(true);
    try {
      const [person] = await kit.upload(suite.me, [await kit.png('#10d020')]);
      await finished(
        suite.me,
        await submit(suite.me, channelId, 'imagine', {
          prompt: 'a knight',
          references: [{ imageId: person, kind: 'omni' }],
          weights: { omni: 400 },
        }),
      );
      expect(String(suite.fake.submits('imagine').at(-1)!.body!.prompt)).toContain(
        `--oref ${PUBLIC}/files/${person} --ow 400`,
      );
      const refused = (
        await call(suite.me, 'POST', `/api/mj/submit/imagine/${channelId}`, {
          prompt: 'a knight',
          references: [{ imageId: person, kind: 'character' }],
        })
      ).json();
      expect(refused).toMatchObject({
        success: false,
        reason: 'bad_request',
        message: expect.stringContaining('--oref'),
      });
    } finally {
      await call(suite.me, 'PUT', '/api/draw/settings/version/6.1');
    }
  });

  it('refuses weights outside their range and changes nothing', async () => {
    const channelId = await kit.channel(suite.me);
    const [style] = await kit.upload(suite.me, [await kit.png('#1020d0')]);
    const before = suite.fake.submits('imagine').length;
    const refused = (
      await call(suite.me, 'POST', `/api/mj/submit/imagine/${channelId}`, {
        prompt: 'x',
        references: [{ imageId: style, kind: 'style' }],
        weights: { style: 5000 },
      })
    ).json();
    expect(refused).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: expect.stringContaining('--sw'),
    });
    expect(suite.fake.submits('imagine')).toHaveLength(before);
  });
});

describe('with a local PUBLIC_URL', () => {
  let local: { app: TestApp; origin: string };
  beforeAll(async () => {
    local = await startAppOnFake(suite.fake);
  });
  afterAll(async () => {
    await local.app.close();
  });

  it('style references are refused with a message saying why; image prompts still go', async () => {
    const localKit = upstreamTestkit(() => ({ app: local.app, origin: local.origin, fake: suite.fake }));
    const user = await local.app.signIn();
    const channelId = await localKit.channel(user);
    const [style] = await localKit.upload(user, [await localKit.png('#1020d0')]);
    const refused = (
      await localKit.call(user, 'POST', `/api/mj/submit/imagine/${channelId}`, {
        prompt: 'x',
        references: [{ imageId: style, kind: 'style' }],
      })
    ).json();
    expect(refused).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: expect.stringContaining('PUBLIC_URL'),
    });
    await localKit.finished(
      user,
      await localKit.submit(user, channelId, 'imagine', {
        prompt: 'x',
        references: [{ imageId: style, kind: 'image' }],
      }),
    );
    expect(suite.fake.submits('imagine').at(-1)!.body!.base64Array).toHaveLength(1);
  });
});
