// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettingStore } from '../stores/appSetting';
import { sessionStore } from '../stores/session';
import { applyDarkClass, resolveIsDark } from './theme';
import { useThemeSync } from './useThemeSync';

describe('resolveIsDark', () => {
  it.each([
    // setting, session theme, system prefers dark → dark?
    ['dark', null, false, true],
    ['dark', 'light', false, true],
    ['light', null, true, false],
    ['light', 'dark', true, false],
    ['auto', 'light', true, false],
    ['auto', 'dark', false, true],
    ['auto', null, true, true],
    ['auto', null, false, false],
    ['auto', 'auto', true, true],
    ['auto', 'auto', false, false],
  ] as const)(
    'setting %s, session %s, system dark %s → %s',
    (setting, sessionTheme, systemPrefersDark, expected) => {
      expect(resolveIsDark({ setting, sessionTheme, systemPrefersDark })).toBe(expected);
    },
  );
});

describe('applyDarkClass', () => {
  it('puts and removes the dark class on the document element', () => {
    applyDarkClass(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    applyDarkClass(false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('useThemeSync', () => {
  let listeners: Array<(event: MediaQueryListEvent) => void>;
  let systemDark: boolean;

  beforeEach(() => {
    listeners = [];
    systemDark = false;
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        media: query,
        get matches() {
          return systemDark;
        },
        addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
          listeners.push(listener),
        removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => {
          listeners = listeners.filter((item) => item !== listener);
        },
      })),
    );
    sessionStore.theme = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    appSettingStore.theme = 'dark';
  });

  it('follows the setting, the session theme and system changes', async () => {
    appSettingStore.theme = 'auto';
    const { result } = renderHook(() => useThemeSync());
    expect(result.current).toBe(false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);

    systemDark = true;
    act(() => listeners.forEach((listener) => listener({ matches: true } as MediaQueryListEvent)));
    expect(result.current).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    await act(async () => {
      sessionStore.theme = 'light';
    });
    expect(result.current).toBe(false);

    await act(async () => {
      appSettingStore.theme = 'dark';
    });
    expect(result.current).toBe(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});
