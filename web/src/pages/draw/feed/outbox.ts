import type { ErrorReason, Message } from '@draw/shared';
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { api } from '../../../lib/api';
import { call, HttpError } from '../../../lib/http';
import { authStore } from '../../../stores/auth';

/**
 * The text messages this tab is sending, as Discord shows them: pending (dimmed, "sending…")
 * until the server answers, failed with Retry and Delete when it does not. They live in this tab
 * only (nobody else ever sees them). On success the server's message replaces the pending one:
 * it is handed to the open feed (`onMessageSent`), which keys messages by id, so the live
 * `message.created` that also arrives adds nothing. The API takes no client nonce, so a send that
 * reached the server but whose answer was lost could be sent twice by a Retry; that is the one
 * case left, and a lost answer is rare next to a refused connection.
 */

export type OutboxStatus = 'sending' | 'failed';

export interface OutboxEntry {
  /** Local id (never sent): the row's key. */
  nonce: string;
  channelId: string;
  content: string;
  /** The message it answers, if a reply. */
  replyTo?: string;
  /** When it was first sent: the row's time, and where it sorts. */
  createdAt: number;
  status: OutboxStatus;
}

export const outboxStore = proxy<{ entries: OutboxEntry[] }>({ entries: [] });

// Another person may sign in next in this tab: what the last one had not sent goes with them.
subscribeKey(authStore, 'token', (token) => {
  if (!token) outboxStore.entries.splice(0);
});

export interface OutboxDeps {
  post(channelId: string, content: string, replyTo?: string): Promise<Message>;
  now(): number;
}

/** No toast for a network failure: the failed row says it, with Retry. */
const defaultDeps: OutboxDeps = {
  post: (channelId, content, replyTo) =>
    call(api.messages.post, {
      params: { id: channelId },
      body: replyTo ? { content, replyTo } : { content },
      quiet: true,
    }),
  now: () => Date.now(),
};

let deps = defaultDeps;
/** Tests: a scripted server and clock (`null` restores the real ones). */
export function setOutboxDeps(next: Partial<OutboxDeps> | null): void {
  deps = next ? { ...defaultDeps, ...next } : defaultDeps;
}

type SentListener = (message: Message) => void;
const sentListeners = new Set<SentListener>();

/** The server's answer to a send: the feed adds it (by id) before the pending row goes. */
export function onMessageSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}

let sequence = 0;

function entryOf(nonce: string): OutboxEntry | undefined {
  return outboxStore.entries.find((entry) => entry.nonce === nonce);
}

function drop(nonce: string): void {
  const index = outboxStore.entries.findIndex((entry) => entry.nonce === nonce);
  if (index >= 0) outboxStore.entries.splice(index, 1);
}

/** Sends the entry; on failure it stays as failed. Resolves with the server's refusal reason, if any. */
async function deliver(nonce: string): Promise<ErrorReason | null> {
  const entry = entryOf(nonce);
  if (!entry) return null;
  entry.status = 'sending';
  try {
    const message = await deps.post(entry.channelId, entry.content, entry.replyTo);
    for (const listener of [...sentListeners]) listener(message);
    drop(nonce);
    return null;
  } catch (error) {
    const still = entryOf(nonce);
    if (still) still.status = 'failed';
    return error instanceof HttpError ? error.reason : null;
  }
}

/** Shows the message as pending at once and sends it. Resolves with the refusal reason, if any. */
export function sendMessage(
  channelId: string,
  content: string,
  replyTo?: string,
): Promise<ErrorReason | null> {
  sequence += 1;
  const nonce = `local-${deps.now().toString(36)}-${sequence}`;
  outboxStore.entries.push({
    nonce,
    channelId,
    content,
    ...(replyTo ? { replyTo } : {}),
    createdAt: deps.now(),
    status: 'sending',
  });
  return deliver(nonce);
}

/** Retry on a failed message: sends the same text again. */
export function retryMessage(nonce: string): Promise<ErrorReason | null> {
  const entry = entryOf(nonce);
  if (!entry || entry.status !== 'failed') return Promise.resolve(null);
  return deliver(nonce);
}

/** Delete on a failed message: it was never sent, so it only leaves this tab. */
export function discardMessage(nonce: string): void {
  const entry = entryOf(nonce);
  if (entry?.status === 'failed') drop(nonce);
}

/** The channel's entries, oldest first (a view's selector over a snapshot). */
export function entriesOf(entries: readonly OutboxEntry[], channelId: string | null): OutboxEntry[] {
  return entries.filter((entry) => entry.channelId === channelId);
}
