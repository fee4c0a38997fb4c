/**
 * The closed set of reasons a request or socket call can fail for. The server maps each reason
 * to an HTTP status in one place; clients switch on the reason, never on message text.
 */
export const ErrorReason = {
  BadRequest: 'bad_request',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  Gone: 'gone',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RateLimited: 'rate_limited',
  ChannelMuted: 'channel_muted',
  /** Banned from the channel by its creator: no invite lets this user in until the ban is lifted. */
  Banned: 'banned',
  InsufficientCredits: 'insufficient_credits',
  UpstreamUnavailable: 'upstream_unavailable',
  Internal: 'internal',
} as const;
export type ErrorReason = (typeof ErrorReason)[keyof typeof ErrorReason];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (Object.values(ErrorReason) as string[]).includes(value);
}
