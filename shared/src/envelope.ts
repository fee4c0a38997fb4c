import Type, { type Static } from 'typebox';
import type { ErrorReason } from './errors';

/**
 * Every answer under /api is this envelope (spec §3 "Server response envelope"). `code` mirrors the
 * HTTP status (200 on success); `reason` is our addition so clients never parse `message`.
 */
export interface SuccessEnvelope<T> {
  code: 200;
  message: string;
  data: T;
  success: true;
}
/** Facts a refusal hands the client to act on besides its words (null for almost every refusal). */
export const FailureDetail = Type.Object(
  {
    pausedUntil: Type.Optional(
      Type.Integer({
        description: 'moderation paused the submits until then (epoch ms); the composer counts down to it',
      }),
    ),
  },
  { additionalProperties: false },
);
export type FailureDetail = Static<typeof FailureDetail>;
export interface FailureEnvelope {
  code: number;
  message: string;
  data: FailureDetail | null;
  success: false;
  reason: ErrorReason;
}
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.success === 'boolean' && typeof v.code === 'number' && 'data' in v;
}
