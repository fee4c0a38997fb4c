/**
 * ComfyUI's wire formats, read defensively (server.py, execution.py, protocol.py of
 * Comfy-Org/ComfyUI): the answers of /prompt, /history and /queue, the WebSocket's JSON messages
 * and its binary preview frames. Anything unexpected reads as null, never as a throw.
 */

/** An API-format workflow: node id → `{ class_type, inputs }`; a link is `["<node id>", <output>]`. */
export type Workflow = Record<
  string,
  { class_type: string; inputs: Record<string, unknown>; _meta?: unknown }
>;

/** `protocol.py` BinaryEventTypes. */
export const BinaryEvent = {
  PreviewImage: 1,
  UnencodedPreviewImage: 2,
  Text: 3,
  PreviewImageWithMetadata: 4,
} as const;

/** `send_image`: the image type word after the event type. */
export const PreviewImageType = { Jpeg: 1, Png: 2 } as const;

export interface SavedImage {
  filename: string;
  subfolder: string;
  type: string;
}

/** What `/history/{id}` says of one finished prompt (it says nothing, `{}`, until then). */
export interface HistoryEntry {
  /** `success` or `error` (interrupted prompts are errors too, with `execution_interrupted`). */
  statusStr: string;
  completed: boolean;
  /** `[event, data]` pairs: execution_start, execution_cached, execution_error… */
  messages: [string, Record<string, unknown>][];
  /** Every image of every output node, in node order. */
  images: SavedImage[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readImages(output: unknown): SavedImage[] {
  if (!isRecord(output) || !Array.isArray(output.images)) return [];
  return output.images.flatMap((image: unknown) =>
    isRecord(image) && typeof image.filename === 'string'
      ? [
          {
            filename: image.filename,
            subfolder: typeof image.subfolder === 'string' ? image.subfolder : '',
            type: typeof image.type === 'string' ? image.type : 'output',
          },
        ]
      : [],
  );
}

/** Output nodes in id order (numeric ids numerically), so `"7"` comes before `"10"`. */
const byNodeId = ([a]: [string, unknown], [b]: [string, unknown]) =>
  a.localeCompare(b, 'en', { numeric: true });

/** The entry for `promptId` in a `/history/{id}` answer; null while it is not finished. */
export function readHistory(body: unknown, promptId: string): HistoryEntry | null {
  if (!isRecord(body)) return null;
  const entry = body[promptId];
  if (!isRecord(entry)) return null;
  const status = isRecord(entry.status) ? entry.status : {};
  const outputs = isRecord(entry.outputs) ? Object.entries(entry.outputs).sort(byNodeId) : [];
  const images = outputs.flatMap(([, output]) => readImages(output));
  // Saved results first: a PreviewImage node's `temp` files are not the result.
  const saved = images.filter((i) => i.type === 'output');
  const messages = Array.isArray(status.messages)
    ? status.messages.flatMap((m: unknown) =>
        Array.isArray(m) && typeof m[0] === 'string' && isRecord(m[1])
          ? [[m[0], m[1]] as [string, Record<string, unknown>]]
          : [],
      )
    : [];
  return {
    statusStr: typeof status.status_str === 'string' ? status.status_str : '',
    completed: status.completed === true,
    messages,
    images: saved.length > 0 ? saved : images,
  };
}

/** Where a prompt is in `/queue`: running, its place among the pending (1 = next), or absent. */
export type QueuePlace = { state: 'running' } | { state: 'pending'; position: number } | { state: 'absent' };

/** Queue items are `[number, prompt_id, prompt, extra_data, outputs]`; the lowest number runs first. */
export function readQueuePlace(body: unknown, promptId: string): QueuePlace | null {
  if (!isRecord(body) || !Array.isArray(body.queue_running) || !Array.isArray(body.queue_pending))
    return null;
  const idOf = (item: unknown) => (Array.isArray(item) ? item[1] : undefined);
  if (body.queue_running.some((item) => idOf(item) === promptId)) return { state: 'running' };
  const pending = body.queue_pending
    .filter(Array.isArray)
    .map((item) => ({ number: Number(item[0]), id: item[1] }))
    .sort((a, b) => a.number - b.number);
  const index = pending.findIndex((item) => item.id === promptId);
  return index >= 0 ? { state: 'pending', position: index + 1 } : { state: 'absent' };
}

/** A JSON message of the WebSocket: `{ type, data }`. */
export interface SocketMessage {
  type: string;
  data: Record<string, unknown>;
}

export function readSocketMessage(text: string): SocketMessage | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || typeof parsed.type !== 'string') return null;
    return { type: parsed.type, data: isRecord(parsed.data) ? parsed.data : {} };
  } catch {
    return null;
  }
}

export interface PreviewFrame {
  /** Only type-4 frames name their prompt; type-1 frames belong to the prompt running now. */
  promptId: string | null;
  mime: 'image/jpeg' | 'image/png';
  data: Buffer;
}

/**
 * A binary frame: big-endian u32 event type, then for PREVIEW_IMAGE a u32 image type (1 JPEG,
 * 2 PNG) and the image; for PREVIEW_IMAGE_WITH_METADATA a u32 length, that many bytes of JSON
 * (`prompt_id`, `image_type` as a mime type…) and the image. Other frames (progress text) are null.
 */
export function readPreviewFrame(frame: Buffer): PreviewFrame | null {
  if (frame.length < 8) return null;
  const event = frame.readUInt32BE(0);
  if (event === BinaryEvent.PreviewImage) {
    const type = frame.readUInt32BE(4);
    const mime = type === PreviewImageType.Png ? 'image/png' : 'image/jpeg';
    return { promptId: null, mime, data: frame.subarray(8) };
  }
  if (event === BinaryEvent.PreviewImageWithMetadata) {
    const length = frame.readUInt32BE(4);
    if (8 + length > frame.length) return null;
    let metadata: unknown;
    try {
      metadata = JSON.parse(frame.subarray(8, 8 + length).toString('utf8'));
    } catch {
      return null;
    }
    if (!isRecord(metadata)) return null;
    const mime = metadata.image_type === 'image/png' ? 'image/png' : 'image/jpeg';
    return {
      promptId: typeof metadata.prompt_id === 'string' ? metadata.prompt_id : null,
      mime,
      data: frame.subarray(8 + length),
    };
  }
  return null;
}

/** HTTP 400 of POST /prompt: `{ error: { type, message, details }, node_errors: { id: { errors, class_type } } }`, in a few words. */
export function validationDetail(body: unknown): string {
  if (!isRecord(body)) return 'invalid prompt';
  const error = isRecord(body.error) ? body.error : {};
  const nodeErrors = isRecord(body.node_errors) ? Object.entries(body.node_errors).sort(byNodeId) : [];
  const first = nodeErrors.flatMap(([id, node]) => {
    if (!isRecord(node) || !Array.isArray(node.errors)) return [];
    const reason = node.errors.find(isRecord);
    if (!reason) return [];
    const what = [reason.message, reason.details].filter((x) => typeof x === 'string' && x).join(': ');
    return [`${typeof node.class_type === 'string' ? node.class_type : 'node'} #${id}: ${what}`];
  })[0];
  const message =
    first ??
    ([error.message, error.details].filter((x) => typeof x === 'string' && x).join(': ') ||
      (typeof error.type === 'string' ? error.type : 'invalid prompt'));
  return message.replace(/\s+/g, ' ').slice(0, 300);
}

/** What `execution_error` says (over the socket, or in history's messages). */
export interface ExecutionError {
  nodeId: string;
  nodeType: string;
  exceptionType: string;
  message: string;
}

export function readExecutionError(data: Record<string, unknown>): ExecutionError {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    nodeId: text(data.node_id),
    nodeType: text(data.node_type),
    exceptionType: text(data.exception_type),
    message: text(data.exception_message),
  };
}

/** `comfy.model_management.OOM_EXCEPTION` (torch.OutOfMemoryError), and the tips execution.py adds to it. */
export const isOutOfMemory = (error: ExecutionError) =>
  /OutOfMemory/i.test(error.exceptionType) || /out of memory|ran out of memory/i.test(error.message);
