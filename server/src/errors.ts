import { ErrorReason, type FailureDetail } from '@draw/shared';
import type { MessageKey, MessageParams } from './i18n/messages';

/**
 * The one error class the server throws on purpose. It carries a reason from the closed set and
 * a message key, rendered in the asker's language when the answer is written.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly reason: ErrorReason,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    /** What the client acts on beyond the words (the envelope's `data`), e.g. when a pause ends. */
    readonly detail: FailureDetail | null = null,
  ) {
    super(key);
  }
}

/** The single place a reason becomes an HTTP status. */
export function httpStatusOf(reason: ErrorReason): number {
  switch (reason) {
    case ErrorReason.BadRequest:
      return 400;
    case ErrorReason.Unauthorized:
      return 401;
    // The spec's client treats 401/403 as "session invalid" and signs the user out, so being
    // refused inside the product (not the creator, not a member, muted) never answers 403.
    case ErrorReason.Forbidden:
    case ErrorReason.Banned:
      return 400;
    case ErrorReason.ChannelMuted:
      return 423;
    case ErrorReason.NotFound:
      return 404;
    case ErrorReason.Conflict:
      return 409;
    case ErrorReason.Gone:
      return 410;
    case ErrorReason.PayloadTooLarge:
      return 413;
    case ErrorReason.UnsupportedMediaType:
      return 415;
    case ErrorReason.RateLimited:
      return 429;
    case ErrorReason.InsufficientCredits:
      return 402;
    case ErrorReason.UpstreamUnavailable:
      return 503;
    case ErrorReason.Internal:
      return 500;
    default: {
      const never: never = reason;
      throw new Error(`unmapped reason ${String(never)}`);
    }
  }
}
