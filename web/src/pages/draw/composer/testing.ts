import {
  ENGINE_FEATURES,
  EngineFeature,
  TaskAction,
  type Channel,
  type DrawInfo,
  type DrawSettings,
  type DrawSettingsOptions,
  type EngineInfo,
} from '@draw/shared';

/** Fixtures shared by the composer's component tests. */
export function channelOf(overrides: Partial<Channel> = {}): Channel {
  return {
    id: 'c1',
    title: 'general',
    isBan: false,
    isCreator: true,
    creatorId: 'u1',
    memberCount: 2,
    createdAt: 0,
    engine: null,
    ...overrides,
  };
}

export function failure(status: number, message: string, reason: string): Response {
  return new Response(JSON.stringify({ code: status, message, data: null, success: false, reason }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const PNG_BYTES = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
];

export function pngFile(name = 'fox.png', size = PNG_BYTES.length): File {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES.slice(0, size));
  return new File([bytes], name, { type: 'image/png' });
}

export function settingsOf(overrides: Partial<DrawSettings> = {}): DrawSettings {
  return {
    botType: 'MID_JOURNEY',
    version: '6.1',
    stylize: 100,
    style: 'standard',
    speed: 'fast',
    remix: false,
    suffix: '',
    ...overrides,
  };
}

export function optionsOf(botType: DrawSettings['botType'] = 'MID_JOURNEY'): DrawSettingsOptions {
  return {
    botType,
    versions: [
      { value: '7', label: 'Midjourney V7', styles: ['standard', 'raw'] },
      { value: '6.1', label: 'Midjourney V6.1', styles: ['standard', 'raw'] },
    ],
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
  };
}

export function infoOf(overrides: Partial<DrawInfo> = {}): DrawInfo {
  return {
    engine: 'Built-in sketch engine',
    plan: null,
    credits: null,
    renewsAt: null,
    jobMode: 'fast',
    remix: false,
    version: '6.1',
    runningTasks: 1,
    queuedTasks: 2,
    channelId: 'c1',
    ...overrides,
  };
}

/** One engine as GET /api/draw/engines lists it: every action at `price` unless told. */
export function engineOf(
  overrides: Partial<EngineInfo> & Pick<EngineInfo, 'id' | 'name'>,
  price = 2,
): EngineInfo {
  const prices = Object.fromEntries(
    Object.values(TaskAction).map((action) => [action, price]),
  ) as EngineInfo['prices'];
  return { features: [...ENGINE_FEATURES], isDefault: false, available: true, prices, ...overrides };
}

/** A site with three engines: the built-in one (default), ComfyUI (no /describe, /shorten), OpenAI Images (down). */
export function enginesOf(): EngineInfo[] {
  return [
    engineOf({ id: 'builtin', name: 'Built-in sketch engine', isDefault: true }, 1),
    engineOf(
      {
        id: 'comfyui',
        name: 'ComfyUI',
        features: [EngineFeature.Blend, EngineFeature.Cancel, EngineFeature.Seed],
      },
      3,
    ),
    engineOf({ id: 'openai-images', name: 'OpenAI Images', available: false }, 5),
  ];
}
