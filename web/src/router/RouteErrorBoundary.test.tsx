// @vitest-environment jsdom
import '../test/dom';
import '../i18n';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken({ fail }: { fail: boolean }): null {
  if (fail) throw new TypeError('Failed to fetch dynamically imported module: /assets/Page.js');
  return null;
}

afterEach(() => vi.restoreAllMocks());

/** The error screen links home, so it renders inside a router, as in the app. */
const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

describe('a screen that fails to render', () => {
  it('shows the error screen with a reload button, and tries the screen again at a new address', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/archive">
        <Broken fail />
        <p>the screen</p>
      </RouteErrorBoundary>,
      { wrapper },
    );
    expect(screen.getByTestId('error-reload')).toBeTruthy();
    expect(screen.getByText('页面没能加载完整')).toBeTruthy();
    rerender(
      <RouteErrorBoundary resetKey="/draw">
        <Broken fail={false} />
        <p>the screen</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByTestId('error-reload')).toBeNull();
    expect(screen.getByText('the screen')).toBeTruthy();
  });
});
