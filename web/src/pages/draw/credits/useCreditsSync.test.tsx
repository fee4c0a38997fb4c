// @vitest-environment jsdom
import '../../../test/dom';
import type { Channel, CreditAccount, Task } from '@draw/shared';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveBus } from '../../../live/hooks';
import { channelsStore } from '../../../stores/channels';
import { chatStore } from '../../../stores/chat';
import { userInfoStore } from '../../../stores/userInfo';
import { makeTask } from '../feed/fixtures';
import { billingStore, resetBilling } from '../subscribe/billingStore';
import { FOCUS_MIN_GAP_MS, REFUND_SETTLE_MS, useCreditsSync } from './useCreditsSync';

const fetchAccount = vi.hoisted(() => vi.fn());
vi.mock('../subscribe/api', () => ({ fetchAccount }));

const prices = {
  IMAGINE: 2,
  VARIATION: 2,
  REROLL: 2,
  ZOOM: 2,
  PAN: 2,
  INPAINT: 2,
  BLEND: 2,
  UPSCALE: 1,
  DESCRIBE: 1,
  SHORTEN: 1,
  VIDEO: 4,
  RETEXTURE: 2,
};
let balance = 10;

function Probe() {
  useCreditsSync();
  return null;
}

const taskEvent = (type: 'task.created' | 'task.updated', task: Task) =>
  liveBus.emit('apply', { channelId: 'c1', seq: 1, type, at: Date.now(), data: task });
const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  resetBilling();
  balance = 10;
  fetchAccount.mockReset().mockImplementation(async (): Promise<CreditAccount> => ({
    balance,
    free: 0,
    dailyAllowance: 10,
    plan: null,
    prices,
  }));
  userInfoStore.id = 'me';
  channelsStore.items = [{ id: 'c1', title: 'c1' } as Channel];
  chatStore.currentChannelId = 'c1';
});
afterEach(() => {
  vi.useRealTimers();
  chatStore.currentChannelId = null;
  channelsStore.items = [];
});

describe('useCreditsSync', () => {
  it('reads the balance on mount, after the person’s own submit, and twice after a refund', async () => {
    render(<Probe />);
    await settle();
    expect(billingStore.account?.balance).toBe(10);

    balance = 8;
    taskEvent('task.created', makeTask({ id: 't1', userId: 'me', status: 'SUBMITTED' }));
    await settle();
    expect(billingStore.account?.balance).toBe(8);

    // The failure's event comes before the refund is written: a second read picks it up.
    const before = fetchAccount.mock.calls.length;
    taskEvent('task.updated', makeTask({ id: 't1', userId: 'me', status: 'FAILURE' }));
    await settle();
    balance = 10;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFUND_SETTLE_MS);
    });
    expect(fetchAccount.mock.calls.length).toBe(before + 2);
    expect(billingStore.account?.balance).toBe(10);
  });

  it('ignores other people’s tasks and progress, and reads again when the window comes back', async () => {
    render(<Probe />);
    await settle();
    const before = fetchAccount.mock.calls.length;
    taskEvent('task.created', makeTask({ id: 't2', userId: 'someone', status: 'SUBMITTED' }));
    taskEvent('task.updated', makeTask({ id: 't3', userId: 'me', status: 'IN_PROGRESS' }));
    await settle();
    expect(fetchAccount.mock.calls.length).toBe(before);

    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(fetchAccount.mock.calls.length).toBe(before); // just read on mount

    await act(async () => {
      await vi.advanceTimersByTimeAsync(FOCUS_MIN_GAP_MS);
    });
    balance = 400;
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(billingStore.account?.balance).toBe(400);
  });
});
