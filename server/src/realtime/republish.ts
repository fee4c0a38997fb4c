import { isDeepStrictEqual } from 'node:util';
import type { ChannelEvent, ChannelEventType } from '@draw/shared';
import type { ChannelHub } from './hub';
import type { RealtimeRepository } from './repository';

/**
 * How far before the log's last event a change may have been stored and not yet published when
 * the process died. A store-then-publish takes milliseconds; minutes cover a machine under load.
 */
export const UNSENT_WINDOW_MS = 10 * 60 * 1000;

/** A document changed recently, and what its current state needs in the log. */
export interface RecentChange {
  channelId: string;
  /** The id the event's data carries (a task's or a message's). */
  id: string;
  /** The event types that carry this document's state. */
  carriedBy: readonly ChannelEventType[];
  /** True when the last such event already shows the document as it is stored now. */
  isCurrent(data: unknown): boolean;
  /** Publishes the missing event; `logged` says whether any event for it exists at all. */
  publish(logged: boolean): Promise<unknown>;
}

/** The sources of recent changes (tasks, messages), asked for those at or after `since`. */
export type RecentChanges = (since: number) => Promise<RecentChange[]>;

/**
 * Services store a change and then publish its event: a process killed between the two leaves a
 * change that no open client hears of, and that a client catching up through `afterSeq` never
 * receives. At start, before anything else publishes, each recent change is compared with the
 * channel's log and the events that never made it are published now. Returns how many.
 */
export async function republishUnsent(
  hub: ChannelHub,
  repo: RealtimeRepository,
  sources: readonly RecentChanges[],
): Promise<number> {
  const last = await repo.newestEvent();
  if (!last) return 0;
  const since = last.at - UNSENT_WINDOW_MS;
  const changes = (await Promise.all(sources.map((source) => source(since)))).flat();
  const byChannel = new Map<string, RecentChange[]>();
  for (const change of changes)
    byChannel.set(change.channelId, [...(byChannel.get(change.channelId) ?? []), change]);
  let published = 0;
  for (const [channelId, channelChanges] of byChannel) {
    const ids = new Set(channelChanges.map((change) => change.id));
    const latest = new Map<string, ChannelEvent>();
    const logged = await repo.eventsSince(channelId, since - UNSENT_WINDOW_MS);
    for (const { _id, ...event } of logged) {
      const id = (event.data as { id?: unknown }).id;
      if (typeof id === 'string' && ids.has(id)) latest.set(`${event.type}:${id}`, event as ChannelEvent);
    }
    for (const change of channelChanges) {
      const carried = lastIn(latest, change) ?? (await lastLogged(repo, change));
      if (carried && change.isCurrent(carried.data)) continue;
      await change.publish(carried !== undefined);
      published += 1;
    }
  }
  return published;
}

function lastIn(latest: Map<string, ChannelEvent>, change: RecentChange): ChannelEvent | undefined {
  return change.carriedBy
    .map((type) => latest.get(`${type}:${change.id}`))
    .filter((event): event is ChannelEvent => event !== undefined)
    .sort((a, b) => b.seq - a.seq)[0];
}

/** A long-queued task's last event may predate the window: look it up by its id. */
async function lastLogged(repo: RealtimeRepository, change: RecentChange): Promise<ChannelEvent | undefined> {
  const doc = (await repo.eventsAbout(change.channelId, change.id)).find((event) =>
    change.carriedBy.includes(event.type),
  );
  if (!doc) return undefined;
  const { _id, ...event } = doc;
  return event as ChannelEvent;
}

/** `isCurrent` for documents whose event data is the whole public document. */
/**
 * Whether a logged event already carries this state. A field a newer version added (null until it
 * is set) is absent from events an older version logged: it does not make them stale, or the
 * first start after every upgrade would publish recent tasks again.
 */
export const sameAs = (current: unknown) => (data: unknown) =>
  isDeepStrictEqual(withoutEmpty(data), withoutEmpty(current));

function withoutEmpty(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== null && field !== undefined),
  );
}
