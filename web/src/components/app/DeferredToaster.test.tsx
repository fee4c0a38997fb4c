// @vitest-environment jsdom
import '../../test/dom';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { DeferredToaster } from './DeferredToaster';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('toasts, loaded after the first screen', () => {
  it('renders no toaster at first; a toast raised before sonner is in shows once it is, in order, with its action', async () => {
    // The page never goes idle here: the first toast alone brings the toaster in.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { container } = render(<DeferredToaster theme="dark" />);
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    const onClick = vi.fn();
    act(() => {
      notify.error('第一条', { label: '去订阅', onClick });
      notify.success('第二条');
    });
    expect(await screen.findByText('第一条')).toBeTruthy();
    expect(await screen.findByText('第二条')).toBeTruthy();
    const texts = [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map(
      (node) => node.textContent,
    );
    expect(texts).toEqual(['第二条', '第一条']); // newest on top, as sonner stacks them
    act(() => screen.getByText('去订阅').click());
    expect(onClick).toHaveBeenCalled();
  });
});
