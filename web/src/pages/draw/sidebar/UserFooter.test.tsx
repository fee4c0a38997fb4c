// @vitest-environment jsdom
import '../../../test/dom';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { liveStore } from '../../../live/connection';
import { UserFooter, presenceOf } from './UserFooter';

vi.mock('../credits/CreditMeter', () => ({ CreditMeter: () => null }));

afterEach(() => {
  liveStore.status = 'idle';
});

describe('UserFooter presence', () => {
  it('is green and says online only while the live link is up', async () => {
    render(
      <TooltipProvider>
        <UserFooter onOpenSettings={() => {}} onOpenSubscribe={() => {}} />
      </TooltipProvider>,
    );
    const dot = screen.getByTestId('footer-presence');
    await act(async () => {
      liveStore.status = 'live';
    });
    expect(dot.getAttribute('data-presence')).toBe('online');
    expect(dot.className).toContain('bg-success');
    expect(screen.getByRole('button', { name: /在线/ })).toBeTruthy();

    await act(async () => {
      liveStore.status = 'reconnecting';
    });
    expect(dot.getAttribute('data-presence')).toBe('connecting');
    expect(dot.className).not.toContain('bg-success');
    expect(screen.getByRole('button', { name: /连接中/ })).toBeTruthy();

    await act(async () => {
      liveStore.status = 'offline';
    });
    expect(dot.getAttribute('data-presence')).toBe('offline');
    expect(screen.getByRole('button', { name: /离线/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /在线/ })).toBeNull();
    expect(screen.getByTestId('footer-status').textContent).toBe('离线');
  });

  it('maps every connection status to one presence', () => {
    expect(
      ['idle', 'connecting', 'live', 'reconnecting', 'offline', 'refused'].map((status) =>
        presenceOf(status as never),
      ),
    ).toEqual(['offline', 'connecting', 'online', 'connecting', 'offline', 'offline']);
  });
});
