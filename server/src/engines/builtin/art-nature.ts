import type { Palette } from './palette';
import type { Rng } from './random';
import { fill, lerpHsl, n, polyline, shade, type Canvas, type Point, type Svg } from './svg';

/** Figurative-ish styles: ridges under a sky, bands of sea, a starfield. */

/** Midpoint displacement: a ridge line that is rough at every scale, like real skylines. */
function ridge(rng: Rng, segments: number, roughness: number): number[] {
  const heights = new Array<number>(segments + 1).fill(0);
  heights[0] = rng.range(-1, 1);
  heights[segments] = rng.range(-1, 1);
  let step = segments;
  let amplitude = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < segments; i += step) {
      heights[i] =
        ((heights[i - half] ?? 0) + (heights[i + half] ?? 0)) / 2 + rng.range(-amplitude, amplitude);
    }
    amplitude *= roughness;
    step = half;
  }
  return heights;
}

function sun(c: Canvas, p: Palette, rng: Rng, cx: number, cy: number, r: number): void {
  const glow = c.back.radial(
    [
      { offset: 0, color: shade(p.light, 0.05), opacity: 0.85 },
      { offset: 0.35, color: p.accent, opacity: 0.4 },
      { offset: 1, color: p.accent, opacity: 0 },
    ],
    cx,
    cy,
    r * rng.range(3, 4.5),
  );
  c.back.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 4.5)}" fill="${glow}"/>`);
  const disc = c.front.linear(
    [
      { offset: 0, color: shade(p.light, 0.06) },
      { offset: 1, color: shade(p.accent, 0.1) },
    ],
    cx,
    cy - r,
    cx,
    cy + r,
  );
  c.front.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${disc}"/>`);
}

function sky(svg: Svg, top: Palette['main'], bottom: Palette['main'], horizonY: number): void {
  const paint = svg.linear(
    [
      { offset: 0, color: top },
      { offset: 0.55, color: lerpHsl(top, bottom, 0.6) },
      { offset: 1, color: bottom },
    ],
    0,
    0,
    0,
    horizonY,
  );
  svg.add(`<rect width="${svg.width}" height="${svg.height}" fill="${paint}"/>`);
}

export function landscape(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = c;
  const dusk = rng.chance(0.5);
  const top = dusk ? shade(p.deep, 0.08) : shade(p.mid, 0.2, -0.1);
  const horizon = dusk ? shade(p.accent, 0.08) : p.light;
  sky(c.back, top, horizon, h * 0.7);
  sun(c, p, rng, w * rng.range(0.2, 0.8), h * rng.range(0.16, 0.4), w * rng.range(0.05, 0.1));

  const layers = rng.int(4, 6);
  const haze = lerpHsl(horizon, p.mid, 0.35);
  const middle = shade(p.main, -0.08);
  const near = shade(p.deep, -0.04);
  const roughness = rng.range(0.45, 0.6);
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = h * (0.45 + 0.42 * t);
    const amplitude = h * (0.05 + 0.1 * (1 - t * 0.6)) * rng.range(0.7, 1.25);
    const pts: Point[] = ridge(rng, 64, roughness).map((v, k) => [(k / 64) * w, base + v * amplitude]);
    // Far ridges fade into the haze, middle ones carry the prompt's main colour, near ones go dark.
    const color = t < 0.5 ? lerpHsl(haze, middle, t * 2) : lerpHsl(middle, near, (t - 0.5) * 2);
    const body = c.front.linear(
      [
        { offset: 0, color },
        { offset: 1, color: shade(color, -0.08) },
      ],
      0,
      base - amplitude,
      0,
      h,
    );
    c.front.add(`<path d="${polyline(pts)}L${w},${h}L0,${h}Z" fill="${body}"/>`);
    if (i < layers - 1 && rng.chance(0.6)) {
      const mist = c.front.linear(
        [
          { offset: 0, color: haze, opacity: 0 },
          { offset: 1, color: haze, opacity: 0.35 },
        ],
        0,
        base - amplitude,
        0,
        base + amplitude,
      );
      c.front.add(
        `<rect y="${n(base - amplitude)}" width="${w}" height="${n(amplitude * 2)}" fill="${mist}"/>`,
      );
    }
  }
}

export function waves(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = c;
  sky(c.back, shade(p.light, 0.04), shade(p.accent, 0.12, -0.1), h * 0.5);
  sun(c, p, rng, w * rng.range(0.25, 0.75), h * rng.range(0.2, 0.35), w * rng.range(0.09, 0.15));

  const bands = rng.int(6, 9);
  const tones = [shade(p.mid, 0.12), shade(p.main, 0.02), shade(p.deep, 0.02)];
  for (let i = 0; i < bands; i++) {
    const t = i / (bands - 1);
    const y0 = h * (0.4 + 0.58 * t);
    const freq = rng.range(0.8, 2.2);
    const phase = rng.next();
    const phase2 = rng.next();
    const amplitude = h * rng.range(0.012, 0.03) * (1 + t);
    const pts: Point[] = [];
    for (let x = 0; x <= w; x += 6) {
      const u = x / w;
      pts.push([
        x,
        y0 +
          amplitude * Math.sin(2 * Math.PI * (freq * u + phase)) +
          amplitude * 0.45 * Math.sin(2 * Math.PI * (freq * 2.7 * u + phase2)),
      ]);
    }
    const [a, b] = t < 0.5 ? [tones[0], tones[1]] : [tones[1], tones[2]];
    const color = lerpHsl(a ?? p.mid, b ?? p.deep, t < 0.5 ? t * 2 : (t - 0.5) * 2);
    const body = c.front.linear(
      [
        { offset: 0, color: shade(color, 0.06) },
        { offset: 1, color: shade(color, -0.06) },
      ],
      0,
      y0 - amplitude,
      0,
      y0 + h * 0.15,
    );
    c.front.add(`<path d="${polyline(pts)}L${w},${h}L0,${h}Z" fill="${body}"/>`);
    c.front.add(
      `<path d="${polyline(pts)}" fill="none" stroke="${fill(shade(p.light, 0.05))}" stroke-opacity="${n(0.35 + 0.3 * rng.next())}" stroke-width="${n(1.2 + 2 * t)}"/>`,
    );
  }
}

export function cosmos(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = c;
  const night = { ...p.deep, l: Math.min(p.deep.l, 0.1) };
  const bg = c.back.radial(
    [
      { offset: 0, color: shade(night, 0.08) },
      { offset: 1, color: shade(night, -0.05) },
    ],
    w * rng.range(0.3, 0.7),
    h * rng.range(0.3, 0.7),
    Math.max(w, h) * 0.8,
  );
  c.back.add(`<rect width="${w}" height="${h}" fill="${bg}"/>`);

  const clouds = [p.main, p.accent, p.mid, p.accent, p.main, shade(p.light, -0.1)];
  for (let i = rng.int(4, 6); i > 0; i--) {
    const color = clouds[i % clouds.length] ?? p.main;
    const rx = w * rng.range(0.25, 0.55);
    c.back.glow(
      w * rng.range(0.1, 0.9),
      h * rng.range(0.1, 0.9),
      rx,
      rx * rng.range(0.35, 0.8),
      rng.range(-60, 60),
      color,
      rng.range(0.45, 0.75),
    );
  }

  const starColor = fill(shade(p.light, 0.08, -0.2));
  const dots: string[] = [];
  for (let i = rng.int(80, 150); i > 0; i--) {
    dots.push(
      `<circle cx="${n(rng.next() * w)}" cy="${n(rng.next() * h)}" r="${n(0.4 + rng.next() ** 3 * 1.4)}" opacity="${n(0.35 + rng.next() * 0.65)}"/>`,
    );
  }
  c.front.add(`<g fill="${starColor}">${dots.join('')}</g>`);
  for (let i = rng.int(4, 8); i > 0; i--) {
    const x = rng.next() * w;
    const y = rng.next() * h;
    const glow = c.front.radial(
      [
        { offset: 0, color: p.light, opacity: 0.9 },
        { offset: 1, color: p.light, opacity: 0 },
      ],
      x,
      y,
      9,
    );
    c.front.add(
      `<circle cx="${n(x)}" cy="${n(y)}" r="9" fill="${glow}"/><circle cx="${n(x)}" cy="${n(y)}" r="1.6" fill="${starColor}"/>`,
    );
  }
  planet(c.front, p, rng);
}

function planet(svg: Svg, p: Palette, rng: Rng): void {
  const { width: w, height: h } = svg;
  const r = Math.min(w, h) * rng.range(0.1, 0.2);
  const cx = w * rng.range(0.25, 0.75);
  const cy = h * rng.range(0.3, 0.7);
  const body = svg.radial(
    [
      { offset: 0, color: shade(p.light, 0.02) },
      { offset: 0.45, color: p.main },
      { offset: 1, color: shade(p.deep, -0.02) },
    ],
    cx,
    cy,
    r * 1.3,
    cx - r * 0.45,
    cy - r * 0.5,
  );
  const ring = rng.chance(0.55);
  const tilt = rng.range(-25, 25);
  const rx = r * 1.9;
  const ry = r * 0.42;
  // The ring's far half goes behind the planet and its near half in front.
  const arc = (sweep: 0 | 1): string =>
    `<path d="M${n(-rx)},0A${n(rx)},${n(ry)} 0 0 ${sweep} ${n(rx)},0" fill="none" stroke="${fill(shade(p.accent, 0.1))}" stroke-width="${n(r * 0.09)}" stroke-opacity="0.8" transform="translate(${n(cx)},${n(cy)}) rotate(${n(tilt)})"/>`;
  if (ring) svg.add(arc(1));
  svg.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${body}"/>`);
  if (ring) svg.add(arc(0));
}
