import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  describeButtons,
  gridButtons,
  shortenButtons,
  upscaleButtons,
  videoButtons,
  type FakeButton,
  type FakeVersion,
} from './buttons';
import { fakeClip, fakePng, isImageDataUrl, isPngDataUrl } from './images';

/**
 * A fake midjourney-proxy over real HTTP, for tests and local development, in the two lines read
 * from their sources (contracts/midjourney-proxy.md, "Read from the real sources"):
 *
 * - `csharp` (trueai-org 11.10): `/mj` and `/mj-<speed>/mj` routes; submit, action, modal, shorten;
 *   tasks with `buttons`, MODAL; `fetch` of an unknown id is HTTP 204; refusals before a task
 *   exists come as `{ success: false, code: -1, message }` (HTTP 200, or 500 when unhandled);
 *   cancel needs an admin token (HTTP 400 "演示模式，禁止操作" otherwise) and fails the task
 *   "取消任务"; `enableRemix` on actions; banned words fail the task at run time; `/mj/submit/video`
 *   (when `video` is on) makes VIDEO tasks whose clip is in `videoUrl`/`videoUrls` (a WebP here).
 * - `java` (novicezk v2.6.3): imagine, describe, blend, `change` and `simple-change` only; no
 *   buttons, no MODAL or CANCEL, no cancel, no seed; unknown routes answer Spring's 404 JSON;
 *   `fetch` of an unknown id is an empty HTTP 200; banned words are refused at submit (24).
 *
 * Tasks move on timers, notify hooks are POSTed, images are real PNGs served at the fake's own
 * URLs (standing in for Discord's CDN). Behaviours can be switched per test.
 */

export const FakeLine = { CSharp: 'csharp', Java: 'java' } as const;
export type FakeLine = (typeof FakeLine)[keyof typeof FakeLine];

export type FakeRoute =
  | 'imagine'
  | 'describe'
  | 'blend'
  | 'shorten'
  | 'action'
  | 'modal'
  | 'change'
  | 'simple-change'
  | 'video'
  | 'retexture';
export type HookMode = 'normal' | 'lost' | 'duplicated' | 'reordered';

export interface FakeAnswer {
  code: number;
  description?: string;
  properties?: Record<string, unknown>;
  /** HTTP status (default: 404 for code 3 on the C# line, else 200). */
  status?: number;
}

export interface FakeBehaviour {
  line: FakeLine;
  /** Refuse a submit route with this answer (codes 3, 4, 9, 23, 24…). */
  answers: Partial<Record<FakeRoute, FakeAnswer>>;
  /**
   * C# line: a refusal before any task exists (a limit, "队列数已达上限", a ban, Redis down). The
   * imagine route wraps it as code 4; every other route answers `{ success: false, code: -1 }`.
   */
  refusal: { message: string; status: 200 | 500 } | null;
  /** No Discord account can take the job (code 3 "无可用的账号实例"). */
  noAccount: boolean;
  /** Accept with code 22 and this queue position. */
  queuePosition: number | null;
  /** Answer every API call with this HTTP status and an empty body (e.g. 502). */
  httpStatus: number | null;
  /** Delay every API answer (not images) by this long. */
  delayMs: number;
  /** Delay a submit's answer by this long after its task is made (the answer slow on its way back). */
  submitAnswerDelayMs: number;
  hooks: HookMode;
  /** Time between task steps. */
  stepMs: number;
  /** IN_PROGRESS steps (percent), each with a preview image. */
  steps: number[];
  /** End tasks in FAILURE with this reason (moderation, timeout…). */
  failReason: string | null;
  /** C# line: the Discord account has Remix on (variations, rerolls and pans ask for a modal). */
  remix: boolean;
  /** C# line: with Remix on, the proxy answers the modal itself with the parent's prompt. */
  remixAutoSubmit: boolean;
  /** C# line: what our secret is to the proxy; only an admin may cancel. */
  secretRole: 'admin' | 'user';
  /** Words the proxy refuses: C# fails the task at run time, Java refuses the submit (24). */
  bannedWords: string[];
  /** The Midjourney version the upscale buttons are for. */
  version: FakeVersion;
  /** C# line: video is on (`EnableVideo`): upscales carry the Animate buttons, `/mj/submit/video` works. */
  video: boolean;
  /** The next N image downloads answer 500. */
  imageFailures: number;
  /** Every image download answers 500. */
  brokenImages: boolean;
  /** Tasks wait (SUBMITTED, or MODAL once their modal came) until `release()`. */
  hold: boolean;
  /** Running tasks stop where they are until this turns false again. */
  paused: boolean;
  /** C# line: put the seed in the Task; otherwise only `image-seed` tells it. */
  seedInTask: boolean;
}

export const DEFAULT_BEHAVIOUR: FakeBehaviour = {
  line: FakeLine.CSharp,
  answers: {},
  refusal: null,
  noAccount: false,
  queuePosition: null,
  httpStatus: null,
  delayMs: 0,
  submitAnswerDelayMs: 0,
  hooks: 'normal',
  stepMs: 30,
  steps: [10, 45, 80],
  failReason: null,
  remix: false,
  remixAutoSubmit: false,
  secretRole: 'admin',
  bannedWords: [],
  version: '6',
  video: false,
  imageFailures: 0,
  brokenImages: false,
  hold: false,
  paused: false,
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
  buttons: FakeButton[];
  properties: Record<string, unknown>;
  parentId: string | null;
  /** VIDEO tasks: the first clip, and every clip with its thumbnail. */
  videoUrl?: string;
  videoUrls?: { url: string; thumbnail: string }[];
}

interface TaskInternals {
  hook: string | null;
  hash: string;
  seed: string;
  /** The upscale buttons are those of Upscale (Subtle/Creative): no upscale again. */
  hd: boolean;
  /** Needs `/mj/submit/modal` before it runs. */
  modalKind: 'region' | 'zoom' | 'prompt' | 'remix' | null;
  /** Modals posted: each one queues a job on the C# line, even a second for the same task. */
  modalPosts: number;
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

type Reply = { status: number; json?: unknown; text?: string };
type Submitted = FakeAnswer & { result?: string | null };

const KEYCAPS = ['1️⃣', '2️⃣', '3️⃣', '4️⃣', '5️⃣'];
const TERMINAL = new Set(['SUCCESS', 'FAILURE', 'CANCEL']);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Both lines check a blend alike; only the words for a wrong image count differ. */
function blendRefusal(body: Record<string, unknown>, countMessage: string): Submitted | null {
  if (!Array.isArray(body.base64Array) || body.base64Array.length < 2 || body.base64Array.length > 5)
    return { code: 4, description: countMessage };
  if (!['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(text(body.dimensions)))
    return { code: 4, description: 'dimensions参数错误' };
  if (!body.base64Array.every(isImageDataUrl)) return { code: 4, description: 'base64格式错误' };
  return null;
}

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

  get line(): FakeLine {
    return this.behaviour.line;
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

  /** Back to the defaults, keeping the line it was started as. */
  reset(line: FakeLine = this.behaviour.line): void {
    this.behaviour = { ...DEFAULT_BEHAVIOUR, line };
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

  /** How many times the modal of a task was posted (more than one = the job runs twice upstream). */
  modalPosts(id: string): number {
    return this.internals.get(id)?.modalPosts ?? 0;
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
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    // The C# line takes `Authorization` first, then `mj-api-secret`; the Java line only the latter.
    const secret =
      this.line === FakeLine.CSharp
        ? (header('authorization') ?? header('mj-api-secret'))
        : header('mj-api-secret');
    this.requests.push({ method: req.method ?? '', path, speed: prefix ? prefix[1]! : null, secret, body });

    const send = ({ status, json, text: plain }: Reply) => {
      const payload = json !== undefined ? JSON.stringify(json) : (plain ?? '');
      res.writeHead(
        status,
        payload
          ? {
              'content-type':
                json !== undefined ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
            }
          : {},
      );
      res.end(payload);
    };
    if (this.behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, this.behaviour.delayMs));
    if (res.destroyed) return;
    if (this.secret && secret !== this.secret) {
      return send(
        this.line === FakeLine.CSharp
          ? { status: 401, text: 'Authorization header missing.' }
          : { status: 401 },
      );
    }
    if (this.behaviour.httpStatus) return send({ status: this.behaviour.httpStatus });
    const reply =
      this.line === FakeLine.CSharp
        ? this.csharp(req.method ?? '', path, body ?? {})
        : this.java(req.method ?? '', prefix ? url.pathname : path, body ?? {});
    if (this.behaviour.submitAnswerDelayMs > 0 && path.startsWith('/mj/submit/'))
      await new Promise((r) => setTimeout(r, this.behaviour.submitAnswerDelayMs));
    if (res.destroyed) return;
    send(reply);
  }

  // ---- the C# line -------------------------------------------------------------------------

  private csharp(method: string, path: string, body: Record<string, unknown>): Reply {
    const submit = /^\/mj\/submit\/(imagine|describe|blend|shorten|action|modal|video|retexture)$/.exec(path);
    if (method === 'POST' && submit) {
      const route = submit[1] as FakeRoute;
      const refused = this.csharpRefusal(route);
      if (refused) return refused;
      const answer = this.behaviour.answers[route] ?? this.csharpSubmit(route, body);
      return {
        status: answer.status ?? (answer.code === 3 && (route === 'action' || route === 'modal') ? 404 : 200),
        json: this.envelope(answer),
      };
    }
    const taskRoute = /^\/mj\/task\/([^/]+)\/(fetch|image-seed|cancel)$/.exec(path);
    if (taskRoute) {
      const task = this.tasks.get(decodeURIComponent(taskRoute[1]!));
      switch (taskRoute[2]) {
        case 'fetch':
          // ASP.NET answers a null ActionResult<TaskInfo> with 204 No Content.
          return task ? { status: 200, json: this.view(task) } : { status: 204 };
        case 'image-seed':
          if (!task)
            return { status: 404, json: this.envelope({ code: 3, description: '关联任务不存在或已失效' }) };
          if (task.status !== 'SUCCESS')
            return { status: 400, json: this.envelope({ code: 4, description: '关联任务状态错误' }) };
          return {
            status: 200,
            json: this.envelope({
              code: 1,
              description: '成功',
              result: this.internals.get(task.id)?.seed ?? '',
            }),
          };
        case 'cancel':
          if (method !== 'POST') return { status: 405 };
          if (this.behaviour.secretRole !== 'admin') return { status: 400, text: '演示模式，禁止操作' };
          if (task && !TERMINAL.has(task.status))
            this.change(task, {
              status: 'FAILURE',
              failReason: '取消任务',
              finishTime: Date.now(),
              progress: '',
            });
          return { status: 200 };
      }
    }
    if (method === 'POST' && (path === '/mj/task/list-by-condition' || path === '/mj/task/list-by-ids'))
      return this.listByIds(body);
    return { status: 404 };
  }

  /** What NewTask throws before any task exists (LogicException: 200; anything else: 500). */
  private csharpRefusal(route: FakeRoute): Reply | null {
    const refusal = this.behaviour.refusal;
    if (!refusal || route === 'modal') return null;
    if (route === 'imagine') {
      // Imagine catches everything itself and answers a submit result.
      return {
        status: 200,
        json: this.envelope({
          code: 4,
          description: refusal.status === 200 ? refusal.message : '提交Imagine任务异常',
        }),
      };
    }
    return {
      status: refusal.status,
      json: {
        success: false,
        code: -1,
        message: refusal.status === 200 ? refusal.message : '操作失败',
        timestamp: String(Date.now()),
      },
    };
  }

  private csharpSubmit(route: FakeRoute, body: Record<string, unknown>): Submitted {
    const prompt = text(body.prompt);
    switch (route) {
      case 'imagine':
        if (!prompt) return { code: 4, description: 'prompt不能为空' };
        if (
          body.base64Array !== undefined &&
          (!Array.isArray(body.base64Array) || !body.base64Array.every(isImageDataUrl))
        )
          return { code: 4, description: 'base64格式错误' };
        break;
      case 'describe':
        if (!text(body.base64) && !text(body.link)) return { code: 4, description: 'base64或link不能为空' };
        if (text(body.base64) && !isImageDataUrl(body.base64))
          return { code: 4, description: 'base64格式错误' };
        break;
      case 'blend': {
        const refused = blendRefusal(body, '图片参数错误，2~5张图片');
        if (refused) return refused;
        break;
      }
      case 'shorten':
        break;
      case 'action':
        return this.csharpAction(body);
      case 'modal':
        return this.csharpModal(body);
      case 'video':
        return this.csharpVideo(body);
      case 'retexture':
        return this.csharpRetexture(body);
      default:
        return { code: 4, description: '未知的 Action 类型' };
    }
    if (this.behaviour.noAccount) return { code: 3, description: '无可用的账号实例' };
    const task = this.create(route.toUpperCase(), prompt, body, null);
    return this.enqueue(task);
  }

  private csharpAction(body: Record<string, unknown>): Submitted {
    const taskId = text(body.taskId);
    const customId = text(body.customId);
    if (!taskId || !customId) return { code: 4, description: '参数错误' };
    const parent = this.tasks.get(taskId);
    if (!parent) return { code: 3, description: '关联任务不存在或已失效' };
    if (parent.status !== 'SUCCESS') return { code: 4, description: '关联任务状态错误' };
    if (this.behaviour.noAccount) return { code: 3, description: '无可用的账号实例' };
    const remixable = (action: string) =>
      ['PAN', 'VARIATION', 'VIDEO'].includes(action) || customId.startsWith('MJ::JOB::reroll');
    let action: string;
    let modalKind: TaskInternals['modalKind'] = null;
    let hd = false;
    if (customId.startsWith('MJ::JOB::upsample::') || customId.startsWith('MJ::JOB::video_virtual_upscale'))
      action = 'UPSCALE';
    else if (
      customId.startsWith('MJ::JOB::variation::') ||
      customId.startsWith('MJ::JOB::high_variation::') ||
      customId.startsWith('MJ::JOB::low_variation::')
    )
      action = 'VARIATION';
    else if (customId.startsWith('MJ::JOB::reroll::')) {
      if (['REROLL', 'INPAINT'].includes(parent.action))
        return { code: 4, description: '该任务不支持重新生成' };
      action = parent.action === 'UPSCALE' ? 'IMAGINE' : parent.action;
    } else if (customId.startsWith('MJ::Outpaint::')) action = 'ZOOM';
    else if (customId.startsWith('MJ::JOB::pan_')) action = 'PAN';
    else if (customId.startsWith('MJ::JOB::upsample_')) {
      action = 'UPSCALE';
      hd = true;
    } else if (customId.startsWith('MJ::CustomZoom::')) {
      action = 'ZOOM';
      modalKind = 'zoom';
    } else if (customId.startsWith('MJ::Inpaint::')) {
      action = 'VARIATION';
      modalKind = 'region';
    } else if (customId.startsWith('MJ::JOB::animate_')) action = 'VIDEO';
    else if (customId.includes('MJ::Picread::Retry')) action = 'DESCRIBE';
    else if (customId.startsWith('MJ::Job::PicReader') || customId.startsWith('MJ::Job::PromptAnalyzer')) {
      action = 'IMAGINE';
      modalKind = 'prompt';
    } else if (customId.includes('MJ::BOOKMARK')) {
      return { code: 1, description: '成功', result: parent.id };
    } else return { code: 4, description: '未知的 Action 类型' };

    if (!modalKind && body.enableRemix === true) {
      if (!this.behaviour.remix) return { code: 4, description: '当前账号不支持 remix，请开启 remix 功能' };
      if (remixable(action)) modalKind = 'remix';
    }
    if (!modalKind && remixable(action) && this.behaviour.remix && !this.behaviour.remixAutoSubmit)
      modalKind = 'remix';

    const prompt = modalKind === 'region' ? '' : parent.prompt;
    const task = this.create(action, prompt, body, parent.id);
    const internals = this.internals.get(task.id)!;
    internals.hd = hd;
    internals.modalKind = modalKind;
    if (modalKind) {
      task.status = 'MODAL';
      task.description = 'Waiting for window confirm';
      return {
        code: 21,
        description: 'Waiting for window confirm',
        result: task.id,
        properties: { finalPrompt: prompt, remix: true },
      };
    }
    return this.enqueue(task);
  }

  /** SubmitController.Video: a clip from a first frame, or `action: "extend"` on a finished clip. */
  private csharpVideo(body: Record<string, unknown>): Submitted {
    if (!this.behaviour.video) return { code: 4, description: '视频功能未启用' };
    const prompt = text(body.prompt);
    if (!prompt) return { code: 4, description: 'Prompt 不能为空' };
    if (body.image !== undefined && !isImageDataUrl(body.image))
      return { code: 4, description: 'base64格式错误' };
    let parentId: string | null = null;
    const taskId = text(body.taskId);
    if (taskId) {
      if (text(body.action) !== 'extend') return { code: 4, description: '任务类型错误' };
      const target = this.tasks.get(taskId);
      if (!target) return { code: 3, description: '关联任务不存在或已失效', status: 404 };
      if (target.status !== 'SUCCESS') return { code: 4, description: '关联任务状态错误' };
      parentId = target.id;
    } else if (!isImageDataUrl(body.image)) return { code: 4, description: 'base64格式错误' };
    if (this.behaviour.noAccount) return { code: 3, description: '无可用的账号实例' };
    const task = this.create('VIDEO', prompt, body, parentId);
    task.description = `/video ${prompt}`;
    task.properties = {
      ...task.properties,
      motion: text(body.motion) || 'low',
      batchSize: Number(body.batchSize) || 4,
      index: body.index ?? null,
    };
    return this.enqueue(task);
  }

  /**
   * `SubmitController.Retexture` (`SubmitEditsDTO`: `prompt`, `image` as an http URL or base64,
   * with or without its `data:` prefix): the task's prompt gets the picture as `--dref <url>`.
   */
  private csharpRetexture(body: Record<string, unknown>): Submitted {
    const prompt = text(body.prompt);
    const image = text(body.image).trim();
    if (!prompt.trim() || !image) return { code: 4, description: 'image或prompt不能为空' };
    const isUrl = /^https?:/i.test(image);
    if (!isUrl && !isImageDataUrl(image.startsWith('data:') ? image : `data:image/png;base64,${image}`))
      return { code: 4, description: 'base64格式错误' };
    if (this.behaviour.noAccount) return { code: 3, description: '无可用的账号实例' };
    const baseImageUrl = isUrl
      ? image
      : `https://cdn.discordapp.com/attachments/fake/${this.tasks.size + 1}.png`;
    const task = this.create('RETEXTURE', `${prompt} --dref ${baseImageUrl}`, body, null);
    task.description = `/retexture ${prompt}`;
    return this.enqueue(task);
  }

  /** The C# line does not check that the task still waits: each post queues the job once more. */
  private csharpModal(body: Record<string, unknown>): Submitted {
    const taskId = text(body.taskId);
    if (!taskId) return { code: 4, description: '参数错误' };
    const task = this.tasks.get(taskId);
    if (!task) return { code: 3, description: '关联任务不存在或已失效' };
    const internals = this.internals.get(task.id)!;
    let prompt = text(body.prompt);
    if (!prompt && task.parentId) prompt = this.tasks.get(task.parentId)?.prompt ?? '';
    if (!prompt) return { code: 4, description: 'prompt不能为空' };
    if (internals.modalKind === 'region' && !isPngDataUrl(body.maskBase64))
      return { code: 9, description: 'maskBase64 must be a PNG data URL' };
    if (internals.modalKind === 'zoom' && !/--zoom\s+[0-9.]+/.test(prompt))
      return { code: 9, description: 'custom zoom needs --zoom' };
    internals.modalPosts += 1;
    task.prompt = prompt;
    task.promptEn = prompt;
    task.properties = {
      ...task.properties,
      finalPrompt: prompt,
      maskReceived: internals.modalKind === 'region',
    };
    if (typeof body.notifyHook === 'string') internals.hook = body.notifyHook;
    // It stays MODAL until a worker takes it.
    if (this.behaviour.hold) this.held.push(task.id);
    else this.advance(task.id, 0);
    return this.accepted(task.id);
  }

  // ---- the Java line -----------------------------------------------------------------------

  private java(method: string, path: string, body: Record<string, unknown>): Reply {
    const springNotFound = (): Reply => ({
      status: 404,
      json: { timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path },
    });
    const submit = /^\/mj\/submit\/(imagine|describe|blend|change|simple-change)$/.exec(path);
    if (method === 'POST' && submit) {
      const route = submit[1] as FakeRoute;
      const answer = this.behaviour.answers[route] ?? this.javaSubmit(route, body);
      return { status: answer.status ?? 200, json: this.envelope(answer) };
    }
    const fetch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(path);
    if (method === 'GET' && fetch) {
      const task = this.tasks.get(decodeURIComponent(fetch[1]!));
      return task ? { status: 200, json: this.view(task) } : { status: 200 };
    }
    if (method === 'POST' && path === '/mj/task/list-by-condition') return this.listByIds(body);
    if (method === 'GET' && path === '/mj/task/list')
      return { status: 200, json: [...this.tasks.values()].map((t) => this.view(t)) };
    return springNotFound();
  }

  private javaSubmit(route: FakeRoute, body: Record<string, unknown>): Submitted {
    const prompt = text(body.prompt);
    switch (route) {
      case 'imagine': {
        if (!prompt) return { code: 4, description: 'prompt不能为空' };
        const banned = this.behaviour.bannedWords.find((w) => prompt.toLowerCase().includes(w.toLowerCase()));
        if (banned)
          return {
            code: 24,
            description: '可能包含敏感词',
            properties: { promptEn: prompt, bannedWord: banned },
          };
        if (
          body.base64Array !== undefined &&
          (!Array.isArray(body.base64Array) || !body.base64Array.every(isImageDataUrl))
        )
          return { code: 4, description: 'base64格式错误' };
        break;
      }
      case 'describe':
        if (!text(body.base64)) return { code: 4, description: 'base64不能为空' };
        if (!isImageDataUrl(body.base64)) return { code: 4, description: 'base64格式错误' };
        break;
      case 'blend': {
        const refused = blendRefusal(body, 'base64List参数错误');
        if (refused) return refused;
        break;
      }
      case 'simple-change': {
        const match = /^(\S+)\s+(?:([UV])([1-4])|R)$/.exec(text(body.content));
        if (!match) return { code: 4, description: 'content参数错误' };
        const action = match[2] === 'U' ? 'UPSCALE' : match[2] === 'V' ? 'VARIATION' : 'REROLL';
        return this.javaSubmit('change', {
          ...body,
          taskId: match[1],
          action,
          index: match[3] ? Number(match[3]) : undefined,
        });
      }
      case 'change': {
        const taskId = text(body.taskId);
        if (!taskId) return { code: 4, description: 'taskId不能为空' };
        const action = text(body.action);
        if (!['UPSCALE', 'VARIATION', 'REROLL'].includes(action))
          return { code: 4, description: 'action参数错误' };
        const parent = this.tasks.get(taskId);
        if (!parent) return { code: 3, description: '关联任务不存在或已失效' };
        if (parent.status !== 'SUCCESS') return { code: 4, description: '关联任务状态错误' };
        if (!['IMAGINE', 'VARIATION', 'REROLL', 'BLEND'].includes(parent.action))
          return { code: 4, description: '关联任务不允许执行变化' };
        const index = Number(body.index);
        if (action !== 'REROLL' && !(Number.isInteger(index) && index >= 1 && index <= 4))
          return { code: 4, description: 'index参数错误' };
        const task = this.create(action, parent.prompt, body, parent.id);
        task.description = `/up ${taskId} ${action === 'REROLL' ? 'R' : `${action[0]}${index}`}`;
        return this.enqueue(task);
      }
      default:
        return { code: 4, description: 'unknown route' };
    }
    if (this.behaviour.noAccount) return { code: 3, description: '无可用的账号实例' };
    return this.enqueue(this.create(route.toUpperCase(), prompt, body, null));
  }

  // ---- both lines --------------------------------------------------------------------------

  private envelope(answer: Submitted): Record<string, unknown> {
    return {
      code: answer.code,
      description: answer.description ?? '',
      result: answer.result ?? null,
      properties: answer.properties ?? {},
    };
  }

  private listByIds(body: Record<string, unknown>): Reply {
    const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
    return {
      status: 200,
      json: ids.flatMap((id) => (this.tasks.has(id) ? [this.view(this.tasks.get(id)!)] : [])),
    };
  }

  private async serveImage(path: string, res: http.ServerResponse): Promise<void> {
    const match = /^\/cdn\/([\w-]+)\.(png|webp)$/.exec(path);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    if (this.behaviour.brokenImages || this.behaviour.imageFailures > 0) {
      if (this.behaviour.imageFailures > 0) this.behaviour.imageFailures -= 1;
      res.writeHead(500).end();
      return;
    }
    let bytes = this.images.get(path);
    if (!bytes) {
      bytes =
        match[2] === 'webp'
          ? await fakeClip(match[1]!)
          : await fakePng(match[1]!, match[1]!.includes('preview') ? 64 : 256);
      this.images.set(path, bytes);
    }
    res.writeHead(200, { 'content-type': `image/${match[2]}`, 'content-length': bytes.length }).end(bytes);
  }

  /** The Task as this line serialises it. */
  private view(task: FakeTask): Record<string, unknown> {
    const { buttons, parentId, ...common } = task;
    if (this.line === FakeLine.Java) return common; // Java's Task has no buttons, seed or parent
    const seed = this.internals.get(task.id)?.seed;
    return {
      ...common,
      buttons,
      parentId,
      ...(this.behaviour.seedInTask && task.status === 'SUCCESS' ? { seed } : {}),
    };
  }

  private create(
    action: string,
    prompt: string,
    body: Record<string, unknown>,
    parentId: string | null,
  ): FakeTask {
    this.counter += 1;
    const id = `${Date.now()}${String(this.counter).padStart(3, '0')}`;
    const task: FakeTask = {
      id,
      action,
      status: 'NOT_START',
      prompt,
      promptEn: prompt,
      description:
        action === 'IMAGINE' && !parentId ? `/imagine ${prompt}` : `/${action.toLowerCase()} ${id}`,
      state: text(body.state),
      submitTime: Date.now(),
      startTime: null,
      finishTime: null,
      imageUrl: null,
      progress: '0%',
      failReason: '',
      buttons: [],
      properties: { finalPrompt: prompt, botType: text(body.botType) || 'MID_JOURNEY' },
      parentId,
    };
    this.tasks.set(id, task);
    this.internals.set(id, {
      hook: typeof body.notifyHook === 'string' ? body.notifyHook : null,
      hash: randomUUID(),
      seed: String(1_000_000 + this.counter),
      hd: false,
      modalKind: null,
      modalPosts: 0,
      heldHooks: [],
      hookChain: Promise.resolve(),
    });
    return task;
  }

  private enqueue(task: FakeTask): Submitted {
    this.change(task, { status: 'SUBMITTED' });
    if (this.behaviour.hold) this.held.push(task.id);
    else this.advance(task.id, 0);
    return this.accepted(task.id);
  }

  private accepted(id: string): Submitted {
    const position = this.behaviour.queuePosition;
    return position === null
      ? { code: 1, description: '提交成功', result: id }
      : {
          code: 22,
          description: `排队中，前面还有${position}个任务`,
          result: id,
          properties: { numberOfQueues: position },
        };
  }

  /** Runs step `index` of a task after the step time, then schedules the next. */
  private advance(id: string, index: number): void {
    this.later(this.behaviour.stepMs, () => {
      const task = this.tasks.get(id);
      if (!task || TERMINAL.has(task.status)) return;
      if (this.behaviour.paused) return this.advance(id, index);
      if (
        index === 0 &&
        this.line === FakeLine.CSharp &&
        this.behaviour.bannedWords.some((w) => task.prompt.toLowerCase().includes(w.toLowerCase()))
      ) {
        // The C# worker checks banned words when it takes the job.
        this.change(task, {
          status: 'FAILURE',
          failReason: '可能包含敏感词',
          progress: '',
          finishTime: Date.now(),
        });
        return;
      }
      const textual = task.action === 'DESCRIBE' || task.action === 'SHORTEN';
      const step = this.behaviour.steps[index];
      if (step !== undefined) {
        this.change(task, {
          status: 'IN_PROGRESS',
          startTime: task.startTime ?? Date.now(),
          progress: `${step}%`,
          imageUrl: textual ? null : `${this.origin}/cdn/${id}-preview-${step}.png`,
        });
        this.advance(id, index + 1);
        return;
      }
      if (this.behaviour.failReason) {
        this.change(task, {
          status: 'FAILURE',
          failReason: this.behaviour.failReason,
          progress: '',
          finishTime: Date.now(),
        });
        return;
      }
      this.finish(task);
    });
  }

  private finish(task: FakeTask): void {
    const internals = this.internals.get(task.id)!;
    const changes: Partial<FakeTask> = {
      status: 'SUCCESS',
      progress: '100%',
      finishTime: Date.now(),
      startTime: task.startTime ?? Date.now(),
      imageUrl: `${this.origin}/cdn/${task.id}-result.png`,
    };
    let buttons: FakeButton[];
    switch (task.action) {
      case 'UPSCALE':
        buttons = upscaleButtons(internals.hash, this.behaviour.version, {
          hd: internals.hd,
          video: this.behaviour.video,
        });
        break;
      case 'DESCRIBE': {
        const prompts = [1, 2, 3, 4]
          .map((n) => `${KEYCAPS[n - 1]} a described picture, take ${n} --ar 1:1`)
          .join('\n\n');
        changes.promptEn = prompts;
        changes.prompt = prompts;
        changes.properties = { ...task.properties, finalPrompt: prompts };
        buttons = describeButtons();
        break;
      }
      case 'VIDEO': {
        // TaskInfo: imageUrl and videoUrl are the clip's link, videoUrls one per clip of the batch.
        const clips = Array.from({ length: Number(task.properties.batchSize) || 4 }, (_, i) => ({
          url: `${this.origin}/cdn/${task.id}-clip-${i}.webp`,
          thumbnail: `${this.origin}/cdn/${task.id}-thumb-${i}.png`,
        }));
        changes.imageUrl = clips[0]!.url;
        changes.videoUrl = clips[0]!.url;
        changes.videoUrls = clips;
        buttons = videoButtons(internals.hash);
        break;
      }
      case 'SHORTEN': {
        const prompts = [1, 2, 3, 4, 5]
          .map(
            (n) =>
              `${KEYCAPS[n - 1]} ${task.prompt
                .split(/\s+/)
                .slice(0, n + 1)
                .join(' ')}`,
          )
          .join('\n');
        const description = `**Important tokens**\n${task.prompt}\n\n**Shortened prompts**\n${prompts}`;
        changes.description = description;
        changes.imageUrl = null;
        changes.properties = { ...task.properties, finalPrompt: description };
        buttons = shortenButtons(5);
        break;
      }
      default:
        buttons = gridButtons(internals.hash);
    }
    changes.buttons = this.line === FakeLine.CSharp ? buttons : [];
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
    const post = (body: FakeTask) => {
      const hook = internals.hook!;
      internals.hookChain = internals.hookChain.then(() =>
        fetch(hook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        })
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
        if (TERMINAL.has(task.status)) {
          for (const held of internals.heldHooks.reverse()) post(held);
          internals.heldHooks = [];
        }
        return;
      default:
        post(snapshot);
    }
  }
}

export async function startFakeMjProxy(
  options: { secret?: string; port?: number; line?: FakeLine; behaviour?: Partial<FakeBehaviour> } = {},
): Promise<FakeMjProxy> {
  const fake = new FakeMjProxy(options.secret ?? '');
  fake.set({ line: options.line ?? FakeLine.CSharp, ...(options.behaviour ?? {}) });
  return fake.start(options.port ?? 0);
}
