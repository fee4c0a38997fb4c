import { ErrorReason, Limits } from '@draw/shared';
import { AppError } from '../../errors';

/** The refusals and input checks of channel routes. */
export const notFound = () => new AppError(ErrorReason.NotFound, 'channel.notFound');
export const tooManyJoined = () =>
  new AppError(ErrorReason.Forbidden, 'channel.tooManyJoined', { max: Limits.channelMembershipsMax });
export const tooManyOwned = () =>
  new AppError(ErrorReason.Forbidden, 'channel.tooManyOwned', { max: Limits.channelsOwnedMax });
export const bannedError = () => new AppError(ErrorReason.Banned, 'channel.banned');

export function validateTitle(raw: string): string {
  const title = raw.trim();
  if (title.length < 1 || [...title].length > Limits.channelTitleMaxChars || /\p{Cc}/u.test(title)) {
    throw new AppError(ErrorReason.BadRequest, 'channel.badTitle', { max: Limits.channelTitleMaxChars });
  }
  return title;
}

/** The reason as stored: trimmed, or undefined when empty. */
export function validateBanReason(raw: string | undefined): string | undefined {
  const reason = raw?.trim() ?? '';
  if ([...reason].length > Limits.banReasonMaxChars || /\p{Cc}/u.test(reason)) {
    throw new AppError(ErrorReason.BadRequest, 'channel.badBanReason', { max: Limits.banReasonMaxChars });
  }
  return reason || undefined;
}

/** An engine the site has enabled (or null, the site's default), else a refusal naming it. */
export function validateEngine(engine: string | null, enabled: readonly string[]): string | null {
  if (engine !== null && !enabled.includes(engine)) {
    throw new AppError(ErrorReason.BadRequest, 'engine.notEnabled', { engine, enabled: enabled.join(', ') });
  }
  return engine;
}
