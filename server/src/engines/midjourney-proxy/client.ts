import type { EngineSpeed } from '../port';
import { UpstreamError, UpstreamErrorKind } from './errors';
import {
  UpstreamCode,
  readSubmitAnswer,
  readUpstreamTask,
  type SubmitAnswer,
  type UpstreamTask,
} from './protocol';
import { networkDetail, readBytes, seconds } from '../network';

/** The upstream's submit routes; `retexture` and `edits` are the C# line's editor (an image and a prompt). */
export type SubmitRoute =
  | 'imagine'
  | 'describe'
  | 'blend'
  | 'shorten'
  | 'action'
  | 'modal'
  | 'change'
  | 'video'
  | 'retexture'
  | 'edits';

/**
 * Which midjourney-proxy answers: the C# line (trueai-org: actions, modals, buttons, cancel) or
 * the open-source Java line (imagine, describe, blend and `change` only); unknown until learnt.
 */
export const ProxyLine = { CSharp: 'csharp', Java: 'java', Unknown: 'unknown' } as const;
export type ProxyLine = (typeof ProxyLine)[keyof typeof ProxyLine];

/** What a submit answer means for us (the refusals are thrown as UpstreamErrors). */
export type Submitted =
  | { kind: 'accepted'; id: string }
  | { kind: 'queued'; id: string; position: number | null }
  /** Code 21: waiting for `/mj/submit/modal` (C# line), or an existing task's id (old Java line). */
  | { kind: 'modal'; id: string };

export interface ClientOptions {
  /** The proxy's base URL, e.g. `http://mj-proxy:8080` (a relay gateway's may end in a path). */
  baseUrl: string;
  /** Sent as `mj-api-secret`; empty = none. Never sent to any other host. */
  secret: string;
  /** Every request gives up after this long (the seed route gets `seedTimeoutMs`). */
  timeoutMs: number;
  seedTimeoutMs?: number;
  maxImageBytes?: number;
  fetch?: typeof fetch;
}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const DEFAULT_MAX_IMAGE_BYTES = 40 * 1024 * 1024;

interface Answer {
  status: number;
  body: string;
  json: unknown;
}

/**
 * The midjourney-proxy HTTP API: auth header, a timeout on every request, no redirects (so the
 * secret never follows one elsewhere), and the answer codes turned into outcomes or UpstreamErrors.
 */
export class MjProxyClient {
  private readonly base: URL;
  private readonly doFetch: typeof fetch;
  /** The Java line has no `/mj-fast/…` routes: after one 404 the prefix is dropped for good. */
  private speedPrefixes = true;

  constructor(private readonly options: ClientOptions) {
    this.base = new URL(options.baseUrl.replace(/\/+$/, '') + '/');
    this.doFetch = options.fetch ?? fetch;
  }

  private url(path: string): URL {
    return new URL(path.replace(/^\/+/, ''), this.base);
  }

  private headers(json: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(this.options.secret ? { 'mj-api-secret': this.options.secret } : {}),
    };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal?: AbortSignal,
    timeoutMs = this.options.timeoutMs,
  ): Promise<Answer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await this.doFetch(this.url(path), {
        method,
        headers: this.headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new UpstreamError(UpstreamErrorKind.Down, { detail: `no answer within ${seconds(timeoutMs)}` });
      throw new UpstreamError(UpstreamErrorKind.Down, { detail: networkDetail(error) });
    }
    let text: string;
    try {
      text = await readText(res, MAX_ANSWER_BYTES);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new UpstreamError(UpstreamErrorKind.Down, { detail: `no answer within ${seconds(timeoutMs)}` });
      throw new UpstreamError(UpstreamErrorKind.Down, {
        detail: error instanceof Error ? error.message : 'unreadable answer',
      });
    }
    if (res.status === 401 || res.status === 403) throw new UpstreamError(UpstreamErrorKind.Unauthorized);
    let json: unknown;
    try {
      json = text.trim() ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: text, json };
  }

  /** Submits a job; speed picks the C# line's `/mj-<speed>/mj/…` queue when it has one. */
  async submit(
    route: SubmitRoute,
    body: Record<string, unknown>,
    speed: EngineSpeed | null,
    signal?: AbortSignal,
  ): Promise<Submitted> {
    const prefixed = speed && this.speedPrefixes;
    let answer = await this.call('POST', `${prefixed ? `mj-${speed}/` : ''}mj/submit/${route}`, body, signal);
    if (prefixed && answer.status === 404 && !readSubmitAnswer(answer.json)) {
      this.speedPrefixes = false; // the prompt's --fast/--relax/--turbo still chooses the mode
      answer = await this.call('POST', `mj/submit/${route}`, body, signal);
    }
    const parsed = readSubmitAnswer(answer.json);
    if (!parsed) {
      if (answer.status >= 500)
        throw new UpstreamError(UpstreamErrorKind.Down, { detail: `HTTP ${answer.status}` });
      // The Java line has no such route (Spring's 404 page): it is not offered, not broken.
      if (answer.status === 404)
        throw new UpstreamError(UpstreamErrorKind.NotOffered, { feature: `/${route}` });
      throw new UpstreamError(UpstreamErrorKind.BadAnswer, { detail: `HTTP ${answer.status}` });
    }
    // An unhandled error at the C# line (`{ code: -1, message: "操作失败" }` on HTTP 500): it is down.
    if (answer.status >= 500 && parsed.code === UpstreamCode.Refused)
      throw new UpstreamError(UpstreamErrorKind.Down, {
        detail: `HTTP ${answer.status}${parsed.description ? `: ${parsed.description}` : ''}`,
      });
    return classify(parsed);
  }

  /**
   * Which line answers, asked without side effects: an action without a task id is refused by the
   * C# line with a submit answer (code 4) before anything is stored; the Java line has no such route.
   */
  /** True when the upstream answers (its secret accepted, no server error): the health probe. */
  async answers(signal?: AbortSignal): Promise<boolean> {
    const answer = await this.call('POST', 'mj/submit/action', {}, signal).catch(() => null);
    return answer !== null && answer.status < 500;
  }

  async probe(signal?: AbortSignal): Promise<ProxyLine> {
    const answer = await this.call('POST', 'mj/submit/action', {}, signal);
    if (readSubmitAnswer(answer.json)) return ProxyLine.CSharp;
    if (answer.status === 404) return ProxyLine.Java;
    return ProxyLine.Unknown;
  }

  /** The upstream's current view of a task; null when it does not know it (any more). */
  async fetchTask(id: string, signal?: AbortSignal): Promise<UpstreamTask | null> {
    const answer = await this.call('GET', `mj/task/${encodeURIComponent(id)}/fetch`, undefined, signal);
    // 204: the C# line's answer for an id it does not know; 404 from relays.
    if (answer.status === 204 || answer.status === 404) return null;
    if (answer.status >= 500)
      throw new UpstreamError(UpstreamErrorKind.Down, { detail: `HTTP ${answer.status}` });
    if (answer.status !== 200)
      throw new UpstreamError(UpstreamErrorKind.BadAnswer, { detail: `HTTP ${answer.status}` });
    if (answer.json === null) return null; // empty body or `null`
    const task = readUpstreamTask(answer.json);
    if (!task) throw new UpstreamError(UpstreamErrorKind.BadAnswer, { detail: 'not a task' });
    return task;
  }

  /**
   * Cancels at the upstream (C# line); false when it has no cancel route (Java line). The C# line
   * answers anyone but its admin with HTTP 400 "演示模式，禁止操作": thrown as CancelRefused.
   */
  async cancel(id: string): Promise<boolean> {
    const answer = await this.call('POST', `mj/task/${encodeURIComponent(id)}/cancel`, {});
    if (answer.status === 404 && !readSubmitAnswer(answer.json)) return false;
    if (answer.status === 400) {
      const said = answer.body.trim().slice(0, 100);
      throw new UpstreamError(UpstreamErrorKind.CancelRefused, {
        detail: said ? `HTTP 400 "${said}"` : 'HTTP 400',
      });
    }
    if (answer.status >= 400)
      throw new UpstreamError(UpstreamErrorKind.BadAnswer, { detail: `HTTP ${answer.status}` });
    return true;
  }

  /** The seed of a finished task (the upstream may take about a minute to find it). */
  async imageSeed(id: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.call(
      'GET',
      `mj/task/${encodeURIComponent(id)}/image-seed`,
      undefined,
      signal,
      this.options.seedTimeoutMs ?? 90_000,
    );
    const parsed = readSubmitAnswer(answer.json);
    if (parsed?.code === UpstreamCode.Accepted && parsed.result) return parsed.result;
    if (answer.status === 404 && !parsed)
      throw new UpstreamError(UpstreamErrorKind.NotOffered, { feature: 'image-seed' });
    if (answer.status === 404 || parsed?.code === UpstreamCode.NotFound)
      throw new UpstreamError(UpstreamErrorKind.NotFound, { detail: parsed?.description || 'no such task' });
    if (!parsed && answer.status >= 500)
      throw new UpstreamError(UpstreamErrorKind.Down, { detail: `HTTP ${answer.status}` });
    throw new UpstreamError(UpstreamErrorKind.System, {
      detail: parsed?.description || `HTTP ${answer.status}`,
    });
  }

  /**
   * Image bytes from an upstream URL (Discord's CDN, or the proxy itself for relative links).
   * The secret goes only to the proxy's own origin; redirects are followed by hand without it.
   */
  async download(url: string, signal?: AbortSignal): Promise<{ data: Buffer; contentType: string }> {
    let target = new URL(url, this.base);
    for (let hop = 0; hop < 4; hop++) {
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new Error(`unsupported URL scheme ${target.protocol}`);
      const own = target.origin === this.base.origin;
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      let res: Response;
      try {
        res = await this.doFetch(target, {
          headers: own && this.options.secret ? { 'mj-api-secret': this.options.secret } : {},
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new Error(
          timeout.aborted ? `no answer within ${seconds(this.options.timeoutMs)}` : networkDetail(error),
        );
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        await res.body?.cancel().catch(() => undefined);
        target = new URL(location, target);
        continue;
      }
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        throw new Error(`HTTP ${res.status}`);
      }
      const data = await readBytes(res, this.options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES);
      return { data, contentType: res.headers.get('content-type') ?? '' };
    }
    throw new Error('too many redirects');
  }
}

function classify(answer: SubmitAnswer): Submitted {
  const id = answer.result;
  const needId = () => {
    if (!id)
      throw new UpstreamError(UpstreamErrorKind.BadAnswer, {
        detail: `code ${answer.code} without a task id`,
      });
    return id;
  };
  switch (answer.code) {
    case UpstreamCode.Accepted:
      return { kind: 'accepted', id: needId() };
    case UpstreamCode.Queued: {
      const position = Number(answer.properties.numberOfQueues);
      return {
        kind: 'queued',
        id: needId(),
        position: Number.isInteger(position) && position >= 0 ? position : null,
      };
    }
    case UpstreamCode.ExistedOrModal:
      return { kind: 'modal', id: needId() };
    case UpstreamCode.QueueFull:
      throw new UpstreamError(UpstreamErrorKind.QueueFull);
    case UpstreamCode.Banned: {
      const word =
        typeof answer.properties.bannedWord === 'string' && answer.properties.bannedWord
          ? answer.properties.bannedWord
          : answer.description || '?';
      throw new UpstreamError(UpstreamErrorKind.Banned, { word: word.slice(0, 100) });
    }
    case UpstreamCode.Refused:
      throw (
        refusalOf(answer.description) ??
        new UpstreamError(UpstreamErrorKind.Refused, { detail: answer.description || 'no reason given' })
      );
    case UpstreamCode.Validation:
      if (/remix/i.test(answer.description)) throw new UpstreamError(UpstreamErrorKind.RemixUnsupported);
      // The C# imagine route answers its limits with code 4 instead of -1.
      throw (
        refusalOf(answer.description) ??
        new UpstreamError(UpstreamErrorKind.Invalid, { detail: answer.description || 'invalid parameters' })
      );
    case UpstreamCode.NotFound:
      if (NO_ACCOUNT.test(answer.description))
        throw new UpstreamError(UpstreamErrorKind.NoAccount, { detail: answer.description });
      throw new UpstreamError(UpstreamErrorKind.NotFound, { detail: answer.description || 'not found' });
    case UpstreamCode.SystemError:
      // The C# line says "queue full" this way.
      if (/queue|队列|隊列/i.test(answer.description)) throw new UpstreamError(UpstreamErrorKind.QueueFull);
      throw new UpstreamError(UpstreamErrorKind.System, { detail: answer.description || 'system error' });
    default:
      throw new UpstreamError(UpstreamErrorKind.BadAnswer, {
        detail: `code ${answer.code}${answer.description ? `: ${answer.description}` : ''}`,
      });
  }
}

/** C# "无可用的账号实例"; Java "账号不可用: <id>" (an account, not the referenced task, is missing). */
const NO_ACCOUNT = /账号|帳號|实例|account|instance/i;
const QUEUE_FULL = /队列数已达上限|队列已满|并发数已达上限|queue/i;
const LIMIT = /次数已达上限|limit/i;
const TEMP_BAN = /临时封锁|封锁/;
const SERVICE_DOWN = /服务暂不可用/;

/** The refusals the C# line words in Chinese that have a message of ours; null for the others. */
function refusalOf(message: string): UpstreamError | null {
  if (QUEUE_FULL.test(message)) return new UpstreamError(UpstreamErrorKind.QueueFull);
  if (LIMIT.test(message))
    return new UpstreamError(UpstreamErrorKind.LimitReached, { detail: message.slice(0, 200) });
  if (TEMP_BAN.test(message)) return new UpstreamError(UpstreamErrorKind.TempBanned);
  if (SERVICE_DOWN.test(message))
    return new UpstreamError(UpstreamErrorKind.Down, { detail: message.slice(0, 200) });
  return null;
}

async function readText(res: Response, max: number): Promise<string> {
  return (await readBytes(res, max)).toString('utf8');
}
