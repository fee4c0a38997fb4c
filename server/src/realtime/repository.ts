import type { ChannelEvent } from '@draw/shared';
import { Schema } from 'mongoose';
import { defineCollection, type BaseDoc, type LinkedWrite, type Storage } from '../storage/port';
import { documentSchema } from '../storage/schema';

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
});
eventSchema.index({ channelId: 1, seq: 1 }, { unique: true });
// The start-up check for changes stored but never published reads the log's last event.
eventSchema.index({ at: -1 });

export const Events = defineCollection<EventDoc>('events', eventSchema);
export const Seqs = defineCollection<SeqDoc>(
  'channel_seqs',
  documentSchema({ seq: { type: Number, required: true } }),
);
export const Tickets = defineCollection<TicketDoc>(
  'socket_tickets',
  documentSchema({
    userId: { type: String, required: true },
    sessionId: String,
    expiresAt: { type: Number, required: true },
    usedAt: Number,
  }),
);

export function realtimeRepository(storage: Storage) {
  return {
    events: storage.collection(Events),
    seqs: storage.collection(Seqs),
    tickets: storage.collection(Tickets),
    /** A document's change and the event it leads to, in one write where the store can (see `Storage.updateThenInsert`). */
    updateWithEvent: <T extends BaseDoc>(write: LinkedWrite<T, EventDoc>) => storage.updateThenInsert(write),
  };
}
export type RealtimeRepository = ReturnType<typeof realtimeRepository>;
