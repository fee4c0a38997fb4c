import { describe, expect, it } from 'vitest';
import { effectiveLevel, wantsAlert } from './alertPrefs';

describe('notification levels', () => {
  it('the stricter of the channel and the person decides', () => {
    expect(effectiveLevel('all', 'mentions')).toBe('mentions');
    expect(effectiveLevel('none', 'all')).toBe('none');
    expect(effectiveLevel('mentions', 'all')).toBe('mentions');
  });

  it('all hears everything, mentions only pings, nothing nothing', () => {
    expect(wantsAlert('all', false)).toBe(true);
    expect(wantsAlert('mentions', false)).toBe(false);
    expect(wantsAlert('mentions', true)).toBe(true);
    expect(wantsAlert('none', true)).toBe(false);
  });
});
