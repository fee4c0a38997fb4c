/**
 * The conversation around a drawing (issue #34): mentions, replies, edits, reactions and the
 * per-channel notification level. Routes: `api.messages` (edit, react, unreact) and
 * `api.reads.notifications`; events: `message.updated`, `message.reactions` (socket.ts).
 *
 * Mentions are written as Discord writes them: the content keeps `<@userId>` tokens (the web shows
 * them as `@name`), and `@everyone` pings the whole channel when its creator writes it. The server
 * reads the tokens when a message is posted or edited: an id that is not a member of the channel
 * is no mention (the token stays as text), and `@everyone` by anyone else is plain text.
 */

/** How many people one message can ping by name; tokens past it stay text. */
export const MENTIONS_MAX = 20;

/** The token a mention of `userId` is written as in a message's content. */
export const mentionToken = (userId: string) => `<@${userId}>`;

/** `@everyone`: the whole channel, when its creator writes it. */
export const EVERYONE_TOKEN = '@everyone';

const MENTION_PATTERN = /<@([A-Za-z0-9_-]{1,64})>/g;

/** The distinct user ids named by `<@id>` tokens, in the order they first appear, at most `MENTIONS_MAX`. */
export function mentionedIds(content: string): string[] {
  const ids: string[] = [];
  for (const match of content.matchAll(MENTION_PATTERN)) {
    const id = match[1]!;
    if (!ids.includes(id)) ids.push(id);
    if (ids.length === MENTIONS_MAX) break;
  }
  return ids;
}

/** Whether the content names everyone (only the creator's `@everyone` counts: the server decides). */
export const namesEveryone = (content: string) => /(^|[^\w])@everyone\b/.test(content);

/** How long a reply's quote of the original is, in characters. */
export const REPLY_EXCERPT_CHARS = 120;

export const Reactions = {
  /** Distinct emoji one message may carry (Discord allows 20). */
  perMessageMax: 20,
  /** The longest emoji accepted, in UTF-8 bytes (a family or a flag with its modifiers fits). */
  emojiMaxBytes: 32,
  /** Who reacted, as listed with each emoji: the first ones (the count says how many in all). */
  userIdsShown: 10,
} as const;

const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|\p{Regional_Indicator}|\u20E3/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Whether `value` is one emoji a reaction may be: a single grapheme (a ZWJ family, a flag, a
 * keycap, a skin tone included) that is pictographic, at most `Reactions.emojiMaxBytes` bytes.
 * Letters, words and invisible characters are refused.
 */
export function isReactionEmoji(value: string): boolean {
  if (value.length === 0 || new TextEncoder().encode(value).length > Reactions.emojiMaxBytes) return false;
  let count = 0;
  for (const _segment of graphemes.segment(value)) if (++count > 1) return false;
  return PICTOGRAPHIC.test(value);
}

/**
 * What a person hears from one channel, set per person and channel (Discord's levels): `all`
 * (every message), `mentions` (when named, by `@everyone`, or when one's own task ends), `none`.
 * The server counts and sends the same either way; the web decides what to show and notify.
 */
export const NotifyLevel = { All: 'all', Mentions: 'mentions', None: 'none' } as const;
export type NotifyLevel = (typeof NotifyLevel)[keyof typeof NotifyLevel];
export const DEFAULT_NOTIFY_LEVEL: NotifyLevel = NotifyLevel.All;
