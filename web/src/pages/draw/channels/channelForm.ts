import { Limits } from '@draw/shared';

/** Why a channel title is refused; the message is `channels.errors.<key>`. */
export type ChannelTitleError = 'titleRequired' | 'titleTooLong';

export const CHANNEL_TITLE_MAX = Limits.channelTitleMaxChars;

/** Characters as the user sees them (an emoji counts once), as the server counts them. */
export function titleLength(title: string): number {
  return [...title.trim()].length;
}

/** 1–32 characters after trimming. */
export function validateChannelTitle(raw: string): ChannelTitleError | null {
  const length = titleLength(raw);
  if (length === 0) return 'titleRequired';
  if (length > CHANNEL_TITLE_MAX) return 'titleTooLong';
  return null;
}
