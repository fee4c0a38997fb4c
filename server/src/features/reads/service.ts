import {
  ActivityKind,
  DEFAULT_NOTIFY_LEVEL,
  type ChannelEvent,
  type ChannelUnread,
  type NotifyLevel,
} from '@draw/shared';
import type { ChannelHub } from '../../realtime/hub';
import type { ChannelsRepository } from '../channels/repository';
import type { ChannelsService } from '../channels/service';
import { isResultEvent, pings, type CountFrom, type ReadsRepository } from './repository';

export interface ReadsDeps {
  repo: ReadsRepository;
  channels: Pick<ChannelsRepository, 'channels' | 'members'>;
  /** Membership, checked on every call as every channel route does (a non-member learns nothing). */
  access: Pick<ChannelsService, 'asMember'>;
  hub: Pick<ChannelHub, 'currentSeq' | 'unreadActivity' | 'unreadRead' | 'unreadNotify'>;
  now: () => number;
  /** Where a failed live notice is reported (it never fails the post that caused it). */
  onError?: (error: unknown) => void;
}

export function readsService({ repo, channels, access, hub, now, onError }: ReadsDeps) {
  async function stateOf(
    channelId: string,
    userId: string,
    from: CountFrom,
    lastReadSeq: number,
    notify: NotifyLevel,
  ): Promise<ChannelUnread> {
    const [seq, { unread, mentions }] = await Promise.all([
      hub.currentSeq(channelId),
      repo.unreadIn(channelId, userId, from),
    ]);
    return { channelId, lastReadSeq, seq, unread, mentions, notify };
  }
  const levelOf = async (userId: string, channelId: string) =>
    (await repo.levels.of(userId, channelId))?.level ?? DEFAULT_NOTIFY_LEVEL;

  /** Results already announced to their authors in this process (a later update of the task is not news). */
  const announced = new Set<string>();
  const ANNOUNCED_KEPT = 10_000;
  function announceResult(event: ChannelEvent): void {
    if (!isResultEvent(event) || announced.has(event.data.id)) return;
    if (announced.size >= ANNOUNCED_KEPT) announced.delete(announced.values().next().value!);
    announced.add(event.data.id);
    const task = event.data;
    hub.unreadActivity([task.userId], {
      channelId: event.channelId,
      seq: event.seq,
      authorId: task.userId,
      kind: ActivityKind.Result,
      mentionsMe: true,
      taskId: task.id,
    });
  }

  return {
    /** The person's unread state in each of their (live) channels, in the order they joined. */
    async list(userId: string): Promise<ChannelUnread[]> {
      // Three statements whatever the number of channels (memberships, the live ones among them,
      // their marks), then the per-channel counts, each stopped at UNREAD_CAP.
      const memberships = await channels.members.joinedBy(userId);
      const channelIds = memberships.map((m) => m.channelId);
      const [liveChannels, readMarks, chosen] = await Promise.all([
        channels.channels.liveByIds(channelIds),
        repo.marks.among(userId, channelIds),
        repo.levels.among(userId, channelIds),
      ]);
      const live = new Set(liveChannels.map((c) => c._id));
      const marks = new Map(readMarks.map((mark) => [mark.channelId, mark.seq]));
      const levels = new Map(chosen.map((doc) => [doc.channelId, doc.level]));
      return Promise.all(
        memberships
          .filter((m) => live.has(m.channelId))
          .map((m) => {
            const mark = marks.get(m.channelId);
            return stateOf(
              m.channelId,
              userId,
              mark === undefined ? { joinedAt: m.joinedAt } : { afterSeq: mark },
              mark ?? 0,
              levels.get(m.channelId) ?? DEFAULT_NOTIFY_LEVEL,
            );
          }),
      );
    },

    /**
     * Reads the channel up to `seq` (default: its newest event). A mark past the newest event is
     * held at it, and a mark never moves back, so a slow device cannot undo a faster one.
     */
    async mark(userId: string, channelId: string, seq?: number): Promise<ChannelUnread> {
      await access.asMember(channelId, userId);
      const newest = await hub.currentSeq(channelId);
      const mark = await repo.marks.advance(userId, channelId, Math.min(seq ?? newest, newest), now());
      hub.unreadRead(userId, { channelId, lastReadSeq: mark.seq });
      return stateOf(channelId, userId, { afterSeq: mark.seq }, mark.seq, await levelOf(userId, channelId));
    },

    /** Sets what the person hears from the channel; their other devices hear it as `unread:notify`. */
    async setNotify(userId: string, channelId: string, level: NotifyLevel): Promise<ChannelUnread> {
      await access.asMember(channelId, userId);
      await repo.levels.set(userId, channelId, level, now());
      hub.unreadNotify(userId, { channelId, notify: level });
      const mark = (await repo.marks.among(userId, [channelId]))[0];
      const joinedAt = mark ? 0 : ((await channels.members.of(channelId, userId))?.joinedAt ?? 0);
      return stateOf(channelId, userId, mark ? { afterSeq: mark.seq } : { joinedAt }, mark?.seq ?? 0, level);
    },

    /**
     * A new message: every other member hears of it, whichever channel they watch (their badge),
     * those it pings with `mentionsMe`. A task that ended: its author hears of the result, which
     * mentions them.
     */
    onEvent(event: ChannelEvent): void {
      if (event.type !== 'message.created') return announceResult(event);
      const message = event.data;
      const authorId = message.author.id;
      void channels.members
        .userIdsIn(event.channelId)
        .then((memberIds) => {
          const others = memberIds.filter((id) => id !== authorId);
          const notice = { channelId: event.channelId, seq: event.seq, authorId, kind: ActivityKind.Message };
          const pinged = others.filter((id) => pings(message, id));
          const rest = others.filter((id) => !pings(message, id));
          hub.unreadActivity(pinged, { ...notice, mentionsMe: true });
          hub.unreadActivity(rest, { ...notice, mentionsMe: false });
        })
        .catch((error: unknown) => onError?.(error));
    },
  };
}
export type ReadsService = ReturnType<typeof readsService>;
