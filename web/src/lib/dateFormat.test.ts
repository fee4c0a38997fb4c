import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './dateFormat';

describe('date formats, built once', () => {
  it('gives the same format for the same locale and options, and formats as Intl does', () => {
    const at = Date.UTC(2026, 10, 25, 14, 5);
    const clock = dateTimeFormat('zh-CN', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: 'UTC',
    });
    expect(
      dateTimeFormat('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }),
    ).toBe(clock);
    expect(clock.format(at)).toBe('14:05');
  });

  it('keeps locales and options apart', () => {
    const at = Date.UTC(2026, 10, 25, 12);
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    };
    expect(dateTimeFormat('en-US', options).format(at)).toBe('November 25, 2026');
    expect(dateTimeFormat('zh-CN', options).format(at)).toBe('2026年11月25日');
    expect(dateTimeFormat('en-US', { ...options, month: '2-digit' }).format(at)).toBe('11/25/2026');
  });
});
