import { nearestColorName, rgbToHsl } from './color';
import { dominantColors, imageStats, type ImageStats } from './measure';
import type { Raw } from './pixels';

/** Describe: prompts written from what can be measured in the picture. */

const COMMON_RATIOS: readonly [number, number][] = [
  [1, 1],
  [5, 4],
  [4, 5],
  [4, 3],
  [3, 4],
  [3, 2],
  [2, 3],
  [16, 10],
  [10, 16],
  [7, 4],
  [4, 7],
  [16, 9],
  [9, 16],
  [2, 1],
  [1, 2],
  [21, 9],
  [9, 21],
  [3, 1],
  [1, 3],
];

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** `--ar` as a person would write it: exact when small (300×200 → 3:2), else the nearest common ratio. */
export function aspectRatio(width: number, height: number): string {
  const w = Math.round(width);
  const h = Math.round(height);
  const g = gcd(w, h) || 1;
  if (w / g <= 21 && h / g <= 21) return `${w / g}:${h / g}`;
  const target = Math.log(w / h);
  let best = COMMON_RATIOS[0] ?? [1, 1];
  for (const r of COMMON_RATIOS)
    if (Math.abs(Math.log(r[0] / r[1]) - target) < Math.abs(Math.log(best[0] / best[1]) - target)) best = r;
  return `${best[0]}:${best[1]}`;
}

const DARK_NAMES = new Set(['black', 'charcoal', 'navy', 'maroon', 'chocolate', 'forest green', 'indigo']);
const LIGHT_NAMES = new Set(['white', 'ivory', 'silver', 'beige', 'mint', 'lavender', 'sky blue']);

function colourWords(raw: Raw): string[] {
  const names: string[] = [];
  for (const { rgb, share } of dominantColors(raw, 5)) {
    if (share < 0.06 && names.length > 0) continue;
    const name = nearestColorName(rgb);
    const { l } = rgbToHsl(rgb);
    const plain = !name.includes(' ');
    const word =
      plain && l < 0.22 && !DARK_NAMES.has(name)
        ? `deep ${name}`
        : plain && l > 0.8 && !LIGHT_NAMES.has(name)
          ? `pale ${name}`
          : name;
    if (!names.some((n) => n === word || n.endsWith(` ${name}`) || word.endsWith(` ${n}`))) names.push(word);
    if (names.length === 3) break;
  }
  return names.length > 0 ? names : ['grey'];
}

const list = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

interface Words {
  mood: string;
  light: string;
  contrast: string;
  colourfulness: string;
  texture: string;
  warmth: string;
}

function wordsFor(s: ImageStats): Words {
  return {
    mood:
      s.brightness < 0.25
        ? 'moody low-key'
        : s.brightness < 0.42
          ? 'dusky, atmospheric'
          : s.brightness < 0.62
            ? 'balanced'
            : s.brightness < 0.8
              ? 'bright'
              : 'airy high-key',
    light:
      s.brightness < 0.25
        ? 'dark'
        : s.brightness < 0.42
          ? 'dim'
          : s.brightness < 0.62
            ? 'softly lit'
            : 'luminous',
    contrast:
      s.contrast < 0.06
        ? 'flat, low-contrast'
        : s.contrast < 0.18
          ? 'gentle contrast'
          : 'high-contrast, punchy',
    colourfulness:
      s.saturation < 0.12
        ? 'muted, almost monochrome'
        : s.saturation < 0.35
          ? 'subdued'
          : s.saturation < 0.65
            ? 'rich'
            : 'vivid, saturated',
    texture:
      s.detail < 0.006
        ? 'soft gradients'
        : s.detail < 0.03
          ? 'smooth shapes'
          : s.detail < 0.08
            ? 'layered shapes'
            : 'intricate detail',
    warmth: s.warmth === 'warm' ? 'warm glow' : s.warmth === 'cool' ? 'cool light' : 'even light',
  };
}

const KEYCAPS = ['1️⃣', '2️⃣', '3️⃣', '4️⃣'];

export function describeImage(raw: Raw): { prompts: string[]; description: string } {
  const colours = colourWords(raw);
  const w = wordsFor(imageStats(raw));
  const ar = `--ar ${aspectRatio(raw.width, raw.height)}`;
  const lead = colours[0] ?? 'grey';
  const pair = list(colours.slice(0, 2));
  const prompts = [
    `a ${w.mood} composition in ${list(colours)}, ${w.texture} ${ar}`,
    `abstract ${pair} colour field painting, ${w.colourfulness} palette, ${w.warmth} ${ar}`,
    `minimalist study dominated by ${lead}, ${w.contrast}, ${w.light} atmosphere ${ar}`,
    `cinematic still with ${w.warmth} over ${lead} tones, ${w.texture}, ${w.colourfulness} ${ar}`,
  ];
  const description = prompts.map((p, i) => `${KEYCAPS[i] ?? `${i + 1}.`} ${p}`).join('\n\n');
  return { prompts, description };
}
