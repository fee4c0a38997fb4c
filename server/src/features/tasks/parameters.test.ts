import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { balanceOf } from '../../../test/support/billing';
import { Tasks } from './repository';

/** Midjourney's "Invalid parameter": refused before anything is stored or charged, in the person's language. */
describe('prompt parameters', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ FREE_DAILY_CREDITS: '10' });
  });
  afterAll(() => app.close());

  it('refuses /imagine with a parameter Midjourney would refuse, naming it and what it takes, charging nothing', async () => {
    const ann = await app.signIn();
    const { id } = (
      await app.http.inject({
        method: 'POST',
        url: '/api/draw/channel',
        headers: ann.auth,
        payload: { title: 'params', isBan: false },
      })
    ).json().data as { id: string };
    const imagine = (prompt: string, language = 'en-US') =>
      app.http.inject({
        method: 'POST',
        url: `/api/mj/submit/imagine/${id}`,
        headers: { ...ann.auth, 'accept-language': language },
        payload: { prompt },
      });
    const before = await balanceOf(app, ann.user.id);

    const stylize = await imagine('a cat --s 5000');
    expect(stylize.statusCode).toBe(400);
    expect(stylize.json()).toMatchObject({
      success: false,
      reason: 'bad_request',
      message: 'Invalid parameter: --s takes a whole number from 0 to 1000',
    });
    expect((await imagine('a cat --ar banana', 'zh-CN')).json().message).toBe(
      '无效参数：--ar 需写成“宽:高”，两个正整数，例如 16:9',
    );
    expect((await imagine('a cat --oref https://a.example/y.png --v 6.1')).json().message).toBe(
      'Invalid parameter: V6 does not take --oref (only V7)',
    );
    expect((await imagine('a cat --banana')).json().message).toBe(
      'Invalid parameter: Midjourney has no --banana',
    );

    expect(await balanceOf(app, ann.user.id)).toBe(before);
    expect(await app.storage.collection(Tasks).count({ channelId: id })).toBe(0);
    // What Midjourney takes still runs.
    expect((await imagine('a cat --s 750 --ar 16:9')).json()).toMatchObject({ success: true });
  });
});
