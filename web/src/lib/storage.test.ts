// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EXPIRE_SECONDS, storage } from './storage';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('storage with expiry', () => {
  it('writes { data, expire } and reads the data back', () => {
    storage.set('k', { a: 1 });
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual({
      data: { a: 1 },
      expire: Date.now() + 604800 * 1000,
    });
    expect(storage.get('k')).toEqual({ a: 1 });
  });

  it('defaults to 604800 seconds (7 days)', () => {
    expect(DEFAULT_EXPIRE_SECONDS).toBe(604800);
    storage.set('k', 'v');
    vi.advanceTimersByTime(604800 * 1000 - 1);
    expect(storage.get('k')).toBe('v');
    vi.advanceTimersByTime(1);
    expect(storage.get('k')).toBeNull();
  });

  it('removes an expired entry when it is read', () => {
    storage.set('k', 'v', 10);
    vi.advanceTimersByTime(11_000);
    expect(storage.get('k')).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('keeps an entry with a null expiry forever', () => {
    storage.set('k', 'v', null);
    expect(JSON.parse(localStorage.getItem('k')!).expire).toBeNull();
    vi.advanceTimersByTime(10 * 365 * 24 * 3600 * 1000);
    expect(storage.get('k')).toBe('v');
  });

  it('stores until an absolute time with setUntil', () => {
    const at = Date.now() + 5_000;
    storage.setUntil('k', 'v', at);
    expect(JSON.parse(localStorage.getItem('k')!).expire).toBe(at);
    vi.advanceTimersByTime(5_000);
    expect(storage.get('k')).toBeNull();
  });

  it('returns null for a missing key, and drops unreadable entries', () => {
    expect(storage.get('missing')).toBeNull();
    localStorage.setItem('bad', '{not json');
    expect(storage.get('bad')).toBeNull();
    expect(localStorage.getItem('bad')).toBeNull();
    localStorage.setItem('plain', JSON.stringify('just a string'));
    expect(storage.get('plain')).toBeNull();
  });

  it('removes an entry', () => {
    storage.set('k', 1);
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
  });
});
