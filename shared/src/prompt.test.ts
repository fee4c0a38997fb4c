import { describe, expect, it } from 'vitest';
import { speedOf } from './prompt';

describe('speedOf', () => {
  it('reads the job mode parameter, the last one winning as in Midjourney, and nothing else', () => {
    expect(speedOf('a fox --v 6.1 --fast')).toBe('fast');
    expect(speedOf('a fox --relax --turbo')).toBe('turbo');
    expect(speedOf('a fox --turbo --v 7 --relax')).toBe('relax');
    expect(speedOf('a fox \u2014relax')).toBe('relax');
    expect(speedOf('a fox --RELAX')).toBe('relax');
    expect(speedOf('breakfast--fast')).toBeNull();
    expect(speedOf('a fox --fastest')).toBeNull();
    expect(speedOf('a fox')).toBeNull();
  });
});
