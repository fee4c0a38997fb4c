import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A ComfyUI on loopback for tests, written from Comfy-Org/ComfyUI's server.py, execution.py,
 * main.py and protocol.py: the same routes, status codes, error bodies, WebSocket messages (to the
 * prompt's `client_id`, the latest socket of that id) and binary preview frames (`>I` event type,
 * then `>I` image type and a JPEG; or type 4 with JSON metadata when the client asked for it).
 * Its pictures are real PNGs drawn with sharp, sized from the workflow. Prompts run one at a time
 * in queue order; an identical prompt is served from the cache (nothing runs, the old files come back).
 */

type Node = { class_type: string; inputs: Record<string, unknown> };
type Workflow = Record<string, Node>;
type Json = Record<string, unknown>;
/** `[number, prompt_id, prompt, extra_data, outputs_to_execute]`, as the queue and history keep them. */
type QueueItem = [number, string, Workflow, Json, string[]];

export interface FakeBehaviour {
  steps: number;
  stepMs: number;
  /** Holds the running prompt between two steps until `release()`. */
  paused: boolean;
  /** Fails the sampler: out of GPU memory, or another exception. */
  fail: 'oom' | 'error' | null;
  /** Every HTTP answer is this status (e.g. 500), or no answer at all (`hang`). */
  http: number | 'hang' | null;
  /** The server's own --preview-method (ComfyUI's default is none). */
  previewMethod: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** The nodes our workflows use, with the combo values the fake checks (the rest is accepted). */
const OUTPUT_NODES = new Set(['SaveImage', 'PreviewImage']);
const KNOWN_NODES = new Set([
  'CheckpointLoaderSimple',
  'CLIPTextEncode',
  'KSampler',
  'EmptyLatentImage',
  'VAEDecode',
  'VAEEncode',
  'VAEEncodeForInpaint',
  'ImagePadForOutpaint',
  'LoadImage',
  'LoadImageMask',
  'ImageScale',
  'ImageScaleBy',
  'SaveImage',
  'PreviewImage',
  'SetLatentNoiseMask',
  'RepeatLatentBatch',
  'LatentUpscaleBy',
  'ImageCompositeMasked',
]);
const OOM_MESSAGE =
  'Allocation on device \nThis error means you ran out of memory on your GPU.\n\nTIPS: If the workflow worked before you might have accidentally set the batch_size to a large number.';

const DEFAULTS: FakeBehaviour = {
  steps: 4,
  stepMs: 5,
  paused: false,
  fail: null,
  http: null,
  previewMethod: 'none',
};

export async function startFakeComfyUI(options: { checkpoints?: string[]; auth?: string } = {}) {
  const checkpoints = options.checkpoints ?? ['model.safetensors'];
  let behaviour: FakeBehaviour = { ...DEFAULTS };
  const requests: FakeRequest[] = [];
  /** Every body POST /prompt accepted, in order. */
  const prompts: { prompt_id: string; prompt: Workflow; client_id?: string; extra_data: Json }[] = [];
  const inputs = new Map<string, Buffer>();
  const outputs = new Map<string, Buffer>();
  const history = new Map<string, Json>();
  const cache = new Map<string, Json>();
  const counters = new Map<string, number>();
  const sockets = new Map<string, WebSocket>();
  const previewMetadata = new Set<string>();
  let pending: QueueItem[] = [];
  let running: QueueItem | null = null;
  let interrupted = false;
  let number = 0;
  const releasers: (() => void)[] = [];

  const queueInfo = () => ({ exec_info: { queue_remaining: pending.length + (running ? 1 : 0) } });
  const sendJson = (type: string, data: Json, sid?: string | null) => {
    const message = JSON.stringify({ type, data });
    const targets =
      sid === undefined ? [...sockets.values()] : sid && sockets.has(sid) ? [sockets.get(sid)!] : [];
    for (const ws of targets) ws.send(message);
  };
  const sendBytes = (bytes: Buffer, sid: string | null) => {
    if (sid && sockets.has(sid)) sockets.get(sid)!.send(bytes, { binary: true });
  };
  const queueUpdated = () => sendJson('status', { status: queueInfo() });

  // ---- validation (execution.py validate_prompt) ----
  function validate(
    prompt: unknown,
  ): { ok: true; outputs: string[] } | { ok: false; error: Json; nodeErrors: Json } {
    const bad = (type: string, message: string, details: string) => ({
      ok: false as const,
      error: { type, message, details, extra_info: {} },
      nodeErrors: {},
    });
    if (typeof prompt !== 'object' || prompt === null)
      return bad('invalid_prompt', 'Cannot execute because the prompt is not an object.', '');
    const workflow = prompt as Workflow;
    const outs: string[] = [];
    for (const [id, node] of Object.entries(workflow)) {
      if (!node || typeof node.class_type !== 'string')
        return bad(
          'invalid_prompt',
          'Cannot execute because a node is missing the class_type property.',
          `Node ID '#${id}'`,
        );
      if (!KNOWN_NODES.has(node.class_type))
        return bad(
          'invalid_prompt',
          `Cannot execute because node ${node.class_type} does not exist.`,
          `Node ID '#${id}'`,
        );
      if (OUTPUT_NODES.has(node.class_type)) outs.push(id);
    }
    if (outs.length === 0) return bad('prompt_no_outputs', 'Prompt has no outputs', '');
    const nodeErrors: Json = {};
    const fail = (id: string, error: Json) => {
      nodeErrors[id] = { errors: [error], dependent_outputs: outs, class_type: workflow[id]!.class_type };
    };
    for (const [id, node] of Object.entries(workflow)) {
      for (const value of Object.values(node.inputs ?? {})) {
        if (Array.isArray(value) && value.length === 2 && !(String(value[0]) in workflow)) {
          fail(id, {
            type: 'exception_during_inner_validation',
            message: 'Exception when validating inner node',
            details: `'${String(value[0])}'`,
            extra_info: {},
          });
        }
      }
      if (
        node.class_type === 'CheckpointLoaderSimple' &&
        !checkpoints.includes(String(node.inputs.ckpt_name))
      ) {
        const val = String(node.inputs.ckpt_name);
        fail(id, {
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `ckpt_name: '${val}' not in ${JSON.stringify(checkpoints)}`,
          extra_info: { input_name: 'ckpt_name', received_value: val },
        });
      }
      if (
        (node.class_type === 'LoadImage' || node.class_type === 'LoadImageMask') &&
        !inputs.has(String(node.inputs.image))
      ) {
        fail(id, {
          type: 'custom_validation_failed',
          message: 'Custom validation failed for node',
          details: `image - Invalid image file: ${String(node.inputs.image)}`,
          extra_info: { input_name: 'image' },
        });
      }
    }
    if (Object.keys(nodeErrors).length > 0) {
      const details = Object.values(nodeErrors)
        .map((n) => {
          const e = (n as { errors: Json[] }).errors[0]!;
          return `${String(e.message)}: ${String(e.details)}`;
        })
        .join('\n');
      return {
        ok: false,
        error: {
          type: 'prompt_outputs_failed_validation',
          message: 'Prompt outputs failed validation',
          details,
          extra_info: {},
        },
        nodeErrors,
      };
    }
    return { ok: true, outputs: outs };
  }

  // ---- pictures ----
  const find = (workflow: Workflow, type: string) =>
    Object.entries(workflow).find(([, n]) => n.class_type === type);
  async function sizeOf(workflow: Workflow): Promise<{ width: number; height: number; batch: number }> {
    const empty = find(workflow, 'EmptyLatentImage')?.[1];
    const repeat = find(workflow, 'RepeatLatentBatch')?.[1];
    const batch = Number(empty?.inputs.batch_size ?? repeat?.inputs.amount ?? 1);
    if (empty) return { width: Number(empty.inputs.width), height: Number(empty.inputs.height), batch };
    const load = find(workflow, 'LoadImage')?.[1];
    const meta = await sharp(inputs.get(String(load?.inputs.image))!).metadata();
    let width = meta.width ?? 64;
    let height = meta.height ?? 64;
    const scale = Number(find(workflow, 'ImageScaleBy')?.[1].inputs.scale_by ?? 1);
    width = Math.floor((width * scale) / 8) * 8;
    height = Math.floor((height * scale) / 8) * 8;
    const pad = find(workflow, 'ImagePadForOutpaint')?.[1].inputs;
    if (pad) {
      width += Number(pad.left) + Number(pad.right);
      height += Number(pad.top) + Number(pad.bottom);
    }
    return { width, height, batch };
  }
  const colour = (seed: number, i: number) => ({
    r: (seed * 37 + i * 80) % 256,
    g: (seed * 91 + i * 50) % 256,
    b: (seed * 13 + i * 120) % 256,
  });
  const seedOf = (workflow: Workflow) => Number(find(workflow, 'KSampler')?.[1].inputs.seed ?? 0);

  async function save(workflow: Workflow, nodeId: string): Promise<Json[]> {
    const prefix = String(workflow[nodeId]!.inputs.filename_prefix ?? 'ComfyUI');
    const subfolder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const base = prefix.slice(prefix.lastIndexOf('/') + 1);
    const { width, height, batch } = await sizeOf(workflow);
    const images: Json[] = [];
    for (let i = 0; i < batch; i++) {
      const counter = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, counter);
      const filename = `${base}_${String(counter).padStart(5, '0')}_.png`;
      outputs.set(
        `output/${subfolder}/${filename}`,
        await sharp({ create: { width, height, channels: 3, background: colour(seedOf(workflow), i) } })
          .png()
          .toBuffer(),
      );
      images.push({ filename, subfolder, type: 'output' });
    }
    return images;
  }

  async function previewFrame(sid: string, promptId: string, nodeId: string, step: number): Promise<Buffer> {
    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: step * 40, g: 80, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const u32 = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(n);
      return b;
    };
    if (previewMetadata.has(sid)) {
      const metadata = Buffer.from(
        JSON.stringify({
          node_id: nodeId,
          prompt_id: promptId,
          display_node_id: nodeId,
          parent_node_id: null,
          real_node_id: nodeId,
          image_type: 'image/jpeg',
        }),
      );
      return Buffer.concat([u32(4), u32(metadata.length), metadata, jpeg]);
    }
    return Buffer.concat([u32(1), u32(1), jpeg]);
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function hold(): Promise<void> {
    while (behaviour.paused) await new Promise<void>((r) => releasers.push(r));
  }

  // ---- the worker (main.py prompt_worker + execution.py execute_async) ----
  async function execute(item: QueueItem): Promise<void> {
    const [, promptId, workflow, extra] = item;
    const sid = typeof extra.client_id === 'string' ? extra.client_id : null;
    const messages: [string, Json][] = [];
    const add = (event: string, data: Json, broadcast: boolean) => {
      const stamped = { ...data, timestamp: Date.now() };
      messages.push([event, stamped]);
      if (sid || broadcast) sendJson(event, stamped, sid);
    };
    const method =
      typeof extra.preview_method === 'string' && extra.preview_method !== 'default'
        ? extra.preview_method
        : behaviour.previewMethod;
    add('execution_start', { prompt_id: promptId }, false);
    const key = JSON.stringify(workflow);
    const cached = cache.get(key);
    const order = Object.keys(workflow).sort(
      (a, b) =>
        (OUTPUT_NODES.has(workflow[a]!.class_type) ? 1 : 0) -
        (OUTPUT_NODES.has(workflow[b]!.class_type) ? 1 : 0),
    );
    add('execution_cached', { nodes: cached ? order : [], prompt_id: promptId }, false);
    const uiOutputs: Json = {};
    let error: Json | null = null;
    let stopped: Json | null = null;
    if (cached) {
      for (const [id, output] of Object.entries(cached)) {
        uiOutputs[id] = output;
        if (sid) sendJson('executed', { node: id, display_node: id, output, prompt_id: promptId }, sid);
      }
    } else {
      for (const id of order) {
        const node = workflow[id]!;
        if (sid) sendJson('executing', { node: id, display_node: id, prompt_id: promptId }, sid);
        if (node.class_type === 'KSampler') {
          for (let step = 1; step <= behaviour.steps; step++) {
            await sleep(behaviour.stepMs);
            await hold();
            if (interrupted) break;
            if (behaviour.fail && step === 2) break;
            if (method !== 'none' && sid) sendBytes(await previewFrame(sid, promptId, id, step), sid);
            sendJson('progress', { value: step, max: behaviour.steps, prompt_id: promptId, node: id }, sid);
          }
          if (interrupted) {
            stopped = { prompt_id: promptId, node_id: id, node_type: node.class_type, executed: [] };
            break;
          }
          if (behaviour.fail) {
            const oom = behaviour.fail === 'oom';
            error = {
              prompt_id: promptId,
              node_id: id,
              node_type: node.class_type,
              executed: [],
              exception_message: oom
                ? OOM_MESSAGE
                : 'mat1 and mat2 shapes cannot be multiplied (154x2048 and 768x320)\n',
              exception_type: oom ? 'torch.OutOfMemoryError' : 'RuntimeError',
              traceback: ['  File "execution.py", line 277, in process_inputs\n'],
              current_inputs: {},
              current_outputs: [],
            };
            break;
          }
        }
        if (OUTPUT_NODES.has(node.class_type)) {
          const output = { images: await save(workflow, id) };
          uiOutputs[id] = output;
          if (sid) sendJson('executed', { node: id, display_node: id, output, prompt_id: promptId }, sid);
        }
      }
    }
    if (stopped) add('execution_interrupted', stopped, true);
    else if (error) add('execution_error', error, false);
    else {
      add('execution_success', { prompt_id: promptId }, false);
      cache.set(key, uiOutputs);
    }
    const success = !stopped && !error;
    history.set(promptId, {
      prompt: item,
      outputs: uiOutputs,
      status: { status_str: success ? 'success' : 'error', completed: success, messages },
      meta: Object.fromEntries(
        Object.keys(uiOutputs).map((id) => [
          id,
          { node_id: id, display_node: id, parent_node: null, real_node_id: id },
        ]),
      ),
    });
    running = null;
    queueUpdated();
    if (sid) sendJson('executing', { node: null, prompt_id: promptId }, sid);
  }

  let working = false;
  async function work(): Promise<void> {
    if (working) return;
    working = true;
    while (pending.length > 0) {
      pending.sort((a, b) => a[0] - b[0]);
      running = pending.shift()!;
      interrupted = false;
      queueUpdated();
      await execute(running).catch(() => undefined);
    }
    working = false;
  }

  // ---- HTTP (server.py routes) ----
  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const raw = req.method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown;
    if (contentType.includes('application/json')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
    }
    requests.push({
      method: req.method ?? 'GET',
      path: `${path}${url.search}`,
      ...(body !== undefined ? { body } : {}),
    });
    if (behaviour.http === 'hang') return; // never answers
    if (typeof behaviour.http === 'number') return json(res, behaviour.http, { error: 'fake failure' });
    if (options.auth && req.headers.authorization !== options.auth) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="comfy"' });
      return void res.end('401: Unauthorized');
    }
    if (req.method === 'POST' && path === '/prompt') {
      if (body === undefined) return json(res, 500, { error: 'body is not JSON' });
      const b = body as Json;
      if (!('prompt' in b))
        return json(res, 400, {
          error: {
            type: 'no_prompt',
            message: 'No prompt provided',
            details: 'No prompt provided',
            extra_info: {},
          },
          node_errors: {},
        });
      const promptId = String(b.prompt_id ?? randomUUID());
      if (history.has(promptId) || running?.[1] === promptId || pending.some((p) => p[1] === promptId))
        return json(res, 409, { error: 'prompt_id already exists' });
      const valid = validate(b.prompt);
      if (!valid.ok) return json(res, 400, { error: valid.error, node_errors: valid.nodeErrors });
      const extra: Json = { ...((b.extra_data as Json) ?? {}) };
      if (typeof b.client_id === 'string') extra.client_id = b.client_id;
      const n = typeof b.number === 'number' ? b.number : b.front ? -number++ : number++;
      pending.push([n, promptId, b.prompt as Workflow, extra, valid.outputs]);
      prompts.push({
        prompt_id: promptId,
        prompt: b.prompt as Workflow,
        ...(typeof b.client_id === 'string' ? { client_id: b.client_id } : {}),
        extra_data: extra,
      });
      queueUpdated();
      json(res, 200, { prompt_id: promptId, number: n, node_errors: {} });
      void work();
      return;
    }
    if (req.method === 'GET' && path.startsWith('/history/')) {
      const id = decodeURIComponent(path.slice('/history/'.length));
      return json(res, 200, history.has(id) ? { [id]: history.get(id) } : {});
    }
    if (req.method === 'GET' && path === '/queue')
      return json(res, 200, { queue_running: running ? [running] : [], queue_pending: [...pending] });
    if (req.method === 'POST' && path === '/queue') {
      const b = (body ?? {}) as Json;
      if (b.clear) pending = [];
      if (Array.isArray(b.delete))
        pending = pending.filter((item) => !(b.delete as unknown[]).includes(item[1]));
      queueUpdated();
      res.writeHead(200);
      return void res.end();
    }
    if (req.method === 'POST' && path === '/interrupt') {
      const id = (body as Json | undefined)?.prompt_id;
      if (!id || running?.[1] === id) interrupted = true;
      res.writeHead(200);
      return void res.end();
    }
    if (req.method === 'POST' && (path === '/upload/image' || path === '/upload/mask')) {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(raw),
      }).formData();
      const image = form.get('image');
      if (!image || typeof image === 'string' || !image.name) {
        res.writeHead(400);
        return void res.end();
      }
      const subfolder = String(form.get('subfolder') ?? '');
      const type = String(form.get('type') ?? 'input');
      if (subfolder.includes('..')) {
        res.writeHead(400);
        return void res.end();
      }
      const overwrite = form.get('overwrite') === 'true' || form.get('overwrite') === '1';
      const data = Buffer.from(await image.arrayBuffer());
      let name = image.name;
      const dot = name.lastIndexOf('.');
      const keyOf = (n: string) => (subfolder ? `${subfolder}/${n}` : n);
      for (let i = 1; !overwrite && inputs.has(keyOf(name)) && !inputs.get(keyOf(name))!.equals(data); i++)
        name = `${image.name.slice(0, dot)} (${i})${image.name.slice(dot)}`;
      inputs.set(keyOf(name), data);
      return json(res, 200, { name, subfolder, type });
    }
    if (req.method === 'GET' && path === '/view') {
      const filename = url.searchParams.get('filename');
      if (!filename) {
        res.writeHead(404);
        return void res.end();
      }
      if (filename.startsWith('/') || filename.includes('..')) {
        res.writeHead(400);
        return void res.end();
      }
      const subfolder = url.searchParams.get('subfolder') ?? '';
      if (subfolder.includes('..')) {
        res.writeHead(403);
        return void res.end();
      }
      const type = url.searchParams.get('type') ?? 'output';
      const file =
        type === 'input'
          ? inputs.get(subfolder ? `${subfolder}/${filename}` : filename)
          : outputs.get(`${type}/${subfolder}/${filename}`);
      if (!file) {
        res.writeHead(404);
        return void res.end('404: Not Found');
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-disposition': `filename="${filename}"` });
      return void res.end(file);
    }
    if (req.method === 'GET' && path === '/prompt') return json(res, 200, queueInfo());
    res.writeHead(404);
    res.end('404: Not Found');
  }

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(err) });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (
      url.pathname.replace(/^\/api(?=\/)/, '') !== '/ws' ||
      behaviour.http !== null ||
      (options.auth && req.headers.authorization !== options.auth)
    ) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sid = url.searchParams.get('clientId') || randomUUID().replace(/-/g, '');
      sockets.get(sid)?.close();
      sockets.set(sid, ws);
      previewMetadata.delete(sid);
      ws.send(JSON.stringify({ type: 'status', data: { status: queueInfo(), sid } }));
      let first = true;
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        try {
          const message = JSON.parse(String(data)) as { type?: string; data?: Json };
          if (first && message.type === 'feature_flags') {
            if (message.data?.supports_preview_metadata === true) previewMetadata.add(sid);
            ws.send(
              JSON.stringify({
                type: 'feature_flags',
                data: { supports_preview_metadata: true, max_upload_size: 104857600 },
              }),
            );
          }
        } catch {
          // ComfyUI logs a warning and goes on
        }
        first = false;
      });
      ws.on('close', () => {
        if (sockets.get(sid) === ws) sockets.delete(sid);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    prompts,
    inputs,
    outputs,
    history,
    get pending() {
      return pending;
    },
    get running() {
      return running;
    },
    /** How many times a route was asked (path without the query). */
    count(method: string, path: string): number {
      return requests.filter((r) => r.method === method && r.path.split('?')[0] === path).length;
    },
    set(change: Partial<FakeBehaviour>): void {
      behaviour = { ...behaviour, ...change };
      if (!behaviour.paused) releasers.splice(0).forEach((r) => r());
    },
    /** Drops every socket (as a network blip would). */
    dropSockets(): void {
      for (const ws of sockets.values()) ws.terminate();
    },
    reset(): void {
      behaviour = { ...DEFAULTS };
      releasers.splice(0).forEach((r) => r());
      requests.length = 0;
      prompts.length = 0;
    },
    async stop(): Promise<void> {
      behaviour = { ...DEFAULTS };
      releasers.splice(0).forEach((r) => r());
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeComfyUI = Awaited<ReturnType<typeof startFakeComfyUI>>;
