import { hslHex, hslToRgb, mixRgb, rgbToHsl, type Hsl } from './color';

/** A tiny SVG writer: gradients and filters get unique ids, numbers stay short. */

export const n = (x: number): string => (Math.round(x * 10) / 10).toString();

export interface Stop {
  offset: number;
  color: Hsl;
  opacity?: number;
}

/** Lighter/darker, more/less saturated: styles shade the five palette roles instead of adding colours. */
export const shade = (c: Hsl, dl = 0, ds = 0): Hsl => ({
  h: c.h,
  s: Math.min(1, Math.max(0, c.s + ds)),
  l: Math.min(0.98, Math.max(0.02, c.l + dl)),
});

/** Mixes through RGB: going round the hue circle would paint a rainbow between far-apart hues. */
export function lerpHsl(a: Hsl, b: Hsl, t: number): Hsl {
  return rgbToHsl(mixRgb(hslToRgb(a), hslToRgb(b), t));
}

export const fill = (c: Hsl): string => hslHex(c);

export class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly blurs = new Map<number, string>();
  private next = 0;

  /**
   * `pixelScale` < 1 renders the same drawing at a lower resolution: blurred layers look the
   * same when upscaled and cost a fraction of the time (librsvg blurs are the slow part).
   */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly pixelScale = 1,
  ) {}

  get pixelWidth(): number {
    return Math.max(1, Math.round(this.width * this.pixelScale));
  }

  get pixelHeight(): number {
    return Math.max(1, Math.round(this.height * this.pixelScale));
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  private id(prefix: string): string {
    this.next += 1;
    return `${prefix}${this.next}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        (s) =>
          `<stop offset="${n(s.offset)}" stop-color="${hslHex(s.color)}" stop-opacity="${n(s.opacity ?? 1)}"/>`,
      )
      .join('');
  }

  /** Returns a `url(#…)` paint; coordinates are pixels. */
  linear(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id('l');
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx: number, cy: number, r: number, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fx="${n(fx)}" fy="${n(fy)}">${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A Gaussian blur filter; the wide filter region keeps big blurs from being clipped square. */
  blur(deviation: number): string {
    const key = Math.round(deviation);
    const known = this.blurs.get(key);
    if (known) return known;
    const id = this.id('b');
    this.defs.push(
      `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${key}"/></filter>`,
    );
    const url = `url(#${id})`;
    this.blurs.set(key, url);
    return url;
  }

  /**
   * A soft glow: a radial gradient with a Gaussian-like falloff. It looks like a blurred disc but
   * renders smoothly (blur filters quantise in 8-bit premultiplied alpha and leave rings).
   */
  glow(cx: number, cy: number, rx: number, ry: number, rotate: number, color: Hsl, opacity: number): void {
    const paint = this.radial(
      [0, 0.2, 0.4, 0.6, 0.8, 1].map((offset) => ({
        offset,
        color,
        opacity: opacity * Math.exp(-3 * offset * offset) * (1 - offset * offset),
      })),
      0,
      0,
      1,
    );
    this.add(
      `<circle r="1" fill="${paint}" transform="translate(${n(cx)},${n(cy)}) rotate(${n(rotate)}) scale(${n(rx)},${n(ry)})"/>`,
    );
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.pixelWidth}" height="${this.pixelHeight}" viewBox="0 0 ${this.width} ${this.height}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

export type Point = readonly [number, number];

/** A smooth closed curve through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: readonly Point[]): string {
  const count = points.length;
  const at = (i: number): Point => points[((i % count) + count) % count] ?? [0, 0];
  let d = `M${n(at(0)[0])},${n(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(p2[0])},${n(p2[1])}`;
  }
  return `${d}Z`;
}

export const polyline = (points: readonly Point[]): string =>
  points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)},${n(y)}`).join('');

/**
 * Where a style draws: `back` (backgrounds and everything blurred) is rendered at a quarter of
 * the resolution and upscaled, `front` (crisp shapes, transparent elsewhere) at full resolution.
 */
export interface Canvas {
  width: number;
  height: number;
  back: Svg;
  front: Svg;
}

export const BACK_SCALE = 0.25;

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, back: new Svg(width, height, BACK_SCALE), front: new Svg(width, height) };
}
