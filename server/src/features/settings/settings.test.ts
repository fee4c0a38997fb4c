import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotType, type DrawSettings } from '@draw/shared';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { authRepository } from '../auth/repository';
import { settingsPlugin } from './plugin';
import {
  DrawSettingsCollection,
  settingsRepository,
  settingsId,
  type SettingsRepository,
} from './repository';
import { pendingInfoSources, settingsService, type DrawInfoSources, type SettingsService } from './service';

/**
 * The real app (storage, accounts, channels, envelope, authentication). Until app.ts wires this
 * feature in, the test registers the plugin the way app.ts will: Fastify accepts routes until the
 * app first starts, and startTestApp has not started it yet. Once wired, the app's own is used.
 */
let app: TestApp;
let repo: SettingsRepository;
let service: SettingsService;
const fakeSources: DrawInfoSources = {
  engineName: () => 'Some engine',
  planOf: async () => ({ plan: 'Standard', credits: 42, renewsAt: 1_900_000_000_000 }),
  taskCounts: async () => ({ running: 1, queued: 2 }),
};

beforeAll(async () => {
  app = await startTestApp();
  repo = settingsRepository(app.storage);
  service =
    (app.services as { settings?: SettingsService }).settings ??
    settingsService({ repo, users: authRepository(app.storage).users, now: Date.now });
  if (!app.http.hasRoute({ method: 'GET', url: '/api/draw/settings/options' })) {
    await app.http.register(settingsPlugin, {
      settings: service,
      channels: app.services.channels,
      infoSources: pendingInfoSources('Built-in sketch engine'),
    });
  }
});
afterAll(async () => {
  await app?.close();
});

type Session = Awaited<ReturnType<TestApp['signIn']>>;
type Method = 'GET' | 'PUT' | 'POST';
const call = (session: Session | null, method: Method, url: string, payload?: unknown, language = 'en-US') =>
  app.http.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(session?.auth ?? {}), 'accept-language': language },
  });
const data = async (p: ReturnType<typeof call>) => {
  const body = (await p).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
};
const refused = async (p: ReturnType<typeof call>, reason = 'bad_request') => {
  const res = await p;
  const body = res.json();
  expect(body, JSON.stringify(body)).toMatchObject({ success: false, reason, data: null });
  expect(body.message).toBeTruthy();
  return body.message as string;
};

const MJ_DEFAULTS: DrawSettings = {
  botType: 'MID_JOURNEY',
  version: '6.1',
  stylize: 100,
  style: 'standard',
  speed: 'fast',
  remix: false,
  suffix: '',
};
const NIJI_DEFAULTS: DrawSettings = { ...MJ_DEFAULTS, botType: 'NIJI_JOURNEY', version: '6' };

async function member(): Promise<{ session: Session; channelId: string }> {
  const session = await app.signIn();
  const channel = await data(call(session, 'POST', '/api/draw/channel', { title: 'settings', isBan: false }));
  return { session, channelId: channel.id };
}
const settingsOf = (s: Session, channelId: string, bot = 'MID_JOURNEY') =>
  data(call(s, 'GET', `/api/draw/settings/${channelId}?botType=${bot}`));

describe('reading settings', () => {
  it('gives the defaults per bot to a member who never changed anything (MID_JOURNEY when no botType)', async () => {
    const { session, channelId } = await member();
    expect(await data(call(session, 'GET', `/api/draw/settings/${channelId}`))).toEqual(MJ_DEFAULTS);
    expect(await settingsOf(session, channelId, 'MID_JOURNEY')).toEqual(MJ_DEFAULTS);
    expect(await settingsOf(session, channelId, 'NIJI_JOURNEY')).toEqual(NIJI_DEFAULTS);
  });

  it('answers the options for each bot, and /options is never taken for a channel id', async () => {
    const session = await app.signIn(); // in no channel at all: a channel lookup would refuse
    const mj = await data(call(session, 'GET', '/api/draw/settings/options'));
    expect(mj).toMatchObject({
      botType: 'MID_JOURNEY',
      stylize: {
        min: 0,
        max: 1000,
        presets: [
          { name: 'low', value: 50 },
          { name: 'med', value: 100 },
          { name: 'high', value: 250 },
          { name: 'veryHigh', value: 750 },
        ],
      },
      styles: ['standard', 'raw'],
      speeds: ['relax', 'fast', 'turbo'],
      options: ['stylize', 'style', 'speed', 'remix'],
      suffixMaxChars: 500,
      defaults: { version: '6.1', stylize: 100, style: 'standard', speed: 'fast', suffix: '' },
    });
    expect(mj.versions.map((v: { value: string }) => v.value)).toEqual(['7', '6.1', '6', '5.2', '5.1']);
    const niji = await data(call(session, 'GET', '/api/draw/settings/options?botType=NIJI_JOURNEY'));
    expect(niji.versions).toEqual([
      { value: '6', label: 'Niji V6', styles: ['standard', 'raw'] },
      { value: '5', label: 'Niji V5', styles: ['standard'] },
    ]);
    expect(niji.defaults.version).toBe('6');
  });

  it('falls back to the default for a stored choice that is no longer offered', async () => {
    const { session, channelId } = await member();
    await app.storage.collection(DrawSettingsCollection).insertOne({
      _id: settingsId(session.user.id, 'MID_JOURNEY'),
      userId: session.user.id,
      botType: 'MID_JOURNEY',
      version: '4',
      stylize: 300,
      updatedAt: 1,
    });
    expect(await settingsOf(session, channelId)).toEqual({ ...MJ_DEFAULTS, stylize: 300 });
  });
});

describe('changing settings', () => {
  it('PUT /api/draw/settings changes only the fields given, per bot', async () => {
    const { session, channelId } = await member();
    const changed = await data(
      call(session, 'PUT', '/api/draw/settings?botType=MID_JOURNEY', {
        version: '7',
        stylize: 250,
        style: 'raw',
      }),
    );
    expect(changed).toEqual({ ...MJ_DEFAULTS, version: '7', stylize: 250, style: 'raw' });
    const again = await data(
      call(session, 'PUT', '/api/draw/settings', { speed: 'turbo', suffix: '  soft   light\n' }),
    );
    expect(again).toEqual({
      ...MJ_DEFAULTS,
      version: '7',
      stylize: 250,
      style: 'raw',
      speed: 'turbo',
      suffix: 'soft light',
    });
    expect(await settingsOf(session, channelId)).toEqual(again);
    expect(await settingsOf(session, channelId, 'NIJI_JOURNEY')).toEqual(NIJI_DEFAULTS);
  });

  it('accepts the whole settings object back, botType included, and takes the bot from it without a query', async () => {
    const { session, channelId } = await member();
    const niji = { ...NIJI_DEFAULTS, version: '5', speed: 'relax' };
    expect(await data(call(session, 'PUT', '/api/draw/settings', niji))).toEqual(niji);
    expect(await data(call(session, 'PUT', '/api/draw/settings?botType=NIJI_JOURNEY', niji))).toEqual(niji);
    expect(await settingsOf(session, channelId, 'NIJI_JOURNEY')).toEqual(niji);
    expect(await settingsOf(session, channelId)).toEqual(MJ_DEFAULTS);
  });

  it('PUT version/{version} picks a version the bot has', async () => {
    const { session, channelId } = await member();
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/version/5.2?botType=MID_JOURNEY')),
    ).toMatchObject({ version: '5.2' });
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/version/5?botType=NIJI_JOURNEY')),
    ).toMatchObject({ version: '5', botType: 'NIJI_JOURNEY' });
    expect(await data(call(session, 'PUT', '/api/draw/settings/version/7'))).toMatchObject({
      version: '7',
      botType: 'MID_JOURNEY',
    });
    expect((await settingsOf(session, channelId)).version).toBe('7');
    expect((await settingsOf(session, channelId, 'NIJI_JOURNEY')).version).toBe('5');
  });

  it('PUT suffix sets, tidies and clears the suffix; 500 characters is the most', async () => {
    const { session, channelId } = await member();
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: ' ink\tand  wash --ar 16:9 ' })),
    ).toMatchObject({ suffix: 'ink and wash --ar 16:9' });
    const longest = '雪'.repeat(500);
    expect(
      (
        await data(
          call(session, 'PUT', '/api/draw/settings/suffix?botType=NIJI_JOURNEY', { suffix: longest }),
        )
      ).suffix,
    ).toBe(longest);
    expect((await settingsOf(session, channelId)).suffix).toBe('ink and wash --ar 16:9');
    expect((await data(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: '' }))).suffix).toBe('');
  });

  it('PUT option switches stylize, style and speed', async () => {
    const { session, channelId } = await member();
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/option', { name: 'stylize', value: 750 })),
    ).toMatchObject({ stylize: 750 });
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/option', { name: 'style', value: 'raw' })),
    ).toMatchObject({ style: 'raw' });
    expect(
      await data(
        call(session, 'PUT', '/api/draw/settings/option?botType=MID_JOURNEY', {
          name: 'speed',
          value: 'relax',
        }),
      ),
    ).toMatchObject({ speed: 'relax' });
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/option', { name: 'stylize', value: 0 })),
    ).toMatchObject({ stylize: 0 });
    expect(await settingsOf(session, channelId)).toEqual({
      ...MJ_DEFAULTS,
      stylize: 0,
      style: 'raw',
      speed: 'relax',
    });
    expect(await settingsOf(session, channelId, 'NIJI_JOURNEY')).toEqual(NIJI_DEFAULTS);
  });

  it('remix is the user’s mjRemix / nijiRemix, per bot, shown in the user info', async () => {
    const { session, channelId } = await member();
    const index = () => data(call(session, 'GET', '/api/home/index'));
    expect(await index()).toMatchObject({ mjRemix: false, nijiRemix: false });
    expect(
      await data(call(session, 'PUT', '/api/draw/settings/option', { name: 'remix', value: true })),
    ).toMatchObject({ remix: true, botType: 'MID_JOURNEY' });
    expect(await index()).toMatchObject({ mjRemix: true, nijiRemix: false });
    expect((await settingsOf(session, channelId, 'NIJI_JOURNEY')).remix).toBe(false);

    await data(call(session, 'PUT', '/api/draw/settings?botType=NIJI_JOURNEY', { remix: true }));
    expect(await index()).toMatchObject({ mjRemix: true, nijiRemix: true });
    await data(
      call(session, 'PUT', '/api/draw/settings/option?botType=MID_JOURNEY', { name: 'remix', value: false }),
    );
    expect(await index()).toMatchObject({ mjRemix: false, nijiRemix: true });

    // And the other way round: the account page's switch shows up in the settings.
    await data(call(session, 'PUT', '/api/home/info', { mjRemix: true }));
    expect((await settingsOf(session, channelId)).remix).toBe(true);
  });

  it('keeps each user’s settings to that user', async () => {
    const ann = await member();
    const bob = await member();
    await data(call(ann.session, 'PUT', '/api/draw/settings', { version: '5.1', suffix: 'ann' }));
    await data(call(ann.session, 'PUT', '/api/draw/settings/option', { name: 'remix', value: true }));
    expect(await settingsOf(bob.session, bob.channelId)).toEqual(MJ_DEFAULTS);
  });
});

describe('refusals change nothing', () => {
  it('refuses a bad botType on every route, naming the choices', async () => {
    const { session, channelId } = await member();
    const routes: [Method, string, unknown?][] = [
      ['GET', `/api/draw/settings/${channelId}?botType=DALL_E`],
      ['GET', '/api/draw/settings/options?botType=mid_journey'],
      ['GET', `/api/draw/info/${channelId}?botType=`],
      ['PUT', '/api/draw/settings?botType=NIJI', { stylize: 300 }],
      ['PUT', '/api/draw/settings/version/7?botType=x'],
      ['PUT', '/api/draw/settings/suffix?botType=x', { suffix: 'x' }],
      ['PUT', '/api/draw/settings/option?botType=x', { name: 'stylize', value: 300 }],
    ];
    for (const [method, url, body] of routes) {
      expect(await refused(call(session, method, url, body))).toMatch(
        /^Unknown bot type .*\(choose one of MID_JOURNEY, NIJI_JOURNEY\)$/,
      );
    }
    expect(await refused(call(session, 'PUT', '/api/draw/settings', { botType: 'DALL_E' }))).toMatch(
      /botType/,
    );
    expect(
      await refused(
        call(session, 'PUT', '/api/draw/settings?botType=MID_JOURNEY', {
          botType: 'NIJI_JOURNEY',
          stylize: 300,
        }),
      ),
    ).toBe('The bot type in the address (MID_JOURNEY) and in the body (NIJI_JOURNEY) differ');
    expect(await settingsOf(session, channelId)).toEqual(MJ_DEFAULTS);
  });

  it('refuses a version the bot does not have', async () => {
    const { session, channelId } = await member();
    expect(await refused(call(session, 'PUT', '/api/draw/settings/version/5?botType=MID_JOURNEY'))).toBe(
      'MID_JOURNEY has no version 5 (choose one of 7, 6.1, 6, 5.2, 5.1)',
    );
    expect(await refused(call(session, 'PUT', '/api/draw/settings/version/6.1?botType=NIJI_JOURNEY'))).toBe(
      'NIJI_JOURNEY has no version 6.1 (choose one of 6, 5)',
    );
    await refused(call(session, 'PUT', '/api/draw/settings', { version: 'latest' }));
    expect(await refused(call(session, 'PUT', '/api/draw/settings/version/9', undefined, 'zh-CN'))).toBe(
      'MID_JOURNEY 没有版本 9（可选：7, 6.1, 6, 5.2, 5.1）',
    );
    expect(await settingsOf(session, channelId)).toEqual(MJ_DEFAULTS);
    expect(await settingsOf(session, channelId, 'NIJI_JOURNEY')).toEqual(NIJI_DEFAULTS);
  });

  it('refuses stylize outside 0–1000 or not whole, and bad style or speed, on every route', async () => {
    const { session, channelId } = await member();
    const stylizeMessage = 'Stylize must be a whole number from 0 to 1000';
    for (const value of [1001, -1, 12.5]) {
      expect(await refused(call(session, 'PUT', '/api/draw/settings', { stylize: value }))).toBe(
        stylizeMessage,
      );
      expect(
        await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'stylize', value })),
      ).toBe(stylizeMessage);
    }
    for (const value of ['250', true, null]) {
      expect(
        await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'stylize', value })),
      ).toBe(stylizeMessage);
    }
    expect(
      await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'style', value: 'cute' })),
    ).toBe('Unknown style (choose one of standard, raw)');
    expect(
      await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'speed', value: 'slow' })),
    ).toBe('Unknown speed (choose one of relax, fast, turbo)');
    expect(
      await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'remix', value: 'yes' })),
    ).toBe('Remix must be on or off (true or false)');
    await refused(call(session, 'PUT', '/api/draw/settings', { style: 'cute' }));
    await refused(call(session, 'PUT', '/api/draw/settings', { speed: 'slow' }));
    await refused(call(session, 'PUT', '/api/draw/settings', { stylize: 'lots' }));
    // One bad field refuses the whole change, the good ones included.
    await refused(
      call(session, 'PUT', '/api/draw/settings', {
        version: '7',
        speed: 'relax',
        remix: true,
        stylize: 5000,
      }),
    );
    expect(await settingsOf(session, channelId)).toEqual(MJ_DEFAULTS);
    expect(await data(call(session, 'GET', '/api/home/index'))).toMatchObject({ mjRemix: false });
  });

  it('refuses an unknown option, naming the known ones', async () => {
    const { session, channelId } = await member();
    expect(
      await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'chaos', value: 10 })),
    ).toBe('There is no setting called chaos (choose one of stylize, style, speed, remix)');
    expect(
      await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'version', value: '7' })),
    ).toMatch(/no setting called version/);
    await refused(call(session, 'PUT', '/api/draw/settings/option', { value: 10 }));
    await refused(call(session, 'PUT', '/api/draw/settings/option', { name: 'stylize' }));
    expect(await settingsOf(session, channelId)).toEqual(MJ_DEFAULTS);
  });

  it('refuses a suffix over 500 characters or with control characters', async () => {
    const { session, channelId } = await member();
    await data(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: 'kept' }));
    expect(
      await refused(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: 'x'.repeat(501) })),
    ).toBe('The suffix can be at most 500 characters');
    expect(await refused(call(session, 'PUT', '/api/draw/settings', { suffix: '雪'.repeat(501) }))).toBe(
      'The suffix can be at most 500 characters',
    );
    await refused(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: 'x'.repeat(5000) }));
    expect(await refused(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: 'bell\u0007' }))).toBe(
      'The suffix must be text without control characters',
    );
    await refused(call(session, 'PUT', '/api/draw/settings/suffix', { suffix: { text: 'x' } }));
    await refused(call(session, 'PUT', '/api/draw/settings/suffix', {}));
    expect((await settingsOf(session, channelId)).suffix).toBe('kept');
  });
});

describe('the prompt the task service gets', () => {
  it('applies the user’s current settings for that bot and says whether remix is on', async () => {
    const { session } = await member();
    const userId = session.user.id;
    expect(await service.compose(userId, BotType.MidJourney, 'a fox', 'builtin')).toEqual({
      finalPrompt: 'a fox --v 6.1 --fast',
      remix: false,
    });
    await data(
      call(session, 'PUT', '/api/draw/settings?botType=NIJI_JOURNEY', {
        version: '5',
        stylize: 250,
        speed: 'relax',
        suffix: 'ink --ar 2:3',
        remix: true,
      }),
    );
    expect(await service.compose(userId, BotType.NijiJourney, 'a fox --s 50', 'midjourney-proxy')).toEqual({
      finalPrompt: 'a fox ink --s 50 --ar 2:3 --niji 5 --relax',
      remix: true,
    });
    expect(await service.compose(userId, BotType.MidJourney, 'a fox', 'builtin')).toEqual({
      finalPrompt: 'a fox --v 6.1 --fast',
      remix: false,
    });
  });

  it('adds no Midjourney parameter for an engine that does not read them; the suffix stays', async () => {
    const { session } = await member();
    const userId = session.user.id;
    await data(
      call(session, 'PUT', '/api/draw/settings?botType=MID_JOURNEY', {
        stylize: 250,
        style: 'raw',
        speed: 'relax',
        suffix: 'ink --ar 2:3',
      }),
    );
    for (const engine of ['comfyui', 'openai-images'])
      expect(await service.compose(userId, BotType.MidJourney, 'a fox --no snow', engine)).toEqual({
        finalPrompt: 'a fox ink --no snow --ar 2:3',
        remix: false,
      });
    expect((await service.compose(userId, BotType.MidJourney, 'a fox', 'midjourney-proxy')).finalPrompt).toBe(
      'a fox ink --ar 2:3 --v 6.1 --stylize 250 --style raw --relax',
    );
  });
});

describe('/info', () => {
  it('shows the engine, job mode, remix and version of the member per bot; no plan, only the daily free credits, no tasks', async () => {
    const { session, channelId } = await member();
    await data(
      call(session, 'PUT', '/api/draw/settings?botType=NIJI_JOURNEY', {
        speed: 'relax',
        version: '5',
        remix: true,
      }),
    );
    expect(await data(call(session, 'GET', `/api/draw/info/${channelId}`))).toEqual({
      engine: 'Built-in sketch engine',
      plan: null,
      credits: app.config.FREE_DAILY_CREDITS,
      renewsAt: null,
      jobMode: 'fast',
      remix: false,
      version: '6.1',
      runningTasks: 0,
      queuedTasks: 0,
      channelId,
    });
    expect(
      await data(call(session, 'GET', `/api/draw/info/${channelId}?botType=NIJI_JOURNEY`)),
    ).toMatchObject({ jobMode: 'relax', remix: true, version: '5' });
  });

  it('takes the engine, plan, credits and task counts from its sources', async () => {
    const { session } = await member();
    await data(call(session, 'PUT', '/api/draw/settings/option', { name: 'speed', value: 'turbo' }));
    expect(await service.info(session.user.id, BotType.MidJourney, 'c1', fakeSources)).toEqual({
      engine: 'Some engine',
      plan: 'Standard',
      credits: 42,
      renewsAt: 1_900_000_000_000,
      jobMode: 'turbo',
      remix: false,
      version: '6.1',
      runningTasks: 1,
      queuedTasks: 2,
      channelId: 'c1',
    });
  });
});

describe('access', () => {
  it('refuses settings and info of a channel to a non-member, without signing them out', async () => {
    const { channelId } = await member();
    const stranger = await app.signIn();
    for (const url of [
      `/api/draw/settings/${channelId}`,
      `/api/draw/info/${channelId}?botType=NIJI_JOURNEY`,
    ]) {
      const res = await call(stranger, 'GET', url);
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).not.toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        reason: 'forbidden',
        message: 'You are not a member of this channel',
      });
    }
    await refused(call(stranger, 'GET', '/api/draw/settings/no-such-channel'), 'not_found');
    await refused(call(stranger, 'GET', '/api/draw/info/no-such-channel'), 'not_found');
  });

  it('answers 401 to anonymous callers on every route', async () => {
    const { channelId } = await member();
    const routes: [Method, string, unknown?][] = [
      ['GET', `/api/draw/settings/${channelId}`],
      ['GET', '/api/draw/settings/options'],
      ['GET', `/api/draw/info/${channelId}`],
      ['PUT', '/api/draw/settings', { stylize: 300 }],
      ['PUT', '/api/draw/settings/version/7'],
      ['PUT', '/api/draw/settings/suffix', { suffix: 'x' }],
      ['PUT', '/api/draw/settings/option', { name: 'speed', value: 'relax' }],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(null, method, url, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        reason: 'unauthorized',
        message: 'Please sign in first',
      });
    }
  });
});
