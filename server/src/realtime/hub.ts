import {
  isChannelsChange,
  type ChannelEvent,
  type ChannelEventData,
  type ChannelEventType,
  type ChannelsChange,
  type FavoriteChange,
  type NotifyChange,
  type ReadMark,
  type UnreadActivity,
} from '@draw/shared';
import type { BaseDoc, FollowingInsert, LinkedInsert, LinkedWrite } from '../storage/port';
import { Events, type EventDoc, type RealtimeRepository } from './repository';
import { isDuplicateKey, type SequenceSource } from './sequence';

/** Tries at storing one event: the second follows a repair of the number source, the third covers a race with another process's repair. */
const STORE_ATTEMPTS = 3;

/** Where published events go after they are stored: the Socket.IO rooms (or nowhere, in tools). */
export interface EventSink {
  emit(event: ChannelEvent): void;
  /** Sends a channel-list change to these users' own rooms (`channels:changed`). */
  notify?(userIds: readonly string[], change: ChannelsChange): void;
  /** Sends a favourite toggle to every socket of that user (`archive:favorite`). */
  favorite?(userId: string, change: FavoriteChange): void;
  /** Tells these users someone posted in one of their channels (`unread:activity`). */
  unreadActivity?(userIds: readonly string[], activity: UnreadActivity): void;
  /** Sends a read mark to every socket of that user (`unread:read`). */
  unreadRead?(userId: string, mark: ReadMark): void;
  /** Sends a notification level change to every socket of that user (`unread:notify`). */
  unreadNotify?(userId: string, change: NotifyChange): void;
  /** Takes one user's sockets out of a channel's room. */
  evict(channelId: string, userId: string): void;
  /** Takes every socket out of a channel's room. */
  close(channelId: string): void;
}

export const roomOf = (channelId: string) => `channel:${channelId}`;
export const userRoomOf = (userId: string) => `user:${userId}`;

/** The event a write leads to: its type and data. */
type Told<E extends ChannelEventType> = { type: E; data: ChannelEventData<E> };

export interface PublishOptions {
  /**
   * Users whose channel list this event changes: they get it as `channels:changed` too, whichever
   * channel they watch (only list-changing types are sent; see `ChannelsChange`).
   */
  alsoTo?: readonly string[];
}

/**
 * The channel event log. Every change to a channel takes the channel's next sequence number and is
 * written to the log before it is sent, so a subscriber that missed events can always be given
 * exactly those. Publishing is serialised per channel within a process so events leave in order.
 */
export class ChannelHub {
  private readonly chains = new Map<string, Promise<unknown>>();
  private sink: EventSink | null = null;
  private readonly observers: ((event: ChannelEvent, sentAt: number) => void)[] = [];

  constructor(
    private readonly repo: RealtimeRepository,
    private readonly sequence: SequenceSource,
    private readonly now: () => number,
  ) {}

  attach(sink: EventSink): void {
    this.sink = sink;
  }

  /** Called after each event is stored and sent (metrics). */
  observe(observer: (event: ChannelEvent, sentAt: number) => void): void {
    this.observers.push(observer);
  }

  publish<T extends ChannelEventType>(
    channelId: string,
    type: T,
    data: ChannelEventData<T>,
    options: PublishOptions = {},
  ): Promise<ChannelEvent> {
    return this.exclusive(channelId, () => this.append(channelId, type, data, options));
  }

  /**
   * Writes a change to a document and publishes the event it leads to (`eventOf` the document as
   * written; null publishes nothing); null when the update matched nothing. Where the channel's
   * numbers come from its own log (the embedded store, one process or several), the change and
   * its event are one transaction: a crash or a failure stores both or neither. A shared counter
   * (MongoDB) takes its number for good, so there the change is written first and its event
   * published after it.
   */
  async publishUpdate<T extends BaseDoc, E extends ChannelEventType>(
    channelId: string,
    update: LinkedWrite<T, EventDoc>['update'],
    eventOf: (updated: T) => Told<E> | null,
  ): Promise<{ updated: T; event: ChannelEvent | null } | null> {
    const written = await this.linked(channelId, eventOf, async (insert) => {
      const done = await this.repo.updateWithEvent({ update, insert });
      return done && { doc: done.updated, inserted: done.inserted };
    });
    return written && { updated: written.doc, event: written.event };
  }

  /** Stores a new document and publishes the event telling of it, as `publishUpdate` does a change. */
  async publishInsert<T extends BaseDoc, E extends ChannelEventType>(
    channelId: string,
    create: LinkedInsert<T, EventDoc>['create'],
    eventOf: (created: T) => Told<E> | null,
  ): Promise<{ created: T; event: ChannelEvent | null }> {
    const written = await this.linked(channelId, eventOf, async (insert) => {
      const done = await this.repo.insertWithEvent({ create, insert });
      return { doc: done.created, inserted: done.inserted };
    });
    return { created: written!.doc, event: written!.event };
  }

  /** A document's write and its event: one transaction where the channel's numbers allow it. */
  private linked<T extends BaseDoc, E extends ChannelEventType>(
    channelId: string,
    eventOf: (doc: T) => Told<E> | null,
    write: (insert: FollowingInsert<T, EventDoc>) => Promise<{ doc: T; inserted: EventDoc | null } | null>,
  ): Promise<{ doc: T; event: ChannelEvent | null } | null> {
    const { claimIsFree, numberedInStore } = this.sequence;
    if (!claimIsFree && !numberedInStore) return this.writeThenPublish(channelId, eventOf, write);
    return this.exclusive(channelId, async () => {
      // The number is claimed before (the log is this process's counter) or taken in the write.
      const claimed = claimIsFree ? await this.sequence.claim(channelId) : 0;
      const numbered = claimIsFree ? undefined : await this.sequence.numberedInStore?.(channelId);
      const at = this.now();
      const written = await write({
        def: Events,
        numbered,
        build: (doc, n) => {
          const told = eventOf(doc);
          const seq = numbered ? n : claimed;
          return (
            told &&
            ({ _id: `${channelId}:${seq}`, channelId, seq, type: told.type, at, data: told.data } as EventDoc)
          );
        },
      });
      if (!written) return null;
      if (!written.inserted) return { doc: written.doc, event: null };
      this.sequence.confirm(channelId, written.inserted.seq);
      const { _id, ...event } = written.inserted;
      this.send(event as ChannelEvent, {});
      return { doc: written.doc, event: event as ChannelEvent };
    });
  }

  /** A shared counter (MongoDB): the document first, then its event under a number taken for good. */
  private async writeThenPublish<T extends BaseDoc, E extends ChannelEventType>(
    channelId: string,
    eventOf: (doc: T) => Told<E> | null,
    write: (insert: FollowingInsert<T, EventDoc>) => Promise<{ doc: T; inserted: EventDoc | null } | null>,
  ): Promise<{ doc: T; event: ChannelEvent | null } | null> {
    const written = await write({ def: Events, build: () => null });
    if (!written) return null;
    const told = eventOf(written.doc);
    return { doc: written.doc, event: told && (await this.publish(channelId, told.type, told.data)) };
  }

  /**
   * Runs `work` between two of the channel's publications: while it runs, this process stores and
   * sends no event of that channel (a subscriber's catch-up uses it, so live events cannot overtake
   * or repeat the backlog).
   */
  exclusive<T>(channelId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(channelId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.chains.set(channelId, next);
    void next
      .finally(() => {
        if (this.chains.get(channelId) === next) this.chains.delete(channelId);
      })
      .catch(() => undefined);
    return next;
  }

  private async append<T extends ChannelEventType>(
    channelId: string,
    type: T,
    data: ChannelEventData<T>,
    options: PublishOptions,
  ) {
    const event = await this.store(channelId, type, data);
    this.send(event, options);
    return event;
  }

  /** Sends a stored event to its room and tells the observers. */
  private send(event: ChannelEvent, options: PublishOptions): void {
    this.sink?.emit(event);
    // Inside the per-channel chain, so a user's list changes leave in seq order too.
    if (options.alsoTo?.length && isChannelsChange(event)) this.sink?.notify?.(options.alsoTo, event);
    const sentAt = this.now();
    for (const observer of this.observers) observer(event, sentAt);
  }

  /** Stores the event under the channel's next number; a number found taken repairs the source once and tries again. */
  private async store<T extends ChannelEventType>(
    channelId: string,
    type: T,
    data: ChannelEventData<T>,
  ): Promise<ChannelEvent> {
    if (this.sequence.append) {
      const at = this.now();
      const { _id, ...stored } = await this.sequence.append(
        channelId,
        (seq) => ({ _id: `${channelId}:${seq}`, channelId, seq, type, at, data }) as EventDoc,
      );
      return stored as ChannelEvent;
    }
    for (let attempt = 1; ; attempt++) {
      const seq = await this.sequence.claim(channelId);
      const event = { channelId, seq, type, at: this.now(), data } as ChannelEvent;
      try {
        await this.repo.appendEvent({ _id: `${channelId}:${seq}`, ...event });
      } catch (error) {
        if (!isDuplicateKey(error) || !this.sequence.repair || attempt >= STORE_ATTEMPTS) throw error;
        await this.sequence.repair(channelId);
        continue;
      }
      this.sequence.confirm(channelId, seq);
      return event;
    }
  }

  currentSeq(channelId: string): Promise<number> {
    return this.sequence.current(channelId);
  }

  /** The events after `afterSeq`, oldest first; fewer than expected means the log was pruned. */
  async eventsAfter(channelId: string, afterSeq: number, upToSeq?: number): Promise<ChannelEvent[]> {
    const docs = await this.repo.eventsAfter(channelId, afterSeq, upToSeq);
    return docs.map(({ _id, ...event }) => event as ChannelEvent);
  }

  /** A person's own change that their other devices show at once; not logged (they reload over REST). */
  favorite(userId: string, change: FavoriteChange): void {
    this.sink?.favorite?.(userId, change);
  }

  /** Unread counts of members who are not watching the channel; not logged (they reload over REST). */
  unreadActivity(userIds: readonly string[], activity: UnreadActivity): void {
    if (userIds.length) this.sink?.unreadActivity?.(userIds, activity);
  }

  /** A person's read mark, for their other devices; not logged (they reload over REST). */
  unreadRead(userId: string, mark: ReadMark): void {
    this.sink?.unreadRead?.(userId, mark);
  }

  /** A person's notification level for a channel, for their other devices; not logged (they reload over REST). */
  unreadNotify(userId: string, change: NotifyChange): void {
    this.sink?.unreadNotify?.(userId, change);
  }

  evict(channelId: string, userId: string): void {
    this.sink?.evict(channelId, userId);
  }

  close(channelId: string): void {
    this.sink?.close(channelId);
  }
}
