import type { SuccessEnvelope } from '@draw/shared';

/**
 * Answers served again and again from one kept value (a person's channel list while nothing it was
 * read from has changed) are serialised once, not on every request: turning the list into JSON was
 * a tenth of a kept list request's CPU (bench: rest). `keptAnswer()` freezes the value, deeply, so that
 * nothing can change it behind its text; the reply serializer reuses the text while the value lives.
 */
/** Every kept value, with its text once it has been made (null until its first answer). */
const texts = new WeakMap<object, string | null>();

/** Freezes the value and everything in it: a value kept for many callers cannot be changed by one. */
export function freezeDeep(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeDeep(inner);
}

/** The value, frozen and marked so its answers share one serialisation. */
export function keptAnswer<T extends object>(value: T): T {
  freezeDeep(value);
  if (!texts.has(value)) texts.set(value, null);
  return value;
}

function isKeptAnswer(payload: unknown): payload is SuccessEnvelope<object> {
  if (payload === null || typeof payload !== 'object') return false;
  const { data } = payload as { data?: unknown };
  return typeof data === 'object' && data !== null && texts.has(data);
}

/** Fastify's reply serializer: JSON, reusing a kept value's text (the envelope's keys in their order). */
export function serializeAnswer(payload: unknown): string {
  if (!isKeptAnswer(payload)) return JSON.stringify(payload);
  let text = texts.get(payload.data);
  if (text == null) {
    text = JSON.stringify(payload.data);
    texts.set(payload.data, text);
  }
  // The envelope's own keys in their order, as JSON.stringify writes them, with the kept text as `data`.
  const fields: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'data') fields.push(`"data":${text}`);
    else if (value !== undefined) fields.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  return `{${fields.join(',')}}`;
}
