import fs from 'node:fs';
import type { ChannelEvent } from '@draw/shared';
import { Events, type EventDoc } from '../../server/src/realtime/repository';
import { forEachStoredLine, forEachStoredLineIn, storedDocOf, storedFileOf } from './source';

/**
 * The event log of the embedded store, channel by channel, holding one channel's events at a
 * time instead of the whole log (a million parsed events took 2.8 GB).
 *
 * An event's `_id` is `<channelId>:<seq>`, so every line written for an `_id` (its updates, its
 * `$$deleted`) belongs to the channel named before its last colon, its "owner". A first pass
 * reads only the start of each line (`{"_id":"…"`, parsing just the few lines that do not start
 * that way) and records, per owner, the byte ranges of its lines: one range per channel in a
 * compacted file, where lines are in `_id` order. The second pass reads one owner's ranges at a
 * time and applies NeDB's rules to them (last line for an `_id` wins, `$$deleted` removes it,
 * index and torn lines do nothing): since all lines of an `_id` share an owner, that gives
 * exactly the documents, values and order that reading the whole file gives.
 *
 * The result must be what grouping the whole file's documents by `channelId` gives. It is as
 * long as every document's `channelId` is its owner, which the server always writes; a file
 * where that does not hold (a hand-edited line, a line whose start we misread) makes the walk
 * throw `NotGroupedByOwner`, and the caller replays the whole file the old way instead.
 */

export class NotGroupedByOwner extends Error {
  constructor(detail: string) {
    super(`events.db is not grouped by channel: ${detail}`);
  }
}

/** One channel's live events in file order, and where the first of them was written. */
export interface ChannelLog {
  channelId: string;
  events: ChannelEvent[];
  /** Byte offset of the line that put its first event in the file: orders channels as a whole-file read does. */
  firstAt: number;
}

interface OwnerLines {
  owner: string;
  /** Byte ranges [start, end) of its lines, flattened; lines of other owners never fall inside. */
  ranges: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const ID_PREFIX = Buffer.from('{"_id":"');

function ownerOf(id: string): string {
  const colon = id.lastIndexOf(':');
  return colon < 0 ? id : id.slice(0, colon);
}

/**
 * The owner of a line written as `{"_id":"<id>"…` with no escape in the id, read from its
 * bytes; undefined when the line must be parsed to know. A line misread here (a second `_id`
 * key further on) is caught when the second pass parses it.
 */
function ownerFromStart(buffer: Buffer, start: number, end: number): string | undefined {
  if (end - start <= ID_PREFIX.length) return undefined;
  for (let i = 0; i < ID_PREFIX.length; i++) if (buffer[start + i] !== ID_PREFIX[i]) return undefined;
  const from = start + ID_PREFIX.length;
  let colon = -1;
  for (let i = from; i < end; i++) {
    const byte = buffer[i];
    if (byte === QUOTE) return buffer.toString('utf8', from, colon < 0 ? i : colon);
    if (byte === BACKSLASH) return undefined;
    if (byte === COLON) colon = i;
  }
  return undefined;
}

function ownerOfDoc(doc: { _id?: unknown }): string {
  if (typeof doc._id !== 'string') throw new NotGroupedByOwner(`a line has the _id ${JSON.stringify(doc._id)}`);
  return ownerOf(doc._id);
}

/** First pass: the byte ranges of each owner's lines, owners in the order they first appear. */
async function indexOwners(file: string): Promise<OwnerLines[]> {
  const owners = new Map<string, OwnerLines>();
  let previous: OwnerLines | undefined;
  await forEachStoredLine(file, (buffer, start, end, offset) => {
    let owner = ownerFromStart(buffer, start, end);
    if (owner === undefined) {
      const doc = storedDocOf<EventDoc>(buffer.toString('utf8', start, end));
      if (!doc) return; // does nothing to the collection, wherever it is
      owner = ownerOfDoc(doc);
    }
    let lines = owners.get(owner);
    if (!lines) owners.set(owner, (lines = { owner, ranges: [] }));
    const lineEnd = offset + (end - start);
    // Lines in between belong to no owner (blank, index, torn): harmless inside a range.
    if (lines === previous) lines.ranges[lines.ranges.length - 1] = lineEnd;
    else lines.ranges.push(offset, lineEnd);
    previous = lines;
  });
  return [...owners.values()];
}

/** Second pass for one owner: its live documents, exactly as reading the whole file leaves them, in file order. */
function readOwner(fd: number, lines: OwnerLines): { docs: Map<string, EventDoc>; firstAt: Map<string, number> } {
  const docs = new Map<string, EventDoc>();
  const firstAt = new Map<string, number>();
  for (let r = 0; r < lines.ranges.length; r += 2) {
    forEachStoredLineIn(fd, lines.ranges[r] as number, lines.ranges[r + 1] as number, (buffer, start, end, offset) => {
      const doc = storedDocOf<EventDoc>(buffer.toString('utf8', start, end));
      if (!doc) return;
      if (ownerOfDoc(doc) !== lines.owner) throw new NotGroupedByOwner(`the line at byte ${offset} was read as ${lines.owner}'s`);
      if (doc.$$deleted) {
        docs.delete(doc._id);
        firstAt.delete(doc._id);
      } else {
        if (!docs.has(doc._id)) firstAt.set(doc._id, offset);
        docs.set(doc._id, doc);
      }
    });
  }
  return { docs, firstAt };
}

/**
 * Every channel's live events, one channel at a time (sort what is made of them by `firstAt`
 * to get a whole-file read's channel order); or, given `channelId`, that channel's only.
 * Throws `NotGroupedByOwner`, possibly after yielding, when the file is not grouped by owner.
 */
export async function* embeddedChannelLogs(dataDir: string, channelId?: string): AsyncGenerator<ChannelLog> {
  const file = storedFileOf(dataDir, Events);
  if (!fs.existsSync(file)) return;
  const owners = await indexOwners(file);
  const fd = fs.openSync(file, 'r');
  try {
    if (channelId) {
      // Gathered from every owner, exactly as filtering the whole file would: even a stray document.
      const found: { doc: EventDoc; at: number }[] = [];
      for (const lines of owners) {
        const { docs, firstAt } = readOwner(fd, lines);
        for (const doc of docs.values()) if (doc.channelId === channelId) found.push({ doc, at: firstAt.get(doc._id) as number });
      }
      if (found.length === 0) return;
      found.sort((a, b) => a.at - b.at);
      yield { channelId, events: found.map((f) => f.doc), firstAt: (found[0] as { at: number }).at };
      return;
    }
    for (const lines of owners) {
      const { docs, firstAt } = readOwner(fd, lines);
      const first = docs.keys().next();
      if (first.done) continue;
      for (const doc of docs.values()) {
        if (doc.channelId !== lines.owner) throw new NotGroupedByOwner(`event ${doc._id} is in channel ${String(doc.channelId)}`);
      }
      yield { channelId: lines.owner, events: [...docs.values()], firstAt: firstAt.get(first.value) as number };
    }
  } finally {
    fs.closeSync(fd);
  }
}
