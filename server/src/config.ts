import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import { ImageEngineName, TaskAction } from '@draw/shared';
import { isRetiredModel } from './engines/openai-images/models';

const Enum = <const T extends readonly string[]>(values: T, defaultValue: T[number]) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { default: defaultValue, description: `one of ${values.join(', ')}` },
  );

/** Every variable the server reads, each with a working default (decisions.md "Configuration"). */
export const ConfigSchema = Type.Object({
  NODE_ENV: Enum(['development', 'production', 'test'] as const, 'development'),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PUBLIC_URL: Type.String({ default: '', description: 'origin used in invite links and upstream hooks' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  MONGODB_URI: Type.String({ default: '' }),
  WORKERS: Type.String({
    default: '1',
    pattern: '^(auto|[1-9][0-9]?)$',
    description: 'server processes sharing the port and the store: 1 to 99, or auto (one per core)',
  }),
  SQLITE_SYNCHRONOUS: Enum(['full', 'normal'] as const, 'full'),
  IMAGE_ENGINE: Enum(
    [
      ImageEngineName.Builtin,
      ImageEngineName.MidjourneyProxy,
      ImageEngineName.OpenaiImages,
      ImageEngineName.ComfyUI,
    ] as const,
    ImageEngineName.Builtin,
  ),
  IMAGE_ENGINES: Type.String({
    default: '',
    description: 'comma-separated enabled engines, the first the site default (empty: IMAGE_ENGINE alone)',
  }),
  ENGINE_PRICES: Type.String({
    default: '',
    description:
      'JSON {"<engine>": {"<TaskAction>": credits}}: what an action costs on that engine (unlisted: the site price)',
  }),
  BUILTIN_ENGINE_STEP_MS: Type.Integer({ minimum: 0, maximum: 60000, default: 800 }),
  BUILTIN_DRAW_THREADS: Type.Integer({
    minimum: 0,
    maximum: 16,
    default: 1,
    description:
      'worker threads on which the built-in engine draws (0: on the thread serving requests, which then pauses while it draws)',
  }),
  ENGINE_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 64, default: 3 }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    maximum: 600_000,
    default: 60_000,
    description: 'a request (its body included) that has not arrived in this long is cut',
  }),
  HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    maximum: 600_000,
    default: 15_000,
    description: 'a request whose headers have not arrived in this long is cut',
  }),
  CONNECTIONS_PER_ADDRESS: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 256,
    description:
      'connections one client address may hold open at once (raise it behind a proxy that does not forward its clients)',
  }),
  MJ_PROXY_URL: Type.String({ default: '' }),
  MJ_PROXY_SECRET: Type.String({ default: '' }),
  MJ_PROXY_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 300_000,
    default: 15_000,
    description: 'every request to the midjourney-proxy gives up after this long',
  }),
  MJ_PROXY_POLL_MS: Type.Integer({
    minimum: 10,
    maximum: 600_000,
    default: 2_000,
    description: 'quiet time before an upstream task is polled (doubles while nothing changes)',
  }),
  MJ_PROXY_POLL_MAX_MS: Type.Integer({
    minimum: 10,
    maximum: 600_000,
    default: 30_000,
    description: 'longest wait between two polls of an upstream task',
  }),
  OPENAI_IMAGES_URL: Type.String({
    default: 'https://api.openai.com/v1',
    description:
      'the OpenAI Images API or a compatible server (LocalAI, a relay): the base URL ending in /v1',
  }),
  OPENAI_IMAGES_KEY: Type.String({
    default: '',
    description: 'sent as a Bearer token; may be empty for a local server without auth',
  }),
  OPENAI_IMAGES_MODEL: Type.String({
    default: 'gpt-image-1.5',
    description:
      "gpt-image-1.5, gpt-image-1-mini, gpt-image-2 (free sizes) or a compatible server's model name",
  }),
  OPENAI_IMAGES_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 900_000,
    default: 300_000,
    description: 'one image call gives up after this long (they take 30–120 s)',
  }),
  COMFYUI_URL: Type.String({
    default: '',
    description: 'the ComfyUI server, e.g. http://gpu-box:8188 (http://user:pass@host for basic auth)',
  }),
  COMFYUI_CHECKPOINT: Type.String({
    default: '',
    description: 'the checkpoint file every workflow loads, as ComfyUI lists it (sd_xl_base_1.0.safetensors)',
  }),
  COMFYUI_WORKFLOWS_DIR: Type.String({
    default: '',
    description:
      'a folder whose imagine/upscale/variation/outpaint/region.json replace the shipped workflows',
  }),
  COMFYUI_IMAGE_SIZE: Type.Integer({
    minimum: 256,
    maximum: 2048,
    multipleOf: 64,
    default: 1024,
    description: "the checkpoint's native side: 1024 for SDXL, 512 for SD 1.5",
  }),
  COMFYUI_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 300_000,
    default: 15_000,
    description: 'every request to ComfyUI gives up after this long',
  }),
  TRANSLATE_PROVIDER: Enum(['none', 'openai', 'baidu'] as const, 'none'),
  TRANSLATE_API_URL: Type.String({
    default: '',
    description: 'openai: the chat-completions base URL ending in /v1',
  }),
  TRANSLATE_API_KEY: Type.String({ default: '' }),
  TRANSLATE_MODEL: Type.String({ default: '' }),
  TRANSLATE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 8_000,
    description: 'a prompt whose translation takes longer goes as typed',
  }),
  BAIDU_TRANSLATE_APP_ID: Type.String({ default: '' }),
  BAIDU_TRANSLATE_SECRET: Type.String({ default: '' }),
  BAIDU_TRANSLATE_URL: Type.String({ default: 'https://fanyi-api.baidu.com/api/trans/vip/translate' }),
  SMS_PROVIDER: Enum(['console', 'aliyun'] as const, 'console'),
  ALIYUN_ACCESS_KEY_ID: Type.String({ default: '' }),
  ALIYUN_ACCESS_KEY_SECRET: Type.String({ default: '' }),
  ALIYUN_SMS_SIGN_NAME: Type.String({ default: '' }),
  ALIYUN_SMS_TEMPLATE_CODE: Type.String({ default: '' }),
  ALIYUN_SMS_ENDPOINT: Type.String({ default: 'https://dysmsapi.aliyuncs.com' }),
  EMAIL_SENDER: Enum(['console', 'smtp'] as const, 'console'),
  SMTP_URL: Type.String({
    default: '',
    description:
      'EMAIL_SENDER=smtp: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465, password URL-encoded',
  }),
  EMAIL_FROM: Type.String({
    default: '',
    description: 'EMAIL_SENDER=smtp: the From of login code mails, e.g. Drawspace <no-reply@example.com>',
  }),
  PAYMENT_PROVIDER: Enum(['sandbox', 'wechat'] as const, 'sandbox'),
  ALLOW_UNSAFE_SANDBOX_PAYMENTS: Type.Boolean({
    default: false,
    description: 'production only: allow PAYMENT_PROVIDER=sandbox, where anyone pays for free',
  }),
  ALLOW_UNSAFE_CONSOLE_SMS: Type.Boolean({
    default: false,
    description: 'production only: allow SMS_PROVIDER=console, where login codes go only to the log',
  }),
  FREE_DAILY_CREDITS: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 10,
    description: 'free credits each user gets every day (topped up, not accumulated)',
  }),
  WECHAT_APP_ID: Type.String({ default: '' }),
  WECHAT_MCH_ID: Type.String({ default: '' }),
  WECHAT_MCH_SERIAL: Type.String({
    default: '',
    description: 'serial number of the merchant API certificate',
  }),
  WECHAT_MCH_PRIVATE_KEY: Type.String({
    default: '',
    description: 'merchant API private key: PEM text or a file path',
  }),
  WECHAT_PLATFORM_PUBLIC_KEY: Type.String({
    default: '',
    description: 'WeChat Pay platform public key: PEM text or a file path',
  }),
  WECHAT_PLATFORM_SERIAL: Type.String({
    default: '',
    description: 'optional: the platform key id / certificate serial notifications must carry',
  }),
  WECHAT_API_V3_KEY: Type.String({ default: '' }),
  WECHAT_API_BASE: Type.String({ default: 'https://api.mch.weixin.qq.com' }),
  LOG_LEVEL: Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  COMPANY_NAME: Type.String({ default: 'Drawspace' }),
  COMPANY_DESCRIPTION: Type.String({ default: 'Draw with AI together, live, in shared channels.' }),
  COMPANY_KEYWORDS: Type.String({ default: 'AI drawing, Midjourney, channels, collaboration' }),
  SHOW_CHATGPT: Type.Boolean({ default: false }),
  SHOW_DISCORD: Type.Boolean({ default: true }),
  WEB_DIST_DIR: Type.String({ default: '' }),
  CORS_ORIGINS: Type.String({
    default: '',
    description: 'comma-separated origins allowed to call the API cross-site',
  }),
  METRICS_TOKEN: Type.String({ default: '' }),
  PUBLIC_API_DOCS: Type.Boolean({
    default: false,
    description: 'production only: serve the OpenAPI documentation at /docs',
  }),
  TRUST_PROXY: Type.String({ default: 'loopback', description: 'which peers may set X-Forwarded-For' }),
});

export type Config = Static<typeof ConfigSchema>;

/** How many server processes WORKERS asks for (`auto`: one per core the machine offers). */
export function workerCount(
  config: Pick<Config, 'WORKERS'>,
  cores: number = os.availableParallelism(),
): number {
  return config.WORKERS === 'auto' ? Math.max(1, cores) : Number(config.WORKERS);
}

const ENGINE_NAMES: readonly string[] = Object.values(ImageEngineName);
const TASK_ACTIONS: readonly string[] = Object.values(TaskAction);

/** The enabled engines, the site's default first: IMAGE_ENGINES, or IMAGE_ENGINE alone when it is empty. */
export function enabledEngines(config: Pick<Config, 'IMAGE_ENGINE' | 'IMAGE_ENGINES'>): ImageEngineName[] {
  const listed = config.IMAGE_ENGINES.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return listed.length > 0 ? (listed as ImageEngineName[]) : [config.IMAGE_ENGINE];
}

/** Per engine, the actions whose price differs from the site's (ENGINE_PRICES, checked at load). */
export type EnginePrices = Partial<Record<ImageEngineName, Partial<Record<TaskAction, number>>>>;

export function enginePrices(config: Pick<Config, 'ENGINE_PRICES'>): EnginePrices {
  return config.ENGINE_PRICES.trim() ? (JSON.parse(config.ENGINE_PRICES) as EnginePrices) : {};
}

/** What made an engine enabled, as the operator wrote it (for the messages that name it). */
function enabledBy(config: Config, name: ImageEngineName): string | null {
  if (!enabledEngines(config).includes(name)) return null;
  return config.IMAGE_ENGINES.trim() ? `IMAGE_ENGINES includes ${name}` : `IMAGE_ENGINE=${name}`;
}

function checkEngineList(config: Config): string[] {
  if (!config.IMAGE_ENGINES.trim()) return [];
  const names = config.IMAGE_ENGINES.split(',').map((name) => name.trim());
  const problems: string[] = [];
  const unknown = names.filter((name) => !ENGINE_NAMES.includes(name));
  if (unknown.length > 0)
    problems.push(
      `IMAGE_ENGINES names unknown engines ${JSON.stringify(unknown)}: each must be one of ${ENGINE_NAMES.join(', ')}`,
    );
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) problems.push(`IMAGE_ENGINES names ${[...new Set(twice)].join(', ')} more than once`);
  return problems;
}

function checkEnginePrices(config: Config): string[] {
  if (!config.ENGINE_PRICES.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(config.ENGINE_PRICES);
  } catch {
    return ['ENGINE_PRICES must be JSON like {"openai-images": {"IMAGINE": 4}}'];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return ['ENGINE_PRICES must be a JSON object of engines, like {"openai-images": {"IMAGINE": 4}}'];
  const problems: string[] = [];
  for (const [engine, prices] of Object.entries(parsed)) {
    if (!ENGINE_NAMES.includes(engine)) {
      problems.push(
        `ENGINE_PRICES names an unknown engine ${JSON.stringify(engine)} (one of ${ENGINE_NAMES.join(', ')})`,
      );
      continue;
    }
    if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) {
      problems.push(`ENGINE_PRICES.${engine} must be an object of actions and credits, like {"IMAGINE": 4}`);
      continue;
    }
    for (const [action, price] of Object.entries(prices as Record<string, unknown>)) {
      if (!TASK_ACTIONS.includes(action))
        problems.push(
          `ENGINE_PRICES.${engine} names an unknown action ${JSON.stringify(action)} (one of ${TASK_ACTIONS.join(', ')})`,
        );
      else if (typeof price !== 'number' || !Number.isInteger(price) || price < 0)
        problems.push(
          `ENGINE_PRICES.${engine}.${action} must be a whole number of credits, 0 or more (got ${JSON.stringify(price)})`,
        );
    }
  }
  return problems;
}

/** A comfyui engine needs a server, a checkpoint, and a workflows folder only if one is named. */
function checkComfyUI(config: Config): void {
  const when = enabledBy(config, ImageEngineName.ComfyUI);
  if (!when) return;
  const problems: string[] = [];
  if (!config.COMFYUI_URL) problems.push(`COMFYUI_URL is required when ${when}`);
  else if (!/^https?:\/\/[^\s/]+/.test(config.COMFYUI_URL))
    problems.push('COMFYUI_URL must be an http(s) URL like http://gpu-box:8188');
  if (!config.COMFYUI_CHECKPOINT.trim())
    problems.push(`COMFYUI_CHECKPOINT is required when ${when} (a checkpoint file name ComfyUI lists)`);
  if (
    config.COMFYUI_WORKFLOWS_DIR &&
    !fs.statSync(config.COMFYUI_WORKFLOWS_DIR, { throwIfNoEntry: false })?.isDirectory()
  ) {
    problems.push(`COMFYUI_WORKFLOWS_DIR is not a folder (${JSON.stringify(config.COMFYUI_WORKFLOWS_DIR)})`);
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration once; a bad value stops the start with a clear message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(ConfigSchema.properties);
  const raw: Record<string, unknown> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const value = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, raw)) as Record<string, unknown>;
  const problems = describeProblems(value);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  const config = value as Config;
  checkCrossFieldRules(config);
  return config;
}

function describeProblems(value: Record<string, unknown>): string[] {
  const byKey = new Map<string, string>();
  for (const error of Value.Errors(ConfigSchema, value)) {
    const key = error.instancePath.replace(/^\//, '');
    if (!key || byKey.has(key)) continue;
    const schema = (ConfigSchema.properties as Record<string, { description?: string }>)[key];
    const expectation = schema?.description?.startsWith('one of')
      ? `must be ${schema.description}`
      : error.message;
    // Secrets never reach the logs, so the offending value is only echoed for non-secret keys.
    const shown = /SECRET|URI|KEY|SMTP_URL/.test(key) ? '' : ` (got ${JSON.stringify(value[key])})`;
    byKey.set(key, `${key} ${expectation}${shown}`);
  }
  return [...byKey.values()];
}

/**
 * Defaults that suit `npm start` on a laptop and give things away on a public server: in
 * production each needs its own opt-in, whose name says it is unsafe.
 */
function unsafeInProduction(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (config.PAYMENT_PROVIDER === 'sandbox' && !config.ALLOW_UNSAFE_SANDBOX_PAYMENTS) {
    problems.push(
      'PAYMENT_PROVIDER=sandbox (the default) lets anyone mark their own orders paid and get credits for free: set PAYMENT_PROVIDER=wechat with its WECHAT_* keys, or ALLOW_UNSAFE_SANDBOX_PAYMENTS=true for a trial server',
    );
  }
  if (config.SMS_PROVIDER === 'console' && !config.ALLOW_UNSAFE_CONSOLE_SMS) {
    problems.push(
      'SMS_PROVIDER=console (the default) sends login codes only to the server log, so nobody can sign in but its readers: set SMS_PROVIDER=aliyun with its ALIYUN_* keys, or ALLOW_UNSAFE_CONSOLE_SMS=true for a trial server',
    );
  }
  return problems;
}

function checkCrossFieldRules(config: Config): void {
  const unsafe = unsafeInProduction(config);
  if (unsafe.length > 0)
    throw new ConfigError(
      `Invalid configuration for NODE_ENV=production:\n${unsafe.map((p) => `  - ${p}`).join('\n')}`,
    );
  if (config.SMS_PROVIDER === 'aliyun') {
    const missing = (
      [
        'ALIYUN_ACCESS_KEY_ID',
        'ALIYUN_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ] as const
    ).filter((k) => !config[k]);
    if (missing.length)
      throw new ConfigError(`Invalid configuration:\n  - SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  }
  const engineProblems = [...checkEngineList(config), ...checkEnginePrices(config)];
  if (engineProblems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${engineProblems.map((p) => `  - ${p}`).join('\n')}`);
  const proxy = enabledBy(config, ImageEngineName.MidjourneyProxy);
  if (proxy && !config.MJ_PROXY_URL) {
    throw new ConfigError(`Invalid configuration:\n  - MJ_PROXY_URL is required when ${proxy}`);
  }
  if (proxy && !/^https?:\/\/[^\s/]+/.test(config.MJ_PROXY_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  - MJ_PROXY_URL must be an http(s) URL like http://mj-proxy:8080',
    );
  }
  checkEmail(config);
  checkOpenAIImages(config);
  checkComfyUI(config);
  checkTranslation(config);
  if (config.PAYMENT_PROVIDER === 'wechat') {
    const required = [
      'WECHAT_APP_ID',
      'WECHAT_MCH_ID',
      'WECHAT_MCH_SERIAL',
      'WECHAT_MCH_PRIVATE_KEY',
      'WECHAT_PLATFORM_PUBLIC_KEY',
      'WECHAT_API_V3_KEY',
      'PUBLIC_URL',
    ] as const;
    const problems = required
      .filter((key) => !config[key])
      .map((key) => `${key} is required when PAYMENT_PROVIDER=wechat`);
    if (config.WECHAT_API_V3_KEY && Buffer.byteLength(config.WECHAT_API_V3_KEY) !== 32)
      problems.push('WECHAT_API_V3_KEY must be the 32-character API v3 key');
    if (!/^https?:\/\/[^/]+/.test(config.WECHAT_API_BASE))
      problems.push('WECHAT_API_BASE must be an http(s) URL');
    if (problems.length > 0)
      throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  if (trustProxySetting(config.TRUST_PROXY) === null) {
    throw new ConfigError(
      `Invalid configuration:\n  - TRUST_PROXY must be true, false, a hop count, or addresses/CIDRs (loopback, 10.0.0.0/8, …) (got ${JSON.stringify(config.TRUST_PROXY)})`,
    );
  }
  if (config.PUBLIC_URL && !/^https?:\/\/[^/]+$/.test(config.PUBLIC_URL.replace(/\/$/, ''))) {
    throw new ConfigError(
      `Invalid configuration:\n  - PUBLIC_URL must be an origin like https://draw.example.com (got ${JSON.stringify(config.PUBLIC_URL)})`,
    );
  }
}

/** SMTP needs a server and a sender address; the URL carries a password, so it is never echoed. */
function checkEmail(config: Config): void {
  if (config.EMAIL_SENDER !== 'smtp') return;
  const problems: string[] = [];
  if (!config.SMTP_URL) problems.push('SMTP_URL is required when EMAIL_SENDER=smtp');
  else if (!/^smtps?:\/\/[^\s/]+/.test(config.SMTP_URL))
    problems.push('SMTP_URL must be smtp://user:pass@host:587 or smtps://user:pass@host:465');
  if (!config.EMAIL_FROM.trim())
    problems.push('EMAIL_FROM is required when EMAIL_SENDER=smtp (e.g. Drawspace <no-reply@example.com>)');
  else if (!/[^\s@<]+@[^\s@>]+\.[^\s@>]+/.test(config.EMAIL_FROM))
    problems.push(`EMAIL_FROM must hold an email address (got ${JSON.stringify(config.EMAIL_FROM)})`);
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

function checkOpenAIImages(config: Config): void {
  const when = enabledBy(config, ImageEngineName.OpenaiImages);
  if (!when) return;
  const problems: string[] = [];
  if (!/^https?:\/\/[^\s/]+.*\/v1\/?$/.test(config.OPENAI_IMAGES_URL)) {
    problems.push(
      `OPENAI_IMAGES_URL must be the http(s) base URL ending in /v1, like https://api.openai.com/v1`,
    );
  }
  const model = config.OPENAI_IMAGES_MODEL.trim();
  if (!model) problems.push(`OPENAI_IMAGES_MODEL is required when ${when} (gpt-image-1.5, gpt-image-2, …)`);
  else if (isRetiredModel(model))
    problems.push(`OPENAI_IMAGES_MODEL=${model} is retired at OpenAI: use gpt-image-1.5 or gpt-image-2`);
  if (!config.OPENAI_IMAGES_KEY && /^https:\/\/api\.openai\.com\//.test(config.OPENAI_IMAGES_URL)) {
    problems.push(`OPENAI_IMAGES_KEY is required when ${when} calls api.openai.com`);
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

function checkTranslation(config: Config): void {
  const problems: string[] = [];
  if (config.TRANSLATE_PROVIDER === 'openai') {
    if (!/^https?:\/\/[^\s/]+.*\/v1\/?$/.test(config.TRANSLATE_API_URL))
      problems.push(
        'TRANSLATE_API_URL must be the http(s) base URL ending in /v1 when TRANSLATE_PROVIDER=openai',
      );
    if (!config.TRANSLATE_MODEL) problems.push('TRANSLATE_MODEL is required when TRANSLATE_PROVIDER=openai');
  }
  if (config.TRANSLATE_PROVIDER === 'baidu') {
    for (const key of ['BAIDU_TRANSLATE_APP_ID', 'BAIDU_TRANSLATE_SECRET'] as const)
      if (!config[key]) problems.push(`${key} is required when TRANSLATE_PROVIDER=baidu`);
    if (!/^https?:\/\/[^\s/]+/.test(config.BAIDU_TRANSLATE_URL))
      problems.push('BAIDU_TRANSLATE_URL must be an http(s) URL');
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Fastify's trustProxy from TRUST_PROXY: `true`, `false`, a hop count, or a comma-separated list
 * of addresses, CIDRs and named ranges. The default (`loopback`) believes X-Forwarded-For only
 * from a proxy on this host, so a client reaching the port directly cannot pick its own address
 * (and dodge the per-IP login limits). Null when the value is none of these.
 */
export function trustProxySetting(
  value: string,
): boolean | string[] | ((address: string, hop: number) => boolean) | null {
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = (entry: string) => NAMED_RANGES.has(entry) || isIP(entry.split('/')[0] ?? '') !== 0;
  return entries.length > 0 && entries.every(valid) ? entries : null;
}
