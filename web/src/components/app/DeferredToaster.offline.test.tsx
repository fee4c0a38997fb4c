// @vitest-environment jsdom
import '../../test/dom';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { DeferredToaster } from './DeferredToaster';

// The toaster's chunk cannot be fetched: the server is restarting.
vi.mock('../ui/sonner', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/sonner-x.js');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('toasts while the server is away', () => {
  it('a toaster that cannot be fetched leaves the page as it is: no reload is planned, nothing is shown', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchSpy);
    vi.stubGlobal('requestIdleCallback', (work: () => void) => setTimeout(work, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    const { container } = render(<DeferredToaster theme="light" />);
    act(() => notify.error('连接已断开'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    // The stale-build reload marks the tab and asks the server for the page before reloading.
    expect(sessionStorage.getItem('drawspace:stale-build-reload')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
