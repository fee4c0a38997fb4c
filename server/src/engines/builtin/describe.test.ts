import { describe, expect, it } from 'vitest';
import { aspectRatio, describeImage } from './describe';
import { createRaw, paste } from './pixels';

describe('aspectRatio', () => {
  it('reduces small ratios exactly and rounds odd sizes to a common one', () => {
    expect(aspectRatio(300, 200)).toBe('3:2');
    expect(aspectRatio(1024, 1024)).toBe('1:1');
    expect(aspectRatio(1920, 1080)).toBe('16:9');
    expect(aspectRatio(1000, 667)).toBe('3:2');
    expect(aspectRatio(667, 1000)).toBe('2:3');
    expect(aspectRatio(1023, 767)).toBe('4:3');
  });
});

describe('describeImage', () => {
  it('names the dominant colour of a solid image and its --ar', () => {
    const { prompts, description } = describeImage(createRaw(300, 200, [250, 5, 5]));
    expect(prompts).toHaveLength(4);
    for (const p of prompts) expect(p.endsWith('--ar 3:2')).toBe(true);
    expect(prompts[0]).toMatch(/\bred\b/);
    expect(description).toContain(`1️⃣ ${prompts[0]}`);
    expect(description).toContain(`4️⃣ ${prompts[3]}`);
  });

  it('names teal, and calls a dark picture low-key', () => {
    const dark = describeImage(createRaw(200, 400, [0, 70, 70]));
    expect(dark.prompts.join(' ')).toMatch(/teal/);
    expect(dark.prompts[0]).toMatch(/low-key/);
    expect(dark.prompts[0]).toMatch(/--ar 1:2$/);
  });

  it('lists the main colours of a two-colour picture and sees its contrast', () => {
    const raw = createRaw(400, 300, [245, 245, 245]);
    paste(raw, createRaw(200, 300, [15, 25, 80]), 0, 0);
    const text = describeImage(raw).prompts.join(' ');
    expect(text).toMatch(/navy/);
    expect(text).toMatch(/white/);
    expect(text).toMatch(/high-contrast/);
  });

  it('reads a bright, warm picture as such', () => {
    const text = describeImage(createRaw(100, 100, [255, 200, 60])).prompts.join(' ');
    expect(text).toMatch(/bright|high-key/);
    expect(text).toMatch(/warm/);
  });
});
