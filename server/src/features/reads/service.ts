import type { ChannelEvent, ChannelUnread } from '@draw/shared';
import type { ChannelHub } from '../../realtime/hub';
import type { ChannelsRepository } from '../channels/repository';
import type { ChannelsService } from '../channels/service';
import type { CountFrom, ReadsRepository } from './repository';

export interface ReadsDeps {
  repo: ReadsRepository;
  channels: Pick<ChannelsRepository, 'channels' | 'members'>;
  /** Membership, checked on every call as every channel route does (a non-member learns nothing). */
  access: Pick<ChannelsService, 'asMember'>;
  hub: Pick<ChannelHub, 'currentSeq' | 'unreadActivity' | 'unreadRead'>;
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
  ): Promise<ChannelUnread> {
    const [seq, unread] = await Promise.all([
      hub.currentSeq(channelId),
      repo.unreadIn(channelId, userId, from),
    ]);
    return { channelId, lastReadSeq, seq, unread };
  }

  return {
    /** The person's unread state in each of their (live) channels, in the order they joined. */
    async list(userId: string): Promise<ChannelUnread[]> {
      // Three statements whatever the number of channels (memberships, the live ones among them,
      // their marks), then the per-channel counts, each stopped at UNREAD_CAP.
      const memberships = await channels.members.joinedBy(userId);
      const channelIds = memberships.map((m) => m.channelId);
      const [liveChannels, readMarks] = await Promise.all([
        channels.channels.liveByIds(channelIds),
        repo.marks.among(userId, channelIds),
      ]);
      const live = new Set(liveChannels.map((c) => c._id));
      const marks = new Map(readMarks.map((mark) => [mark.channelId, mark.seq]));
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
      return stateOf(channelId, userId, { afterSeq: mark.seq }, mark.seq);
    },

    /** A new message: every other member hears of it, whichever channel they watch (their badge). */
    onEvent(event: ChannelEvent): void {
      if (event.type !== 'message.created') return;
      const authorId = event.data.author.id;
      void channels.members
        .inChannel(event.channelId)
        .then((members) => {
          const others = members.map((m) => m.userId).filter((id) => id !== authorId);
          hub.unreadActivity(others, { channelId: event.channelId, seq: event.seq, authorId });
        })
        .catch((error: unknown) => onError?.(error));
    },
  };
}
export type ReadsService = ReturnType<typeof readsService>;
