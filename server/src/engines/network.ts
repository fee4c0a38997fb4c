/** Words about an engine's network trouble, shared by the clients of upstream engines. */

/** A timeout in seconds, as a failure's detail says it. */
export const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

/** Why a fetch threw, in a few words (never the URL: it may carry credentials or hook tokens). */
export function networkDetail(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    default:
      return cause?.code ? `network error ${cause.code}` : 'network error';
  }
}

/** An answer's body read whole, refused past `max` bytes (as declared, or as it streams in). */
export async function readBytes(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`larger than ${Math.round(max / 1024 / 1024)} MB`);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new Error(`larger than ${Math.round(max / 1024 / 1024)} MB`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
