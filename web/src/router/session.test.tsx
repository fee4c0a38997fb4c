// @vitest-environment jsdom
import '../test/dom';
import '../i18n';
import { StorageKeys, type UserInfo } from '@draw/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PauseNotice } from '../pages/draw/composer/PauseNotice';
import { activePause, clearPause } from '../pages/draw/composer/submitPause';
import { resetUserInfo, userInfoStore } from '../stores/userInfo';
import { runRouteGuard, type SignedInSession } from './guard';
import { applySession } from './session';

const ada: UserInfo = {
  id: 'u1',
  avatar: '/a.png',
  phone: '13800000000',
  email: '',
  name: 'Ada',
  description: '在线',
  nijiRemix: false,
  mjRemix: false,
  theme: 'dark',
  isAdmin: false,
};

/** The page loads (or navigates) with this session answer, through the route guard as the app does. */
function load(answer: Partial<SignedInSession>) {
  return runRouteGuard('/draw', {
    getToken: () => 'tok',
    fetchSession: async () => ({ ...ada, auth: true, ...answer }),
    removeToken: () => undefined,
    onSession: applySession,
  });
}

afterEach(() => {
  clearPause();
  resetUserInfo();
});

describe('a pause the session answer carries', () => {
  it('counts down above the composer as soon as a page loaded during it opens', async () => {
    const pausedUntil = Date.now() + 90_000;
    expect(await load({ pausedUntil })).toEqual({ outcome: 'signed-in' });
    render(<PauseNotice />);
    expect(screen.getByTestId('composer-paused').textContent).toMatch(/^你的提交已暂停，01:(29|30)后恢复$/);
    // The same state a refusal sets: a submit now is held back without a request.
    expect(activePause()).toBe(pausedUntil);
    // It is the person's user info that is kept, not the pause.
    expect(userInfoStore.name).toBe('Ada');
    expect(userInfoStore).not.toHaveProperty('pausedUntil');
    expect(localStorage.getItem(StorageKeys.userInfo)).not.toContain('pausedUntil');
  });

  it('shows nothing for a pause already over, and ends one the next session answer no longer carries', async () => {
    await load({ pausedUntil: Date.now() - 1_000 });
    render(<PauseNotice />);
    expect(screen.queryByTestId('composer-paused')).toBeNull();
    expect(activePause()).toBeNull();

    await act(() => load({ pausedUntil: Date.now() + 600_000 }));
    expect(screen.getByTestId('composer-paused')).toBeTruthy();
    // A moderator lifted it: the next navigation's answer has none.
    await act(() => load({}));
    expect(screen.queryByTestId('composer-paused')).toBeNull();
    expect(activePause()).toBeNull();
  });
});
