/**
 * A Buffer posted to another thread arrives as a plain Uint8Array (structured clone keeps the
 * bytes, not the class). This gives every one found in a job or a drawing its Buffer view back,
 * without copying, so the code on either side reads them as it always has.
 */
export function withBuffers<T>(value: T): T {
  return revive(value) as T;
}

function revive(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revive(inner)]));
  }
  return value;
}
