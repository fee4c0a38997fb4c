// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from '../../../stores/auth';
import { makeMessage } from './fixtures';
import {
  discardMessage,
  onMessageSent,
  outboxStore,
  retryMessage,
  sendMessage,
  setOutboxDeps,
} from './outbox';

afterEach(() => {
  setOutboxDeps(null);
  outboxStore.entries.splice(0);
});

const statuses = () => outboxStore.entries.map((entry) => `${entry.content}:${entry.status}`);

describe('outbox', () => {
  it('keeps a failed send (a reply here) for Retry, hands the answer to the feed and forgets it once sent', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(makeMessage({ id: 'm9', content: 'hi' }));
    setOutboxDeps({ post });
    const sent: string[] = [];
    const off = onMessageSent((message) => sent.push(message.id));

    await sendMessage('channel-1', 'hi', 'm1');
    expect(statuses()).toEqual(['hi:failed']);
    const retried = retryMessage(outboxStore.entries[0]!.nonce);
    expect(statuses()).toEqual(['hi:sending']);
    await retried;
    expect(statuses()).toEqual([]);
    expect(sent).toEqual(['m9']);
    expect(post).toHaveBeenCalledTimes(2);
    // A Retry sends the same reply again.
    expect(post).toHaveBeenLastCalledWith('channel-1', 'hi', 'm1');
    off();
  });

  it('deletes only failed messages, and forgets everything when the person signs out', async () => {
    setOutboxDeps({ post: () => Promise.reject(new TypeError('Failed to fetch')) });
    setToken('token-1');
    await sendMessage('channel-1', 'one');
    await sendMessage('channel-1', 'two');
    discardMessage(outboxStore.entries[0]!.nonce);
    expect(statuses()).toEqual(['two:failed']);
    removeToken();
    await vi.waitFor(() => expect(statuses()).toEqual([]));
  });
});
