/** Colour arithmetic and the small table of colour names that describe and imagine share. */

export type Rgb = readonly [number, number, number];

/** h in degrees, s and l in 0–1. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));
const byte = (x: number): number => Math.round(Math.min(255, Math.max(0, x)));

export function hslToRgb({ h, s, l }: Hsl): Rgb {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = clamp01(s);
  const lig = clamp01(l);
  if (sat === 0) return [byte(lig * 255), byte(lig * 255), byte(lig * 255)];
  const q = lig < 0.5 ? lig * (1 + sat) : lig + sat - lig * sat;
  const p = 2 * lig - q;
  const channel = (t0: number): number => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [byte(channel(hue + 1 / 3) * 255), byte(channel(hue) * 255), byte(channel(hue - 1 / 3) * 255)];
}

export function rgbToHsl([r8, g8, b8]: Rgb): Hsl {
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

export const hex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b].map((c) => byte(c).toString(16).padStart(2, '0')).join('')}`;

export const hslHex = (c: Hsl): string => hex(hslToRgb(c));

export function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Rec. 709 luma in 0–1 on the encoded values: what "bright" means to a viewer, near enough. */
export const luma = ([r, g, b]: Rgb): number => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

type Lab = readonly [number, number, number];

export function rgbToLab([r8, g8, b8]: Rgb): Lab {
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const r = lin(r8);
  const g = lin(g8);
  const b = lin(b8);
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

export function labDistance(a: Rgb, b: Rgb): number {
  const [l1, a1, b1] = rgbToLab(a);
  const [l2, a2, b2] = rgbToLab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/** Names a person would use in a prompt; coarse on purpose so that describe reads naturally. */
export const COLOR_NAMES: readonly { name: string; rgb: Rgb }[] = [
  { name: 'black', rgb: [12, 12, 14] },
  { name: 'charcoal', rgb: [54, 56, 60] },
  { name: 'grey', rgb: [128, 128, 128] },
  { name: 'silver', rgb: [192, 192, 196] },
  { name: 'white', rgb: [245, 245, 245] },
  { name: 'ivory', rgb: [250, 240, 215] },
  { name: 'beige', rgb: [215, 195, 160] },
  { name: 'brown', rgb: [120, 72, 40] },
  { name: 'chocolate', rgb: [70, 40, 25] },
  { name: 'red', rgb: [255, 0, 0] },
  { name: 'crimson', rgb: [200, 20, 60] },
  { name: 'maroon', rgb: [110, 10, 30] },
  { name: 'coral', rgb: [255, 127, 90] },
  { name: 'orange', rgb: [255, 140, 0] },
  { name: 'amber', rgb: [255, 191, 0] },
  { name: 'gold', rgb: [212, 175, 55] },
  { name: 'yellow', rgb: [255, 235, 40] },
  { name: 'olive', rgb: [120, 120, 30] },
  { name: 'lime', rgb: [170, 230, 50] },
  { name: 'green', rgb: [30, 160, 60] },
  { name: 'emerald', rgb: [0, 140, 90] },
  { name: 'forest green', rgb: [25, 75, 35] },
  { name: 'mint', rgb: [160, 235, 200] },
  { name: 'deep teal', rgb: [0, 72, 78] },
  { name: 'teal', rgb: [0, 128, 128] },
  { name: 'turquoise', rgb: [50, 210, 200] },
  { name: 'cyan', rgb: [0, 230, 255] },
  { name: 'sky blue', rgb: [120, 190, 240] },
  { name: 'azure', rgb: [0, 120, 230] },
  { name: 'blue', rgb: [0, 0, 255] },
  { name: 'cobalt', rgb: [0, 60, 170] },
  { name: 'navy', rgb: [15, 25, 80] },
  { name: 'indigo', rgb: [75, 0, 130] },
  { name: 'violet', rgb: [140, 80, 220] },
  { name: 'lavender', rgb: [190, 170, 235] },
  { name: 'purple', rgb: [128, 0, 128] },
  { name: 'magenta', rgb: [255, 0, 255] },
  { name: 'pink', rgb: [255, 150, 190] },
  { name: 'rose', rgb: [230, 90, 130] },
];

export function nearestColorName(rgb: Rgb): string {
  let best = COLOR_NAMES[0]?.name ?? 'grey';
  let bestDistance = Infinity;
  for (const { name, rgb: ref } of COLOR_NAMES) {
    const d = labDistance(rgb, ref);
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

/** The table entry for a word in a prompt ("teal", "forest green"), if it names a colour. */
export function colorByName(name: string): Rgb | undefined {
  return COLOR_NAMES.find((c) => c.name === name)?.rgb;
}
