import type { Palette } from './palette';
import type { Rng } from './random';
import { fill, lerpHsl, n, shade, smoothClosedPath, type Canvas, type Point } from './svg';

/** Non-figurative styles: mesh-gradient blobs, Bauhaus tiles, bokeh, silk ribbons. */

function blobPath(rng: Rng, cx: number, cy: number, r: number): string {
  const count = rng.int(6, 9);
  const pts: Point[] = [];
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2;
    const radius = r * rng.range(0.72, 1.22);
    pts.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  return smoothClosedPath(pts);
}

export function blobs(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = c;
  const bg = c.back.linear(
    [
      { offset: 0, color: p.deep },
      { offset: 1, color: shade(p.mid, -0.05) },
    ],
    0,
    0,
    w,
    h,
  );
  c.back.add(`<rect width="${w}" height="${h}" fill="${bg}"/>`);
  const soft = [p.main, p.accent, p.mid, p.light, p.main, p.accent];
  for (let i = rng.int(5, 7); i > 0; i--) {
    const color = soft[i % soft.length] ?? p.main;
    const r = w * rng.range(0.45, 0.75);
    c.back.glow(
      w * rng.next(),
      h * rng.next(),
      r,
      r * rng.range(0.7, 1),
      rng.range(0, 180),
      color,
      rng.range(0.75, 1),
    );
  }
  for (let i = rng.int(2, 3); i > 0; i--) {
    const cx = w * rng.range(0.2, 0.8);
    const cy = h * rng.range(0.2, 0.8);
    const r = w * rng.range(0.09, 0.2);
    const d = blobPath(rng, cx, cy, r);
    const paint = c.front.linear(
      [
        { offset: 0, color: shade(p.light, 0.02) },
        { offset: 1, color: rng.pick([p.accent, p.main]) },
      ],
      cx - r,
      cy - r,
      cx + r,
      cy + r,
    );
    c.back.add(
      `<path d="${d}" fill="#000" opacity="0.3" transform="translate(${n(r * 0.12)},${n(r * 0.16)})" filter="${c.back.blur(r * 0.15)}"/>`,
    );
    c.front.add(`<path d="${d}" fill="${paint}" opacity="0.92"/>`);
  }
  const dots: string[] = [];
  for (let i = rng.int(0, 14); i > 0; i--) {
    dots.push(
      `<circle cx="${n(rng.next() * w)}" cy="${n(rng.next() * h)}" r="${n(rng.range(1.5, 5))}" opacity="${n(rng.range(0.4, 0.9))}"/>`,
    );
  }
  c.front.add(`<g fill="${fill(p.light)}">${dots.join('')}</g>`);
}

const TILE_SHAPES = ['quarter', 'half', 'circle', 'triangle', 'rings', 'stripes', 'dot'] as const;

export function geometric(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h, front } = c;
  const margin = Math.round(Math.min(w, h) * 0.05);
  const cols = rng.pick([3, 4]);
  const size = (w - margin * 2) / cols;
  const rows = Math.max(1, Math.round((h - margin * 2) / size));
  const cellH = (h - margin * 2) / rows;
  c.back.add(`<rect width="${w}" height="${h}" fill="${fill(shade(p.light, 0.06, -0.15))}"/>`);
  const inks = [p.deep, p.mid, p.main, p.accent, shade(p.light, -0.06)];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = margin + col * size;
      const y = margin + row * cellH;
      const back = rng.pick(inks);
      const ink = fill(rng.pick(inks.filter((k) => k !== back)));
      front.add(
        `<rect x="${n(x)}" y="${n(y)}" width="${n(size + 0.6)}" height="${n(cellH + 0.6)}" fill="${fill(back)}"/>`,
      );
      const cx = x + size / 2;
      const cy = y + cellH / 2;
      const s = Math.min(size, cellH);
      const at = `transform="rotate(${rng.int(0, 3) * 90} ${n(cx)} ${n(cy)})"`;
      switch (rng.pick(TILE_SHAPES)) {
        case 'quarter':
          front.add(
            `<path d="M${n(cx - s / 2)},${n(cy - s / 2)}h${n(s)}A${n(s)},${n(s)} 0 0 1 ${n(cx - s / 2)},${n(cy + s / 2)}Z" fill="${ink}" ${at}/>`,
          );
          break;
        case 'half':
          front.add(
            `<path d="M${n(cx - s / 2)},${n(cy)}A${n(s / 2)},${n(s / 2)} 0 0 1 ${n(cx + s / 2)},${n(cy)}Z" fill="${ink}" ${at}/>`,
          );
          break;
        case 'circle':
          front.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * rng.range(0.3, 0.42))}" fill="${ink}"/>`);
          break;
        case 'triangle':
          front.add(
            `<path d="M${n(cx - s / 2)},${n(cy + s / 2)}L${n(cx + s / 2)},${n(cy + s / 2)}L${n(cx - s / 2)},${n(cy - s / 2)}Z" fill="${ink}" ${at}/>`,
          );
          break;
        case 'rings':
          for (let k = 3; k > 0; k--) {
            front.add(
              `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n((s * 0.42 * k) / 3)}" fill="none" stroke="${ink}" stroke-width="${n(s * 0.06)}"/>`,
            );
          }
          break;
        case 'stripes':
          for (let k = 0; k < 4; k++) {
            front.add(
              `<rect x="${n(x + (k * size) / 4)}" y="${n(y)}" width="${n(size / 8)}" height="${n(cellH)}" fill="${ink}" ${at}/>`,
            );
          }
          break;
        case 'dot':
          front.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(s * 0.14)}" fill="${ink}"/>`);
          break;
      }
    }
  }
}

export function bokeh(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = c;
  const bg = c.back.linear(
    [
      { offset: 0, color: shade(p.deep, -0.05) },
      { offset: 1, color: shade(p.mid, -0.12) },
    ],
    0,
    0,
    w * rng.range(0.3, 1),
    h,
  );
  c.back.add(`<rect width="${w}" height="${h}" fill="${bg}"/>`);
  c.back.glow(
    w * rng.range(0.3, 0.7),
    h * rng.range(0.3, 0.7),
    w * 0.75,
    h * 0.3,
    rng.range(-40, 40),
    p.main,
    0.55,
  );
  const lights = [p.accent, p.light, p.main, shade(p.accent, 0.15)];
  for (let i = rng.int(28, 46); i > 0; i--) {
    const color = rng.pick(lights);
    const r = 6 + 60 * rng.next() ** 2.2;
    const x = rng.next() * w;
    const y = rng.next() * h;
    const opacity = rng.range(0.2, 0.6);
    if (r > 24) {
      // Big discs are out of focus: drawn blurred on the low-resolution layer.
      c.back.add(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill(color)}" opacity="${n(opacity)}" filter="${c.back.blur(rng.range(2, 8))}"/>`,
      );
    } else if (rng.chance(0.5)) {
      const paint = c.front.radial(
        [
          { offset: 0, color, opacity },
          { offset: 0.8, color, opacity: opacity * 0.7 },
          { offset: 1, color, opacity: 0 },
        ],
        x,
        y,
        r,
      );
      c.front.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${paint}"/>`);
    } else {
      c.front.add(
        `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill(color)}" opacity="${n(opacity)}"/>`,
      );
    }
  }
}

export function ribbons(c: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = c;
  const bg = c.back.radial(
    [
      { offset: 0, color: shade(p.deep, 0.06) },
      { offset: 1, color: shade(p.deep, -0.06) },
    ],
    w / 2,
    h / 2,
    Math.max(w, h) * 0.75,
  );
  c.back.add(`<rect width="${w}" height="${h}" fill="${bg}"/>`);
  const pairs = [
    [p.accent, p.light],
    [p.main, p.accent],
    [p.mid, p.main],
    [p.light, p.main],
  ] as const;
  const bundles = rng.int(3, 4);
  for (let b = 0; b < bundles; b++) {
    const [from, to] = pairs[b % pairs.length] ?? pairs[0];
    const y0 = h * rng.range(0.05, 0.95);
    const y3 = h * rng.range(0.05, 0.95);
    const c1: Point = [w * rng.range(0.15, 0.5), h * rng.range(-0.3, 1.3)];
    const c2: Point = [w * rng.range(0.5, 0.85), h * rng.range(-0.3, 1.3)];
    const spread = h * rng.range(0.18, 0.42);
    const twist = rng.range(-1.4, 1.4);
    const lines = rng.int(40, 64);
    const strokes: string[] = [];
    for (let i = 0; i < lines; i++) {
      const t = i / (lines - 1) - 0.5;
      const d =
        `M-10,${n(y0 + t * spread * 0.3)}` +
        `C${n(c1[0])},${n(c1[1] + t * spread * (1 + twist))} ${n(c2[0])},${n(c2[1] - t * spread * (1 - twist))} ${n(w + 10)},${n(y3 + t * spread * 0.5)}`;
      strokes.push(`<path d="${d}" stroke="${fill(lerpHsl(from, to, t + 0.5))}"/>`);
    }
    const group = strokes.join('');
    c.back.add(`<g fill="none" stroke-width="5" opacity="0.55" filter="${c.back.blur(5)}">${group}</g>`);
    c.front.add(`<g fill="none" stroke-width="${n(rng.range(1, 1.8))}" opacity="0.8">${group}</g>`);
  }
}
