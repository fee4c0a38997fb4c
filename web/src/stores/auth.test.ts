// @vitest-environment jsdom
import { StorageKeys } from '@draw/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, getToken, removeToken, setToken } from './auth';
import { resetUserInfo, setUserInfo, userInfoStore } from './userInfo';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('auth store', () => {
  it('stores the token under StorageKeys.auth until LoginAnswer.expiresAt', () => {
    const expiresAt = Date.now() + 3600_000;
    setToken('abc', expiresAt);
    expect(JSON.parse(localStorage.getItem(StorageKeys.auth)!)).toEqual({ data: 'abc', expire: expiresAt });
    expect(getToken()).toBe('abc');
    vi.advanceTimersByTime(3600_000);
    expect(getToken()).toBeNull();
    expect(authStore.token).toBeNull();
  });

  it('falls back to the generic 7-day expiry', () => {
    setToken('abc');
    expect(JSON.parse(localStorage.getItem(StorageKeys.auth)!).expire).toBe(Date.now() + 604800_000);
  });

  it('removes the token', () => {
    setToken('abc', Date.now() + 1000);
    removeToken();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(StorageKeys.auth)).toBeNull();
  });
});

describe('user info store', () => {
  it('has the spec defaults', () => {
    resetUserInfo();
    expect(userInfoStore.avatar).toBe('/discord256.png');
    expect(userInfoStore.name).toBe('Midjourney');
    expect(userInfoStore.description).toBe('在线');
  });

  it('merges, persists under StorageKeys.userInfo for 7 days, and keeps auth out', () => {
    setUserInfo({ name: 'Ada', avatar: '', auth: true } as never);
    expect(userInfoStore.name).toBe('Ada');
    expect(userInfoStore.avatar).toBe('/discord256.png');
    const entry = JSON.parse(localStorage.getItem(StorageKeys.userInfo)!);
    expect(entry.data.name).toBe('Ada');
    expect(entry.data).not.toHaveProperty('auth');
    expect(entry.expire).toBe(Date.now() + 604800_000);
  });
});
