// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ConnectionModule from '../../../live/connection';
import { tellListeners } from '../../../test/liveListeners';
import { PauseNotice } from './PauseNotice';
import { clearPause } from './submitPause';
import { usePauseSync } from './usePauseSync';

vi.mock('../../../live/connection', async (original) => ({
  ...(await original<typeof ConnectionModule>()),
  getLiveConnection: (await import('../../../test/liveListeners')).fakeLiveConnection,
}));
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));

function Composer() {
  usePauseSync();
  return <PauseNotice />;
}

/** A `moderation:pause` event from the server. */
const tell = (pausedUntil: number | null) =>
  act(async () => tellListeners((l) => l.pauseChanged?.({ pausedUntil })));

afterEach(() => {
  clearPause();
  notify.success.mockReset();
});

describe('a pause heard live', () => {
  it('counts down in a tab that did not submit, and a moderator’s lift opens drawing again with a word', async () => {
    render(<Composer />);
    expect(screen.queryByTestId('composer-paused')).toBeNull();

    await tell(Date.now() + 30 * 60_000);
    expect(screen.getByTestId('composer-paused').textContent).toMatch(
      /^你的提交已暂停，(30:0\d|29:5\d)后恢复$/,
    );
    expect(notify.success).not.toHaveBeenCalled();

    await tell(null);
    expect(screen.queryByTestId('composer-paused')).toBeNull();
    expect(notify.success).toHaveBeenCalledExactlyOnceWith('管理员已解除你的提交暂停，可以继续绘图了');
  });

  it('says nothing when a lift comes for a pause this page never showed', async () => {
    render(<Composer />);
    await tell(null);
    expect(screen.queryByTestId('composer-paused')).toBeNull();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
