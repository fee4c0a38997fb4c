/**
 * The midjourney-proxy wire format (contracts/midjourney-proxy.md), read defensively: the Java and
 * C# lines and relay gateways differ in what they send, and nothing from the network is trusted.
 */

export const UpstreamStatus = {
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  InProgress: 'IN_PROGRESS',
  Modal: 'MODAL',
  Success: 'SUCCESS',
  Failure: 'FAILURE',
  Cancel: 'CANCEL',
} as const;
export type UpstreamStatus = (typeof UpstreamStatus)[keyof typeof UpstreamStatus];

/** Answer codes of the submit routes. */
export const UpstreamCode = {
  /** C# line: `{ success: false, code: -1, message }`, a refusal before any task exists. */
  Refused: -1,
  Accepted: 1,
  NotFound: 3,
  Validation: 4,
  SystemError: 9,
  /** C# line: waiting for /mj/submit/modal. Old Java line: the task already exists. */
  ExistedOrModal: 21,
  Queued: 22,
  QueueFull: 23,
  Banned: 24,
} as const;

export interface UpstreamButton {
  customId: string;
  emoji: string;
  label: string;
}

/** The upstream's Task, normalised: unknown or mistyped fields become null/empty. */
export interface UpstreamTask {
  id: string;
  action: string;
  status: UpstreamStatus;
  prompt: string;
  promptEn: string;
  description: string;
  progress: string;
  imageUrl: string | null;
  failReason: string;
  buttons: UpstreamButton[];
  seed: string | null;
  properties: Record<string, unknown>;
  finishTime: number | null;
  /** VIDEO tasks (C# line): the first clip (`videoUrl`, else `videoUrls[0].url`) and its thumbnail. */
  videoUrl: string | null;
  videoThumbnail: string | null;
  /** The Task has a `buttons` field at all: the C# line always sends one, the Java line never. */
  hasButtons: boolean;
}

export interface SubmitAnswer {
  code: number;
  description: string;
  result: string | null;
  properties: Record<string, unknown>;
}

const STATUSES = new Set<string>(Object.values(UpstreamStatus));
const MAX_TEXT = 20_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max = MAX_TEXT): string =>
  typeof value === 'string' ? value.slice(0, max) : typeof value === 'number' ? String(value) : '';
const idText = (value: unknown): string | null => {
  const id = text(value, 200).trim();
  return id ? id : null;
};

function readButtons(value: unknown): UpstreamButton[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 50).flatMap((b) => {
    if (!isRecord(b) || typeof b.customId !== 'string' || !b.customId) return [];
    return [{ customId: b.customId.slice(0, 300), emoji: text(b.emoji, 40), label: text(b.label, 80) }];
  });
}

/** A Task from `fetch` or a notify hook; null when it is not one (empty body, `null`, garbage). */
export function readUpstreamTask(value: unknown): UpstreamTask | null {
  if (!isRecord(value)) return null;
  const id = idText(value.id);
  const status = typeof value.status === 'string' ? value.status.toUpperCase() : '';
  if (!id || !STATUSES.has(status)) return null;
  const imageUrl = text(value.imageUrl, 4000).trim();
  const firstVideo = Array.isArray(value.videoUrls) && isRecord(value.videoUrls[0]) ? value.videoUrls[0] : {};
  const videoUrl = text(value.videoUrl, 4000).trim() || text(firstVideo.url, 4000).trim();
  const videoThumbnail = text(firstVideo.thumbnail, 4000).trim();
  const finishTime =
    typeof value.finishTime === 'number' && Number.isFinite(value.finishTime) ? value.finishTime : null;
  return {
    id,
    action: text(value.action, 40),
    status: status as UpstreamStatus,
    prompt: text(value.prompt),
    promptEn: text(value.promptEn),
    description: text(value.description),
    progress: text(value.progress, 20),
    imageUrl: imageUrl || null,
    failReason: text(value.failReason, 2000),
    buttons: readButtons(value.buttons),
    seed: idText(value.seed),
    properties: isRecord(value.properties) ? value.properties : {},
    finishTime,
    videoUrl: videoUrl || null,
    videoThumbnail: videoThumbnail || null,
    hasButtons: Array.isArray(value.buttons),
  };
}

/**
 * A submit answer `{ code, description, result, properties }`, or the C# line's refusal
 * `{ success: false, code: -1, message }` (its message read as the description); null when the
 * body is neither.
 */
export function readSubmitAnswer(value: unknown): SubmitAnswer | null {
  if (!isRecord(value) || typeof value.code !== 'number') return null;
  return {
    code: value.code,
    description: text(value.description, 2000) || text(value.message, 2000),
    result: idText(value.result),
    properties: isRecord(value.properties) ? value.properties : {},
  };
}
