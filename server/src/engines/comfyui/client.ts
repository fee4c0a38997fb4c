import { EngineFailure } from '../port';
import { comfyFailure } from './errors';
import {
  readHistory,
  readQueuePlace,
  validationDetail,
  type HistoryEntry,
  type QueuePlace,
  type SavedImage,
  type Workflow,
} from './protocol';
import { networkDetail, readBytes, seconds } from '../network';

export interface ComfyClientOptions {
  /** `COMFYUI_URL`, e.g. `http://gpu-box:8188`; `http://user:pass@host` sends basic auth. */
  url: string;
  /** Every request gives up after this long (uploads and downloads included). */
  timeoutMs: number;
  maxImageBytes?: number;
  fetch?: typeof fetch;
}

/** What POST /prompt takes (server.py `post_prompt`). */
export interface PromptBody {
  prompt: Workflow;
  client_id: string;
  prompt_id: string;
  /** `preview_method` is read per prompt by the executor (`set_preview_method(extra_data.get(...))`). */
  extra_data: Record<string, unknown>;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const DEFAULT_MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** The base URL without its credentials, and the basic-auth header they make (fetch refuses URLs with credentials). */
export function splitCredentials(url: string): { base: URL; authorization: string | null } {
  const base = new URL(url.replace(/\/+$/, '') + '/');
  const user = decodeURIComponent(base.username);
  const pass = decodeURIComponent(base.password);
  base.username = '';
  base.password = '';
  return {
    base,
    authorization: user || pass ? `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` : null,
  };
}

interface Answer {
  status: number;
  json: unknown;
}

/**
 * ComfyUI's HTTP API: a timeout on every request, basic auth from the URL as a header, no
 * redirects (the credentials never follow one), and answers turned into results or EngineFailures
 * (`comfyui.down` for anything network-level, so a caller following a prompt can say `lost`).
 */
export class ComfyClient {
  readonly base: URL;
  readonly authorization: string | null;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: ComfyClientOptions) {
    ({ base: this.base, authorization: this.authorization } = splitCredentials(options.url));
    this.doFetch = options.fetch ?? fetch;
  }

  /** The WebSocket's URL for a client id (same host, ws: or wss:). */
  socketUrl(clientId: string): string {
    const url = new URL(`ws?clientId=${encodeURIComponent(clientId)}`, this.base);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...extra, ...(this.authorization ? { authorization: this.authorization } : {}) };
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body: string | FormData | undefined,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<Response> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const res = await this.doFetch(new URL(path, this.base), {
        method,
        headers: this.headers(headers),
        body,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel().catch(() => undefined);
        // /view answers 403 for a subfolder outside its folder; anything else is the credentials.
        if (!path.startsWith('view')) throw comfyFailure.unauthorized();
      }
      return res;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw comfyFailure.down(`no answer within ${seconds(this.options.timeoutMs)}`);
      if (error instanceof EngineFailure) throw error;
      throw comfyFailure.down(networkDetail(error));
    }
  }

  private async json(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const res = await this.request(
      method,
      path,
      payload === undefined ? undefined : JSON.stringify(payload),
      payload === undefined ? {} : { 'content-type': 'application/json' },
      signal,
    );
    const text = (await this.read(res, MAX_ANSWER_BYTES, signal)).toString('utf8');
    let json: unknown;
    try {
      json = text.trim() ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  }

  private async read(res: Response, max: number, signal?: AbortSignal): Promise<Buffer> {
    try {
      return await readBytes(res, max);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw comfyFailure.down(error instanceof Error ? error.message : 'unreadable answer');
    }
  }

  /** Queues a prompt under our own id; a 400 is the workflow's fault (`node_errors`). */
  async queuePrompt(body: PromptBody, signal?: AbortSignal): Promise<void> {
    const answer = await this.json('POST', 'prompt', body, signal);
    if (answer.status === 200) return;
    // Newer servers: the id is already queued (our earlier post got through after all).
    if (answer.status === 409) return;
    if (answer.status === 400) throw comfyFailure.badWorkflow(validationDetail(answer.json));
    throw comfyFailure.down(`HTTP ${answer.status}`);
  }

  /** The finished prompt's entry; null while it is queued or running (or unknown). */
  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null> {
    const answer = await this.json('GET', `history/${encodeURIComponent(promptId)}`, undefined, signal);
    if (answer.status !== 200) throw comfyFailure.down(`HTTP ${answer.status}`);
    if (answer.json === undefined) throw comfyFailure.down('history is not JSON');
    return readHistory(answer.json, promptId);
  }

  async queuePlace(promptId: string, signal?: AbortSignal): Promise<QueuePlace> {
    const answer = await this.json('GET', 'queue', undefined, signal);
    const place = answer.status === 200 ? readQueuePlace(answer.json, promptId) : null;
    if (!place) throw comfyFailure.down(`HTTP ${answer.status}`);
    return place;
  }

  /** True when ComfyUI answers `GET /queue` (its credentials accepted): the health probe. */
  async answers(signal?: AbortSignal): Promise<boolean> {
    const answer = await this.json('GET', 'queue', undefined, signal);
    return answer.status === 200;
  }

  /** Stops the prompt if it is the one running (ComfyUI ignores it otherwise). */
  async interrupt(promptId: string): Promise<void> {
    const answer = await this.json('POST', 'interrupt', { prompt_id: promptId });
    if (answer.status !== 200) throw comfyFailure.down(`HTTP ${answer.status}`);
  }

  /** Takes a pending prompt out of the queue (a running one stays). */
  async dequeue(promptId: string): Promise<void> {
    const answer = await this.json('POST', 'queue', { delete: [promptId] });
    if (answer.status !== 200) throw comfyFailure.down(`HTTP ${answer.status}`);
  }

  /** Puts an input image in ComfyUI's `input/<subfolder>`; LoadImage then names it `<subfolder>/<name>`. */
  async upload(data: Buffer, filename: string, subfolder: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), filename);
    form.append('type', 'input');
    form.append('subfolder', subfolder);
    form.append('overwrite', 'true');
    const res = await this.request('POST', 'upload/image', form, {}, signal);
    const text = (await this.read(res, MAX_ANSWER_BYTES, signal)).toString('utf8');
    if (res.status >= 500) throw comfyFailure.down(`upload: HTTP ${res.status}`);
    if (res.status === 413) throw comfyFailure.badWorkflow('the input image is larger than the upload limit');
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = null;
    }
    const name = (answer as { name?: unknown } | null)?.name;
    if (res.status !== 200 || typeof name !== 'string') throw comfyFailure.down(`upload: HTTP ${res.status}`);
    const folder = (answer as { subfolder?: unknown }).subfolder;
    return typeof folder === 'string' && folder ? `${folder}/${name}` : name;
  }

  /** A saved image's bytes through /view. */
  async view(image: SavedImage, signal?: AbortSignal): Promise<Buffer> {
    const query = new URLSearchParams({
      filename: image.filename,
      subfolder: image.subfolder,
      type: image.type,
    });
    let res: Response;
    try {
      res = await this.request('GET', `view?${query}`, undefined, {}, signal);
    } catch (error) {
      if (error instanceof EngineFailure)
        throw comfyFailure.imageCopy(String(error.failure.params.detail ?? 'no answer'));
      throw error;
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      throw comfyFailure.imageCopy(`HTTP ${res.status} for ${image.filename}`);
    }
    try {
      return await readBytes(res, this.options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw comfyFailure.imageCopy(error instanceof Error ? error.message : 'download failed');
    }
  }
}
