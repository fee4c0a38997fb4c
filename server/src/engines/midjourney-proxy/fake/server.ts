import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { buttonsForResult, needsModal, parseCustomId, type ParsedCustomId, type ResultKind, type TaskButton } from '@draw/shared';
import { fakePng, isImageDataUrl, isPngDataUrl } from './images';

/**
 * A fake midjourney-proxy that speaks the contract (contracts/midjourney-proxy.md) over real HTTP,
 * for tests and local development. Tasks move NOT_START → SUBMITTED → IN_PROGRESS (with preview
 * images) → SUCCESS on timers, notify hooks are POSTed, and images are real PNGs served at the
 * fake's own URLs (standing in for Discord's CDN). Behaviours can be switched per test.
 */

export type FakeRoute = 'imagine' | 'describe' | 'blend' | 'shorten' | 'action' | 'modal';
export type HookMode = 'normal' | 'lost' | 'duplicated' | 'reordered';

export interface FakeAnswer {
  code: number;
  description?: string;
  properties?: Record<string, unknown>;
  /** HTTP status (default: 404 for code 3, else 200). */
  status?: number;
}

export interface FakeBehaviour {
  /** Refuse a submit route with this answer (codes 3, 4, 9, 23, 24…). */
  answers: Partial<Record<FakeRoute, FakeAnswer>>;
  /** Accept with code 22 and this queue position. */
  queuePosition: number | null;
  /** Answer every API call with this HTTP status and an empty body (e.g. 502). */
  httpStatus: number | null;
  /** Delay every API answer (not images) by this long. */
  delayMs: number;
  hooks: HookMode;
  /** Time between task steps. */
  stepMs: number;
  /** IN_PROGRESS steps (percent), each with a preview image. */
  steps: number[];
  /** End tasks in FAILURE with this reason (moderation, timeout…). */
  failReason: string | null;
  /** The account is in remix mode: variations, rerolls and pans wait for a modal too. */
  remix: boolean;
  /** The next N image downloads answer 500. */
  imageFailures: number;
  /** Every image download answers 500. */
  brokenImages: boolean;
  /** Tasks wait in SUBMITTED until `release()`. */
  hold: boolean;
  /** Running tasks stop where they are until this turns false again. */
  paused: boolean;
  /** Behave like the Java line: no `/mj-<speed>/` routes, no cancel route. */
  javaLine: boolean;
  /** Put the seed in the Task (the C# line does); otherwise only `image-seed` tells it. */
  seedInTask: boolean;
}

export const DEFAULT_BEHAVIOUR: FakeBehaviour = {
  answers: {},
  queuePosition: null,
  httpStatus: null,
  delayMs: 0,
  hooks: 'normal',
  stepMs: 30,
  steps: [10, 45, 80],
  failReason: null,
  remix: false,
  imageFailures: 0,
  brokenImages: false,
  hold: false,
  paused: false,
  javaLine: false,
  seedInTask: false,
};

export interface FakeTask {
  id: string;
  action: string;
  status: 'NOT_START' | 'SUBMITTED' | 'IN_PROGRESS' | 'MODAL' | 'SUCCESS' | 'FAILURE' | 'CANCEL';
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number | null;
  finishTime: number | null;
  imageUrl: string | null;
  progress: string;
  failReason: string;
  buttons: TaskButton[];
  properties: Record<string, unknown>;
}

interface TaskInternals {
  route: FakeRoute;
  hook: string | null;
  hash: string;
  seed: string;
  parsed: ParsedCustomId | null;
  heldHooks: FakeTask[];
  hookChain: Promise<void>;
}

export interface FakeRequest {
  method: string;
  /** Path without the speed prefix. */
  path: string;
  speed: string | null;
  secret: string | undefined;
  body: Record<string, unknown> | null;
}

const KEYCAPS = ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣'];

function actionOf(route: FakeRoute, parsed: ParsedCustomId | null): string {
  if (route !== 'action' || !parsed) return route.toUpperCase();
  switch (parsed.kind) {
    case 'upscale':
    case 'upscaleVariant':
      return 'UPSCALE';
    case 'variation':
    case 'vary':
      return 'VARIATION';
    case 'reroll':
      return 'REROLL';
    case 'zoomOut':
    case 'customZoom':
      return 'ZOOM';
    case 'pan':
      return 'PAN';
    case 'region':
      return 'INPAINT';
    case 'picReaderRetry':
      return 'DESCRIBE';
    default:
      return 'IMAGINE';
  }
}

const resultKindOf = (action: string): ResultKind =>
  action === 'UPSCALE' ? 'upscale' : action === 'DESCRIBE' ? 'describe' : action === 'SHORTEN' ? 'shorten' : 'grid';

export class FakeMjProxy {
  behaviour: FakeBehaviour = { ...DEFAULT_BEHAVIOUR };
  readonly tasks = new Map<string, FakeTask>();
  readonly requests: FakeRequest[] = [];
  /** Every image served, by path: tests compare our copies with these bytes. */
  readonly images = new Map<string, Buffer>();
  private readonly internals = new Map<string, TaskInternals>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private held: string[] = [];
  private readonly server: http.Server;
  private port = 0;
  private counter = 0;

  constructor(private readonly secret = '') {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Stops answering (connection refused), keeping its memory and its timers. */
  async down(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Answers again on the same port. */
  async up(): Promise<void> {
    await this.start(this.port);
  }

  /** Loses every task, as the Java line does on a restart. */
  forget(): void {
    this.tasks.clear();
    this.internals.clear();
    this.held = [];
  }

  set(changes: Partial<FakeBehaviour>): void {
    this.behaviour = { ...this.behaviour, ...changes };
  }

  reset(): void {
    this.behaviour = { ...DEFAULT_BEHAVIOUR };
    this.requests.length = 0;
  }

  /** Lets held tasks run. */
  release(): void {
    const ids = this.held;
    this.held = [];
    for (const id of ids) this.advance(id, 0);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.server.listening) await this.down();
  }

  submits(route: FakeRoute): FakeRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === `/mj/submit/${route}`);
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith('/cdn/')) return this.serveImage(url.pathname, res);

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const prefix = /^\/mj-(fast|relax|turbo)(\/mj\/.*)$/.exec(url.pathname);
    const path = prefix ? prefix[2]! : url.pathname;
    const secret = req.headers['mj-api-secret'];
    this.requests.push({ method: req.method ?? '', path, speed: prefix ? prefix[1]! : null, secret: Array.isArray(secret) ? secret[0] : secret, body });

    const send = (status: number, payload?: unknown) => {
      const text = payload === undefined ? '' : JSON.stringify(payload);
      res.writeHead(status, text ? { 'content-type': 'application/json' } : {});
      res.end(text);
    };
    if (this.behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, this.behaviour.delayMs));
    if (res.destroyed) return;
    if (this.secret && secret !== this.secret) return send(401);
    if (this.behaviour.httpStatus) return send(this.behaviour.httpStatus);
    if (prefix && this.behaviour.javaLine) return send(404);

    const submit = /^\/mj\/submit\/(imagine|describe|blend|shorten|action|modal)$/.exec(path);
    if (req.method === 'POST' && submit) {
      const answer = this.submit(submit[1] as FakeRoute, body ?? {});
      return send(answer.status ?? (answer.code === 3 ? 404 : 200), { code: answer.code, description: answer.description ?? '', result: answer.result ?? null, properties: answer.properties ?? {} });
    }
    const taskRoute = /^\/mj\/task\/([^/]+)\/(fetch|image-seed|cancel)$/.exec(path);
    if (taskRoute) {
      const task = this.tasks.get(decodeURIComponent(taskRoute[1]!));
      switch (taskRoute[2]) {
        case 'fetch':
          return task ? send(200, this.view(task)) : send(200);
        case 'image-seed':
          if (!task) return send(404, { code: 3, description: '任务不存在' });
          if (task.status !== 'SUCCESS') return send(400, { code: 4, description: '任务未完成' });
          return send(200, { code: 1, description: '成功', result: this.internals.get(task.id)?.seed ?? '' });
        case 'cancel':
          if (this.behaviour.javaLine) return send(404);
          if (task && !['SUCCESS', 'FAILURE', 'CANCEL'].includes(task.status)) {
            this.change(task, { status: 'FAILURE', failReason: '主动取消任务', finishTime: Date.now(), progress: '' });
          }
          return send(200);
      }
    }
    if (req.method === 'POST' && path === '/mj/task/list-by-condition') {
      const ids = Array.isArray(body?.ids) ? (body.ids as string[]) : [];
      return send(200, ids.flatMap((id) => (this.tasks.has(id) ? [this.view(this.tasks.get(id)!)] : [])));
    }
    return send(404);
  }

  private async serveImage(path: string, res: http.ServerResponse): Promise<void> {
    const match = /^\/cdn\/([\w-]+)\.png$/.exec(path);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    if (this.behaviour.brokenImages || this.behaviour.imageFailures > 0) {
      if (this.behaviour.imageFailures > 0) this.behaviour.imageFailures -= 1;
      res.writeHead(500).end();
      return;
    }
    let png = this.images.get(path);
    if (!png) {
      png = await fakePng(match[1]!, match[1]!.includes('preview') ? 64 : 256);
      this.images.set(path, png);
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  }

  private view(task: FakeTask): Record<string, unknown> {
    const seed = this.internals.get(task.id)?.seed;
    return {
      ...task,
      buttons: task.buttons.map((b) => ({ ...b, type: 2, style: 2 })),
      ...(this.behaviour.seedInTask && task.status === 'SUCCESS' ? { seed } : {}),
    };
  }

  private refuse(code: number, description: string): FakeAnswer & { result?: string } {
    return { code, description };
  }

  private submit(route: FakeRoute, body: Record<string, unknown>): FakeAnswer & { result?: string } {
    const configured = this.behaviour.answers[route];
    if (configured) return configured;
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    let parsed: ParsedCustomId | null = null;
    let prompt = text(body.prompt);
    switch (route) {
      case 'imagine':
        if (!prompt) return this.refuse(4, 'prompt不能为空');
        if (body.base64Array !== undefined && (!Array.isArray(body.base64Array) || !body.base64Array.every(isImageDataUrl))) return this.refuse(4, 'base64格式错误');
        break;
      case 'describe':
        if (!isImageDataUrl(body.base64)) return this.refuse(4, 'base64格式错误');
        break;
      case 'blend':
        if (!Array.isArray(body.base64Array) || body.base64Array.length < 2 || body.base64Array.length > 5 || !body.base64Array.every(isImageDataUrl)) return this.refuse(4, 'base64List参数错误');
        if (!['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(text(body.dimensions))) return this.refuse(4, 'dimensions参数错误');
        break;
      case 'shorten':
        if (!prompt) return this.refuse(4, 'prompt不能为空');
        break;
      case 'action': {
        const parent = this.tasks.get(text(body.taskId));
        if (!parent) return this.refuse(3, '关联任务不存在或已失效');
        if (parent.status !== 'SUCCESS') return this.refuse(4, '关联任务状态错误');
        const customId = text(body.customId);
        if (!parent.buttons.some((b) => b.customId === customId)) return this.refuse(4, 'customId 不属于该任务');
        parsed = parseCustomId(customId);
        prompt = parent.prompt;
        break;
      }
      case 'modal': {
        const task = this.tasks.get(text(body.taskId));
        if (!task) return this.refuse(3, '关联任务不存在或已失效');
        if (task.status !== 'MODAL') return this.refuse(4, '任务状态错误');
        if (!prompt) return this.refuse(4, '参数错误');
        const internals = this.internals.get(task.id)!;
        if (internals.parsed?.kind === 'region' && !isPngDataUrl(body.maskBase64)) return this.refuse(4, 'maskBase64 must be a PNG data URL');
        if (internals.parsed?.kind === 'customZoom' && !/--zoom\s+[0-9.]+/.test(prompt)) return this.refuse(4, 'custom zoom needs --zoom');
        task.prompt = prompt;
        task.promptEn = prompt;
        task.properties = { ...task.properties, finalPrompt: prompt, maskReceived: internals.parsed?.kind === 'region' };
        if (typeof body.notifyHook === 'string') internals.hook = body.notifyHook;
        this.begin(task);
        return this.accepted(task.id);
      }
    }
    this.counter += 1;
    const id = `${Date.now()}${String(this.counter).padStart(3, '0')}`;
    const action = actionOf(route, parsed);
    const task: FakeTask = {
      id,
      action,
      status: 'NOT_START',
      prompt,
      promptEn: prompt,
      description: route === 'imagine' ? `/imagine ${prompt}` : `/${route} ${id}`,
      state: text(body.state),
      submitTime: Date.now(),
      startTime: null,
      finishTime: null,
      imageUrl: null,
      progress: '0%',
      failReason: '',
      buttons: [],
      properties: { finalPrompt: prompt, botType: text(body.botType) || 'MID_JOURNEY' },
    };
    this.tasks.set(id, task);
    this.internals.set(id, {
      route,
      hook: typeof body.notifyHook === 'string' ? body.notifyHook : null,
      hash: randomUUID(),
      seed: String(1_000_000 + this.counter),
      parsed,
      heldHooks: [],
      hookChain: Promise.resolve(),
    });
    if (parsed && needsModal(parsed, this.behaviour.remix)) {
      task.status = 'MODAL';
      return { code: 21, description: '窗口等待', result: id, properties: { finalPrompt: prompt, remix: true } };
    }
    this.begin(task);
    return this.accepted(id);
  }

  private accepted(id: string): FakeAnswer & { result: string } {
    const position = this.behaviour.queuePosition;
    return position === null
      ? { code: 1, description: '提交成功', result: id }
      : { code: 22, description: `排队中，前面还有${position}个任务`, result: id, properties: { numberOfQueues: position } };
  }

  private begin(task: FakeTask): void {
    this.change(task, { status: 'SUBMITTED' });
    if (this.behaviour.hold) this.held.push(task.id);
    else this.advance(task.id, 0);
  }

  /** Runs step `index` of a task after the step time, then schedules the next. */
  private advance(id: string, index: number): void {
    this.later(this.behaviour.stepMs, () => {
      const task = this.tasks.get(id);
      if (!task || ['SUCCESS', 'FAILURE', 'CANCEL'].includes(task.status)) return;
      if (this.behaviour.paused) return this.advance(id, index);
      const text = task.action === 'DESCRIBE' || task.action === 'SHORTEN';
      const step = this.behaviour.steps[index];
      if (step !== undefined) {
        this.change(task, {
          status: 'IN_PROGRESS',
          startTime: task.startTime ?? Date.now(),
          progress: `${step}%`,
          imageUrl: text ? null : `${this.origin}/cdn/${id}-preview-${step}.png`,
        });
        this.advance(id, index + 1);
        return;
      }
      if (this.behaviour.failReason) {
        this.change(task, { status: 'FAILURE', failReason: this.behaviour.failReason, progress: '', finishTime: Date.now() });
        return;
      }
      this.finish(task);
    });
  }

  private finish(task: FakeTask): void {
    const internals = this.internals.get(task.id)!;
    const kind = resultKindOf(task.action);
    const changes: Partial<FakeTask> = {
      status: 'SUCCESS',
      progress: '100%',
      finishTime: Date.now(),
      startTime: task.startTime ?? Date.now(),
      imageUrl: `${this.origin}/cdn/${task.id}-result.png`,
    };
    if (kind === 'describe') {
      const prompts = [1, 2, 3, 4].map((n) => `${KEYCAPS[n - 1]} a described picture, take ${n} --ar 1:1`).join('\n\n');
      changes.promptEn = prompts;
      changes.prompt = prompts;
      changes.properties = { ...task.properties, finalPrompt: prompts };
    }
    if (kind === 'shorten') {
      const prompts = [1, 2, 3, 4, 5].map((n) => `${KEYCAPS[n - 1]} ${task.prompt.split(/\s+/).slice(0, n + 1).join(' ')}`).join('\n');
      const description = `**Important tokens**\n${task.prompt}\n\n**Shortened prompts**\n${prompts}`;
      changes.description = description;
      changes.imageUrl = null;
      changes.properties = { ...task.properties, finalPrompt: description };
    }
    changes.buttons = buttonsForResult(kind, internals.hash);
    this.change(task, changes);
  }

  private change(task: FakeTask, changes: Partial<FakeTask>): void {
    Object.assign(task, changes);
    this.hook(task);
  }

  /** POSTs the Task to its hook (never at NOT_START or MODAL), as the chosen hook mode says. */
  private hook(task: FakeTask): void {
    const internals = this.internals.get(task.id);
    if (!internals?.hook || task.status === 'NOT_START' || task.status === 'MODAL') return;
    const snapshot = JSON.parse(JSON.stringify(this.view(task))) as FakeTask;
    const terminal = ['SUCCESS', 'FAILURE', 'CANCEL'].includes(task.status);
    const post = (body: FakeTask) => {
      const hook = internals.hook!;
      internals.hookChain = internals.hookChain.then(() =>
        fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) })
          .then((r) => r.body?.cancel())
          .catch(() => undefined),
      );
    };
    switch (this.behaviour.hooks) {
      case 'lost':
        return;
      case 'duplicated':
        post(snapshot);
        post(snapshot);
        return;
      case 'reordered':
        internals.heldHooks.push(snapshot);
        if (terminal) {
          for (const held of internals.heldHooks.reverse()) post(held);
          internals.heldHooks = [];
        }
        return;
      default:
        post(snapshot);
    }
  }
}

export async function startFakeMjProxy(options: { secret?: string; port?: number; behaviour?: Partial<FakeBehaviour> } = {}): Promise<FakeMjProxy> {
  const fake = new FakeMjProxy(options.secret ?? '');
  if (options.behaviour) fake.set(options.behaviour);
  return fake.start(options.port ?? 0);
}
