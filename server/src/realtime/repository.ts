import type { ChannelEvent } from '@draw/shared';
import { Schema } from 'mongoose';
import {
  defineCollection,
  type BaseDoc,
  type Filter,
  type LinkedInsert,
  type LinkedWrite,
  type Storage,
} from '../storage/port';
import { documentSchema, type StoredFields } from '../storage/schema';

/** One document per channel event: the channel's log, in sequence order. */
export type EventDoc = BaseDoc & ChannelEvent;

export interface SeqDoc extends BaseDoc {
  /** `_id` is the channel id. */
  seq: number;
}

export interface TicketDoc extends BaseDoc {
  /** `_id` is the SHA-256 of the ticket. */
  userId: string;
  /** The session (SHA-256 of its token) the ticket was issued to: its sockets end with it. */
  sessionId?: string;
  expiresAt: number;
  usedAt?: number;
}

const eventSchema = documentSchema({
  channelId: { type: String, required: true },
  seq: { type: Number, required: true, min: 1 },
  type: { type: String, required: true },
  at: { type: Number, required: true },
  data: { type: Schema.Types.Mixed, required: true },
} satisfies StoredFields<EventDoc>);
eventSchema.index({ channelId: 1, seq: 1 }, { unique: true });
// The start-up check for changes stored but never published reads the log's last event.
eventSchema.index({ at: -1 });

export const Events = defineCollection<EventDoc>('events', eventSchema);
export const Seqs = defineCollection<SeqDoc>(
  'channel_seqs',
  documentSchema({ seq: { type: Number, required: true } } satisfies StoredFields<SeqDoc>),
);
export const Tickets = defineCollection<TicketDoc>(
  'socket_tickets',
  documentSchema({
    userId: { type: String, required: true },
    sessionId: { type: String },
    expiresAt: { type: Number, required: true },
    usedAt: { type: Number },
  } satisfies StoredFields<TicketDoc>),
);

/** A log that can number and store a document in one write transaction (the embedded store's). */
export interface NumberingLog {
  insertNumbered(
    scope: Filter<EventDoc>,
    field: 'seq',
    floor: number,
    build: (n: number) => EventDoc,
  ): Promise<EventDoc>;
}

const canNumber = (events: unknown): events is NumberingLog =>
  typeof (events as Partial<NumberingLog>).insertNumbered === 'function';

/** The channel log, its counters and the socket tickets: every storage operator of `realtime/`. */
export function realtimeRepository(storage: Storage) {
  const events = storage.collection(Events);
  const seqs = storage.collection(Seqs);
  const tickets = storage.collection(Tickets);
  return {
    /** The log's own numbering (the embedded store's), when it has one. */
    numberingLog: (): NumberingLog | null => (canNumber(events) ? events : null),
    appendEvent: (doc: EventDoc) => events.insertOne(doc),
    /** A channel's events after `afterSeq` (up to `upToSeq` when given), oldest first. */
    eventsAfter: (channelId: string, afterSeq: number, upToSeq?: number) =>
      events.find(
        { channelId, seq: upToSeq === undefined ? { $gt: afterSeq } : { $gt: afterSeq, $lte: upToSeq } },
        { sort: { seq: 1 } },
      ),
    /** The highest number stored in a channel's log (0 for none), read from the (channelId, seq) index. */
    async lastSeq(channelId: string): Promise<number> {
      const [last] = await events.find({ channelId }, { sort: { seq: -1 }, limit: 1 });
      return last?.seq ?? 0;
    },
    /** The log's newest event, any channel (read from the `at` index). */
    async newestEvent(): Promise<EventDoc | undefined> {
      const [last] = await events.find({}, { sort: { at: -1 }, limit: 1 });
      return last;
    },
    /** A channel's events logged since `since`, oldest first. */
    eventsSince: (channelId: string, since: number) =>
      events.find({ channelId, at: { $gte: since } }, { sort: { seq: 1 } }),
    /** A channel's events about the document `id` (their `data.id`), newest first. */
    eventsAbout: (channelId: string, id: string) => {
      const forId: Filter<EventDoc> = { channelId, 'data.id': id };
      return events.find(forId, { sort: { seq: -1 } });
    },
    /** A channel's counter (0 when it has none). */
    counterOf: async (channelId: string): Promise<number> =>
      (await seqs.findOne({ _id: channelId }))?.seq ?? 0,
    /** Raises an existing counter below `floor` to it; null when there was none to raise. */
    raiseCounter: (channelId: string, floor: number) =>
      seqs.findOneAndUpdate({ _id: channelId, seq: { $lt: floor } }, { $set: { seq: floor } }),
    /** Creates the counter at `floor` when it is missing (a duplicate key when another process just did). */
    createCounter: (channelId: string, floor: number) =>
      seqs.findOneAndUpdate({ _id: channelId }, { $setOnInsert: { seq: floor } }, { upsert: true }),
    /** The counter's next number (created at 1 when missing), atomically. */
    nextCount: async (channelId: string): Promise<number> =>
      (await seqs.findOneAndUpdate({ _id: channelId }, { $inc: { seq: 1 } }, { upsert: true }))!.seq,
    storeTicket: (doc: TicketDoc) => tickets.insertOne(doc),
    dropTicketsExpiredBefore: (at: number) => tickets.deleteMany({ expiresAt: { $lt: at } }),
    /** Marks an unused, unexpired ticket used and returns it; null when there is none such. */
    useTicket: (id: string, at: number) =>
      tickets.findOneAndUpdate(
        { _id: id, usedAt: { $exists: false }, expiresAt: { $gt: at } },
        { $set: { usedAt: at } },
      ),
    /** A document's change and the event it leads to, in one write where the store can (see `Storage.updateThenInsert`). */
    updateWithEvent: <T extends BaseDoc>(write: LinkedWrite<T, EventDoc>) => storage.updateThenInsert(write),
    /** A new document and the event telling of it, in one write where the store can. */
    insertWithEvent: <T extends BaseDoc>(write: LinkedInsert<T, EventDoc>) => storage.insertThenInsert(write),
  };
}
export type RealtimeRepository = ReturnType<typeof realtimeRepository>;
