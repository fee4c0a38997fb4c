import {
  MessageKind,
  REPLY_EXCERPT_CHARS,
  type Author,
  type Mentions,
  type Reaction,
  type ReplyPreview,
} from '@draw/shared';
import type { MessageDoc } from './repository';

export const NO_MENTIONS: Mentions = { userIds: [], everyone: false };

/** Whom a message pings: a task's card names its author (their result is addressed to them). */
export const mentionsOf = (doc: MessageDoc): Mentions =>
  doc.kind === MessageKind.Task
    ? { userIds: [doc.authorId], everyone: false }
    : (doc.mentions ?? NO_MENTIONS);

/** A reply's quote of its original (null when the original is not there at all). */
export function replyPreviewOf(original: MessageDoc | undefined, author: Author): ReplyPreview | null {
  if (!original) return null;
  const deleted = Boolean(original.deletedAt);
  return {
    id: original._id,
    author,
    kind: original.kind,
    excerpt: deleted ? '' : original.content.slice(0, REPLY_EXCERPT_CHARS),
    taskId: original.taskId,
    deleted,
  };
}

/** The message's reactions as one person sees them (`mine`: the `messageId:emoji` pairs they reacted with). */
export const reactionsOf = (doc: MessageDoc, mine: ReadonlySet<string>): Reaction[] =>
  (doc.reactions ?? []).map((r) => ({ ...r, me: mine.has(`${doc._id}:${r.emoji}`) }));
