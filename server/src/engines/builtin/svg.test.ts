import { describe, expect, it } from 'vitest';
import { lerpHsl, n, polyline, shade, smoothClosedPath, Svg } from './svg';

describe('svg', () => {
  it('writes a document with unique gradient ids and shared blur filters', () => {
    const svg = new Svg(40, 30);
    const a = svg.linear([{ offset: 0, color: { h: 0, s: 1, l: 0.5 } }], 0, 0, 40, 0);
    const b = svg.radial([{ offset: 1, color: { h: 240, s: 1, l: 0.5 }, opacity: 0.5 }], 20, 15, 10);
    expect(a).not.toBe(b);
    expect(svg.blur(8)).toBe(svg.blur(8.2));
    expect(svg.blur(8)).not.toBe(svg.blur(20));
    svg.add(`<rect width="40" height="30" fill="${a}"/>`);
    const text = svg.toString();
    expect(text).toMatch(/^<svg [^>]*width="40" height="30"/);
    expect(text).toContain('stop-color="#ff0000"');
    expect(text).toContain('stop-opacity="0.5"');
    expect(text.match(/<filter /g)).toHaveLength(2);
  });

  it('formats numbers briefly', () => {
    expect(n(1.23456)).toBe('1.2');
    expect(n(-0.04)).toBe('0');
    expect(n(10)).toBe('10');
  });

  it('draws smooth closed paths through every point', () => {
    const d = smoothClosedPath([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    expect(d.startsWith('M0,0')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
    expect(d.match(/C/g)).toHaveLength(4);
    for (const p of ['10,0', '10,10', '0,10']) expect(d).toContain(` ${p}C`.replace('C', ''));
    expect(
      polyline([
        [0, 0],
        [1.25, 2],
      ]),
    ).toBe('M0,0L1.3,2');
  });

  it('interpolates without passing through other hues, and clamps shades', () => {
    const purple = lerpHsl({ h: 0, s: 1, l: 0.5 }, { h: 240, s: 1, l: 0.5 }, 0.5);
    expect(purple.h).toBeCloseTo(300);
    const olive = lerpHsl({ h: 0, s: 1, l: 0.5 }, { h: 120, s: 1, l: 0.5 }, 0.5);
    expect(olive.h).toBeCloseTo(60);
    expect(olive.l).toBeCloseTo(0.25, 1);
    expect(shade({ h: 0, s: 0.9, l: 0.95 }, 0.2, 0.3)).toEqual({ h: 0, s: 1, l: 0.98 });
  });
});
