import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, enabledEngines, enginePrices, loadConfig, trustProxySetting } from './config';
import { startTestApp, type TestApp } from '../test/support/harness';
import { maskUrl } from './logger';

describe('configuration', () => {
  it('has a working default for every variable', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      IMAGE_ENGINE: 'builtin',
      MONGODB_URI: '',
    });
  });

  it('stops the start with a clear message naming every bad value', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', IMAGE_ENGINE: 'dalle', BUILTIN_ENGINE_STEP_MS: '-5' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/IMAGE_ENGINE must be one of builtin, midjourney-proxy/);
    expect(attempt).toThrow(/BUILTIN_ENGINE_STEP_MS/);
  });

  it('requires the upstream URL when the upstream engine is chosen, without echoing secrets', () => {
    expect(() => loadConfig({ IMAGE_ENGINE: 'midjourney-proxy', MJ_PROXY_SECRET: 'hunter2' })).toThrow(
      /MJ_PROXY_URL is required/,
    );
    try {
      loadConfig({ IMAGE_ENGINE: 'midjourney-proxy', MJ_PROXY_SECRET: 'hunter2' });
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });
});

describe('several engines configuration', () => {
  it('enables IMAGE_ENGINE alone by default, or IMAGE_ENGINES with its first as the default', () => {
    expect(enabledEngines(loadConfig({}))).toEqual(['builtin']);
    expect(
      enabledEngines(
        loadConfig({ IMAGE_ENGINE: 'openai-images', OPENAI_IMAGES_URL: 'http://localai:8080/v1' }),
      ),
    ).toEqual(['openai-images']);
    expect(
      enabledEngines(
        loadConfig({ IMAGE_ENGINES: 'openai-images, builtin', OPENAI_IMAGES_URL: 'http://localai:8080/v1' }),
      ),
    ).toEqual(['openai-images', 'builtin']);
  });

  it('stops the start naming IMAGE_ENGINES for an unknown or repeated engine', () => {
    expect(() => loadConfig({ IMAGE_ENGINES: 'builtin,dalle' })).toThrow(
      /IMAGE_ENGINES names unknown engines \["dalle"\]/,
    );
    expect(() => loadConfig({ IMAGE_ENGINES: 'builtin,builtin' })).toThrow(
      /IMAGE_ENGINES names builtin more than once/,
    );
  });

  it('checks the variables of every enabled engine, saying which list enabled it', () => {
    expect(() => loadConfig({ IMAGE_ENGINES: 'builtin,comfyui' })).toThrow(
      /COMFYUI_URL is required when IMAGE_ENGINES includes comfyui/,
    );
    expect(() => loadConfig({ IMAGE_ENGINES: 'builtin,midjourney-proxy' })).toThrow(
      /MJ_PROXY_URL is required when IMAGE_ENGINES includes midjourney-proxy/,
    );
    expect(() => loadConfig({ IMAGE_ENGINES: 'builtin,openai-images' })).toThrow(
      /OPENAI_IMAGES_KEY is required when IMAGE_ENGINES includes openai-images/,
    );
  });

  it('reads ENGINE_PRICES, and stops the start naming it for bad JSON, an unknown engine or action, or a bad price', () => {
    expect(enginePrices(loadConfig({ ENGINE_PRICES: '{"builtin":{"IMAGINE":0,"UPSCALE":3}}' }))).toEqual({
      builtin: { IMAGINE: 0, UPSCALE: 3 },
    });
    expect(enginePrices(loadConfig({}))).toEqual({});
    expect(() => loadConfig({ ENGINE_PRICES: '{builtin' })).toThrow(/ENGINE_PRICES must be JSON/);
    expect(() => loadConfig({ ENGINE_PRICES: '[1]' })).toThrow(/ENGINE_PRICES must be a JSON object/);
    expect(() => loadConfig({ ENGINE_PRICES: '{"dalle":{"IMAGINE":1}}' })).toThrow(
      /ENGINE_PRICES names an unknown engine "dalle"/,
    );
    expect(() => loadConfig({ ENGINE_PRICES: '{"builtin":{"PAINT":1}}' })).toThrow(
      /ENGINE_PRICES.builtin names an unknown action "PAINT"/,
    );
    expect(() => loadConfig({ ENGINE_PRICES: '{"builtin":{"IMAGINE":-1}}' })).toThrow(
      /ENGINE_PRICES.builtin.IMAGINE must be a whole number/,
    );
    expect(() => loadConfig({ ENGINE_PRICES: '{"builtin":{"IMAGINE":1.5}}' })).toThrow(
      /ENGINE_PRICES.builtin.IMAGINE must be a whole number/,
    );
    expect(() => loadConfig({ ENGINE_PRICES: '{"builtin":3}' })).toThrow(
      /ENGINE_PRICES.builtin must be an object/,
    );
  });
});

describe('translation configuration', () => {
  it('defaults to none and names what each provider needs, without echoing keys', () => {
    expect(loadConfig({}).TRANSLATE_PROVIDER).toBe('none');
    expect(() => loadConfig({ TRANSLATE_PROVIDER: 'openai', TRANSLATE_API_KEY: 'sk-hunter2' })).toThrow(
      /TRANSLATE_API_URL must be .* ending in \/v1[\s\S]*TRANSLATE_MODEL is required/,
    );
    expect(() =>
      loadConfig({
        TRANSLATE_PROVIDER: 'openai',
        TRANSLATE_API_URL: 'https://api.deepseek.com',
        TRANSLATE_MODEL: 'm',
      }),
    ).toThrow(/ending in \/v1/);
    expect(() => loadConfig({ TRANSLATE_PROVIDER: 'baidu', BAIDU_TRANSLATE_SECRET: 'hunter2' })).toThrow(
      /BAIDU_TRANSLATE_APP_ID is required/,
    );
    expect(() => loadConfig({ TRANSLATE_PROVIDER: 'google' })).toThrow(
      /TRANSLATE_PROVIDER must be one of none, openai, baidu/,
    );
    try {
      loadConfig({
        TRANSLATE_PROVIDER: 'openai',
        TRANSLATE_API_KEY: 'sk-hunter2',
        TRANSLATE_TIMEOUT_MS: 'x',
      });
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
    expect(
      loadConfig({
        TRANSLATE_PROVIDER: 'openai',
        TRANSLATE_API_URL: 'http://localhost:11434/v1',
        TRANSLATE_MODEL: 'qwen2.5',
      }),
    ).toMatchObject({ TRANSLATE_TIMEOUT_MS: 8000 });
  });
});

describe('configuration in production', () => {
  const production = { NODE_ENV: 'production' };
  const trial = { ALLOW_UNSAFE_SANDBOX_PAYMENTS: 'true', ALLOW_UNSAFE_CONSOLE_SMS: 'true' };

  it('refuses the sandbox payments and console SMS defaults, naming the variables that change them', () => {
    const attempt = () => loadConfig(production);
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PAYMENT_PROVIDER=sandbox .* for free: set PAYMENT_PROVIDER=wechat .* or ALLOW_UNSAFE_SANDBOX_PAYMENTS=true/,
    );
    expect(attempt).toThrow(
      /SMS_PROVIDER=console .* set SMS_PROVIDER=aliyun .* or ALLOW_UNSAFE_CONSOLE_SMS=true/,
    );
    expect(() => loadConfig({ ...production, ALLOW_UNSAFE_SANDBOX_PAYMENTS: 'true' })).toThrow(
      /ALLOW_UNSAFE_CONSOLE_SMS/,
    );
    expect(() => loadConfig({ ...production, ALLOW_UNSAFE_CONSOLE_SMS: 'true' })).toThrow(
      /ALLOW_UNSAFE_SANDBOX_PAYMENTS/,
    );
  });

  it('starts with the unsafe opt-ins, and with real providers without them', () => {
    expect(loadConfig({ ...production, ...trial })).toMatchObject({
      PAYMENT_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'console',
    });
    const aliyun = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 's',
      ALIYUN_SMS_SIGN_NAME: 'n',
      ALIYUN_SMS_TEMPLATE_CODE: 't',
    };
    const wechat = {
      PAYMENT_PROVIDER: 'wechat',
      WECHAT_APP_ID: 'a',
      WECHAT_MCH_ID: 'm',
      WECHAT_MCH_SERIAL: 's',
      WECHAT_MCH_PRIVATE_KEY: 'k',
      WECHAT_PLATFORM_PUBLIC_KEY: 'p',
      WECHAT_API_V3_KEY: '0123456789abcdef0123456789abcdef',
      PUBLIC_URL: 'https://draw.example.com',
    };
    expect(loadConfig({ ...production, ...aliyun, ...wechat })).toMatchObject({
      PAYMENT_PROVIDER: 'wechat',
      SMS_PROVIDER: 'aliyun',
    });
  });

  it('keeps the development defaults working outside production', () => {
    expect(loadConfig({})).toMatchObject({
      NODE_ENV: 'development',
      PAYMENT_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'console',
    });
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENT_PROVIDER).toBe('sandbox');
  });
});

describe('docker-compose.yml', () => {
  /** The app's environment as compose resolves it from `vars`; `refused` lists the `${X:?…}` left unset. */
  function composeEnvironment(vars: Record<string, string>) {
    const text = fs.readFileSync(path.join(__dirname, '../../docker-compose.yml'), 'utf8');
    const app = text.slice(text.indexOf('\n  app:'), text.indexOf('\n  midjourney-proxy:'));
    const env: Record<string, string> = {};
    const refused: string[] = [];
    for (const [, key, value] of app.matchAll(/^ {6}([A-Z_0-9]+): (.*)$/gm)) {
      const plain = value!.trim().replace(/^"(.*)"$/, '$1');
      const ref = /^\$\{([A-Z_0-9]+)(?::([-?])(.*))?\}$/.exec(plain);
      if (!ref) env[key!] = plain;
      else if (vars[ref[1]!] !== undefined) env[key!] = vars[ref[1]!]!;
      else if (ref[2] === '?') refused.push(ref[1]!);
      else env[key!] = ref[3] ?? '';
    }
    return { env, refused };
  }

  it('deploys no free credits by default: payments and SMS must be chosen', () => {
    const { env, refused } = composeEnvironment({});
    expect(env.NODE_ENV).toBe('production');
    expect(refused).toEqual(['PAYMENT_PROVIDER', 'SMS_PROVIDER']);
    expect(() =>
      loadConfig(composeEnvironment({ PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'console' }).env),
    ).toThrow(/ALLOW_UNSAFE_SANDBOX_PAYMENTS/);
  });

  it('starts the documented trial server when the unsafe opt-ins are given', () => {
    const { env, refused } = composeEnvironment({
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_UNSAFE_SANDBOX_PAYMENTS: 'true',
      SMS_PROVIDER: 'console',
      ALLOW_UNSAFE_CONSOLE_SMS: 'true',
    });
    expect(refused).toEqual([]);
    expect(loadConfig(env)).toMatchObject({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      METRICS_TOKEN: '',
      PUBLIC_API_DOCS: false,
    });
  });
});

describe('a production server', () => {
  const trial = {
    NODE_ENV: 'production',
    ALLOW_UNSAFE_SANDBOX_PAYMENTS: 'true',
    ALLOW_UNSAFE_CONSOLE_SMS: 'true',
  };

  it('hides /metrics without METRICS_TOKEN and the API docs unless PUBLIC_API_DOCS=true', async () => {
    const app = await startTestApp(trial);
    try {
      for (const url of ['/metrics', '/docs', '/docs/json', '/docs/static/index.html']) {
        const res = await app.http.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toMatch(/http_request_duration_seconds|openapi|swagger/i);
      }
    } finally {
      await app.close();
    }
  });

  it('serves /metrics to the scraper with its token, and the docs when they are made public', async () => {
    const app = await startTestApp({ ...trial, METRICS_TOKEN: 'scrape-me', PUBLIC_API_DOCS: 'true' });
    try {
      expect((await app.http.inject('/metrics')).statusCode).toBe(401);
      expect(
        (await app.http.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } })).body,
      ).toContain('http_request_duration_seconds');
      expect((await app.http.inject('/docs/json')).json().paths).toHaveProperty(['/api/home/company-info']);
    } finally {
      await app.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('believes only a proxy on this host by default, and takes hop counts and address lists', () => {
    expect(trustProxySetting(loadConfig({}).TRUST_PROXY)).toEqual(['loopback']);
    const twoHops = trustProxySetting('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('10.0.0.0/8, 192.168.1.7')).toEqual(['10.0.0.0/8', '192.168.1.7']);
  });

  it('stops the start on a value that names no address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'nginx-box' })).toThrow(/TRUST_PROXY must be/);
  });
});

describe('logs', () => {
  it('mask hook tokens and query secrets in URLs', () => {
    expect(maskUrl('/api/open/notify/task-1/s3cr3t?x=1')).toBe('/api/open/notify/task-1/[redacted]?x=1');
    expect(maskUrl('/x?token=abc&y=2')).toBe('/x?token=[redacted]&y=2');
  });

  it('mask phone numbers asked a code for, and invite codes', () => {
    expect(maskUrl('/api/login/send-login-code?phone=13800138000')).toBe(
      '/api/login/send-login-code?phone=[redacted]',
    );
    expect(maskUrl('/api/login/send-login-code?lang=en&phone=%2B8613800138000')).toBe(
      '/api/login/send-login-code?lang=en&phone=[redacted]',
    );
    expect(maskUrl('/api/draw/join-channel/Ab3_x-9Kq2')).toBe('/api/draw/join-channel/[redacted]');
    expect(maskUrl('/api/login/channel/Ab3_x-9Kq2?x=1')).toBe('/api/login/channel/[redacted]?x=1');
  });
});

describe('http skeleton', () => {
  let app: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // As the build leaves them (web/build/precompress.ts): compressed copies beside the asset.
    fs.writeFileSync(
      path.join(webDir, 'assets', 'app-abc123.js.br'),
      zlib.brotliCompressSync('console.log(1)'),
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    app = await startTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(() => app.close());

  it('answers /healthz', async () => {
    const res = await app.http.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', storage: 'embedded' });
  });

  it('serves company info from configuration in the envelope, with what the built-in engine offers (everything)', async () => {
    const res = await app.http.inject('/api/home/company-info');
    expect(res.json()).toEqual({
      code: 200,
      message: '',
      success: true,
      data: {
        name: 'Drawspace',
        description: expect.any(String),
        keywords: expect.any(String),
        isShowChatGPT: false,
        isShowDiscord: true,
        engineFeatures: ['shorten', 'describe', 'cancel', 'seed', 'video', 'blend', 'retexture'],
        // No translator configured: the settings promise no translation.
        translatesPrompts: false,
      },
    });
  });

  it('answers unknown API routes with the failure envelope, in the asker language', async () => {
    const res = await app.http.inject({
      url: '/api/does-not-exist',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 404,
      reason: 'not_found',
      data: null,
      message: 'No such endpoint: GET /api/does-not-exist',
    });
    const zh = await app.http.inject({ url: '/api/does-not-exist' });
    expect(zh.json().message).toContain('接口不存在');
  });

  it('answers malformed JSON and validation failures with a clear envelope', async () => {
    const bad = await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginType":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, reason: 'bad_request' });
    const invalid = await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      headers: { 'accept-language': 'en-US' },
      payload: { loginType: 'Magic', account: 'x' },
    });
    expect(invalid.json()).toMatchObject({ success: false, code: 400, reason: 'bad_request' });
    expect(invalid.json().message).toMatch(/^Invalid request: body/);
  });

  it('serves the web app with SPA fallback and long-cached hashed assets', async () => {
    for (const url of ['/draw', '/draw/abc', '/invite/xyz', '/']) {
      const res = await app.http.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await app.http.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.http.inject('/missing.js')).statusCode).toBe(404);
  });

  it('sends the build’s precompressed assets to browsers that accept them, and plain ones otherwise', async () => {
    const br = await app.http.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.http.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.http.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves files a deploy adds to the web build after the start, precompressed and long-cached', async () => {
    const chunk = 'export const page = "v2"';
    fs.writeFileSync(path.join(webDir, 'assets', 'page-new456.js'), chunk);
    fs.writeFileSync(path.join(webDir, 'assets', 'page-new456.js.br'), zlib.brotliCompressSync(chunk));
    const plain = await app.http.inject('/assets/page-new456.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(chunk);
    expect(plain.headers['cache-control']).toContain('immutable');
    const br = await app.http.inject({ url: '/assets/page-new456.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);

    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root" data-build="2"></div>');
    const page = await app.http.inject('/draw');
    expect(page.body).toContain('data-build="2"');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.http.inject('/assets/page-gone789.js')).statusCode).toBe(404);
  });

  it('answers 503 while index.html cannot be opened (no descriptor left), and the page again once it can', async () => {
    const indexHtml = path.join(webDir, 'index.html');
    const open = fs.promises.open;
    const refused = vi.spyOn(fs.promises, 'open').mockImplementation(async (file, ...rest) => {
      if (file === indexHtml)
        throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
      return open(file, ...rest);
    });
    try {
      const busy = await app.http.inject('/draw');
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['content-type']).toContain('text/plain');
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.body).toBe('The web app cannot be read just now: try again in a moment.');
    } finally {
      refused.mockRestore();
    }
    const page = await app.http.inject('/draw');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"');
  });

  it('answers 503 with how to build it while there is no web build', async () => {
    const bare = await startTestApp({ WEB_DIST_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'web-none-')) });
    try {
      const res = await bare.http.inject('/draw');
      expect(res.statusCode).toBe(503);
      expect(res.body).toBe('The web app is not built yet: run `npm run build`.');
    } finally {
      await bare.close();
    }
  });

  it('serves OpenAPI documentation', async () => {
    const res = await app.http.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/home/company-info');
  });
});
