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
