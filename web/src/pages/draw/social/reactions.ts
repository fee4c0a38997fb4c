import type { Reaction, ReactionChange } from '@draw/shared';

/**
 * One person's reaction added or taken back, on a message's list of reactions. `change.count` is
 * the server's count afterwards (0: the emoji goes); `me` follows the change when it is mine. The
 * same change applied twice changes nothing more, so an optimistic toggle and its event agree.
 */
export function applyReactionChange(
  reactions: readonly Reaction[],
  change: Pick<ReactionChange, 'emoji' | 'userId' | 'added' | 'count'>,
  me: string,
): Reaction[] {
  const mine = change.userId === me;
  const index = reactions.findIndex((reaction) => reaction.emoji === change.emoji);
  if (change.count <= 0) return reactions.filter((reaction) => reaction.emoji !== change.emoji);
  if (index < 0) {
    return [
      ...reactions,
      {
        emoji: change.emoji,
        count: change.count,
        me: mine && change.added,
        userIds: change.added ? [change.userId] : [],
      },
    ];
  }
  const current = reactions[index]!;
  const userIds = change.added
    ? current.userIds.includes(change.userId)
      ? current.userIds
      : [...current.userIds, change.userId].slice(0, 10)
    : current.userIds.filter((id) => id !== change.userId);
  const next: Reaction = { ...current, count: change.count, me: mine ? change.added : current.me, userIds };
  return reactions.map((reaction, at) => (at === index ? next : reaction));
}

/** My toggle before the server answers: one more (or one fewer) of that emoji, with me in (or out). */
export function toggleMine(
  reactions: readonly Reaction[],
  emoji: string,
  me: string,
  add: boolean,
): Reaction[] {
  const current = reactions.find((reaction) => reaction.emoji === emoji);
  const count = (current?.count ?? 0) + (add ? 1 : -1);
  if (current && current.me === add) return [...reactions];
  return applyReactionChange(reactions, { emoji, userId: me, added: add, count }, me);
}
