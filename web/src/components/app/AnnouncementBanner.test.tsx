// @vitest-environment jsdom
import '../../test/dom';
import '../../i18n';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ConnectionModule from '../../live/connection';
import { tellListeners } from '../../test/liveListeners';
import { envelope } from '../../test/dom';
import { AnnouncementBanner } from './AnnouncementBanner';

vi.mock('../../live/connection', async (original) => ({
  ...(await original<typeof ConnectionModule>()),
  getLiveConnection: (await import('../../test/liveListeners')).fakeLiveConnection,
}));

afterEach(() => vi.unstubAllGlobals());

/** A `site:announcement` event; valtio tells React a microtask later, hence the async act. */
const tell = (announcement: { text: string | null; updatedAt: number }) =>
  act(async () => tellListeners((l) => l.announcement?.(announcement)));

describe('the site’s announcement', () => {
  it('shows what the admins published, follows it live, and stays closed for a text its reader closed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ text: '今晚 23:00 维护', updatedAt: 1 })),
    );
    render(<AnnouncementBanner />);
    expect((await screen.findByTestId('announcement-banner')).textContent).toContain('今晚 23:00 维护');

    await tell({ text: '维护已完成', updatedAt: 2 });
    expect(screen.getByTestId('announcement-banner').textContent).toContain('维护已完成');

    fireEvent.click(screen.getByRole('button', { name: '关闭公告' }));
    await waitFor(() => expect(screen.queryByTestId('announcement-banner')).toBeNull());

    await tell({ text: '新功能上线', updatedAt: 3 });
    expect(screen.getByTestId('announcement-banner').textContent).toContain('新功能上线');

    await tell({ text: null, updatedAt: 4 });
    expect(screen.queryByTestId('announcement-banner')).toBeNull();
  });
});
