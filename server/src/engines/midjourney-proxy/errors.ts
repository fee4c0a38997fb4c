import { TaskFailureCode } from '@draw/shared';
import { type MessageParams } from '../../i18n/messages';
import type { UpstreamMessageKey } from '../../features/upstream/messages';
import { EngineCancelled, EngineFailure } from '../port';

/**
 * Why talking to the upstream did not work. Each kind has a message in
 * `features/upstream/messages.ts`; the runner stores the en-US text as the task's fail reason.
 */
export const UpstreamErrorKind = {
  /** Connection refused, timeout, HTTP 5xx: at submit time. */
  Down: 'down',
  /** The same, while following a task that was already accepted. */
  Lost: 'lost',
  Unauthorized: 'unauthorized',
  QueueFull: 'queueFull',
  Banned: 'banned',
  /** The C# line fails a job at run time when its prompt "可能包含敏感词" (no word given). */
  BannedPrompt: 'bannedPrompt',
  /** Code 3 "无可用的账号实例": no Discord account can take it (none free, or none for this speed). */
  NoAccount: 'noAccount',
  /** A daily or total drawing limit the proxy keeps for our token. */
  LimitReached: 'limitReached',
  /** The proxy blocks our token for a while (too many banned prompts). */
  TempBanned: 'tempBanned',
  /** Any other refusal the proxy words itself (`{ code: -1, message }`). */
  Refused: 'refused',
  /** Code 4 "当前账号不支持 remix": the Discord account has Remix off. */
  RemixUnsupported: 'remixUnsupported',
  /** This proxy line has no such route (the Java line: no shorten, pan, zoom, vary…). */
  NotOffered: 'notOffered',
  /** The proxy refused our cancel (the C# line takes it from an admin token only). */
  CancelRefused: 'cancelRefused',
  Invalid: 'invalid',
  NotFound: 'notFound',
  System: 'system',
  /** The upstream task ended in FAILURE (moderation, timeout, banned account…). */
  Failed: 'failed',
  Cancelled: 'cancelled',
  /** `fetch` answered empty/null: the upstream restarted and forgot it. */
  Forgotten: 'forgotten',
  ImageCopy: 'imageCopy',
  NoImage: 'noImage',
  NotFromUpstream: 'notFromUpstream',
  BadAnswer: 'badAnswer',
} as const;
export type UpstreamErrorKind = (typeof UpstreamErrorKind)[keyof typeof UpstreamErrorKind];

const keyOf = (kind: UpstreamErrorKind) => `upstream.${kind}` as const satisfies UpstreamMessageKey;

/** An EngineFailure (so the runner shows its message and refunds) that knows its kind. */
export class UpstreamError extends EngineFailure {
  static cancelled(reason: string): EngineCancelled {
    return new EngineCancelled(TaskFailureCode.UpstreamCancelled, { reason });
  }

  readonly key: UpstreamMessageKey;
  constructor(
    readonly kind: UpstreamErrorKind,
    readonly params: MessageParams = {},
  ) {
    super(keyOf(kind), params);
    this.key = keyOf(kind);
  }
}

/** Network-level trouble (retrying later may help), as opposed to an answer that said no. */
export const isUnreachable = (error: unknown): error is UpstreamError =>
  error instanceof UpstreamError &&
  (error.kind === UpstreamErrorKind.Down || error.kind === UpstreamErrorKind.Lost);
