import { describe, expect, it } from 'vitest';
import { pickChannel } from './channels';

describe('pickChannel', () => {
  const channels = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('takes the channel named by the route', () => {
    expect(pickChannel(channels, 'b')).toEqual({ id: 'b' });
  });

  it('falls back to the first channel when the uuid does not match or is absent', () => {
    expect(pickChannel(channels, 'index')).toEqual({ id: 'a' });
    expect(pickChannel(channels, undefined)).toEqual({ id: 'a' });
  });

  it('gives null for an empty list', () => {
    expect(pickChannel([], 'a')).toBeNull();
  });
});
