import type { BotType } from '@draw/shared';
import { colorByName, hslToRgb, rgbToHsl, type Hsl, type Rgb } from './color';
import { hashString, type Rng } from './random';
import { contentWords } from './words';

/**
 * From a prompt to colours and shapes: colour and concept words pin hues ("teal", "sunset"),
 * mood words move lightness and saturation ("moody", "pastel"), subject words pick the kind of
 * picture ("mountains", "galaxy"), and every other word still nudges the hues through its hash.
 */

export const ArtStyle = {
  Landscape: 'landscape',
  Waves: 'waves',
  Blobs: 'blobs',
  Geometric: 'geometric',
  Cosmos: 'cosmos',
  Bokeh: 'bokeh',
  Ribbons: 'ribbons',
} as const;
export type ArtStyle = (typeof ArtStyle)[keyof typeof ArtStyle];
export const ART_STYLES: readonly ArtStyle[] = Object.values(ArtStyle);

/** Five roles every artwork draws with, from the deepest shadow to the lightest highlight. */
export interface Palette {
  deep: Hsl;
  mid: Hsl;
  main: Hsl;
  accent: Hsl;
  light: Hsl;
}

export interface Theme {
  /** Hues the prompt asks for by name, in prompt order. */
  anchors: Hsl[];
  /** Hashes of the other words: they choose the harmony and the fallback hue. */
  wordHashes: number[];
  lightShift: number;
  saturation: number;
  styles: ArtStyle[];
}

const CONCEPTS: Record<string, Rgb[]> = {
  sunset: [
    [250, 110, 60],
    [220, 70, 120],
    [90, 40, 130],
  ],
  sunrise: [
    [255, 170, 90],
    [250, 120, 140],
    [120, 170, 230],
  ],
  dusk: [
    [80, 50, 140],
    [230, 110, 90],
  ],
  twilight: [
    [70, 50, 140],
    [200, 120, 200],
  ],
  ocean: [
    [0, 110, 150],
    [20, 60, 120],
    [80, 200, 210],
  ],
  sea: [
    [0, 120, 160],
    [20, 60, 120],
  ],
  water: [
    [30, 140, 200],
    [100, 210, 230],
  ],
  forest: [
    [30, 110, 60],
    [20, 70, 40],
    [150, 190, 90],
  ],
  jungle: [
    [20, 130, 70],
    [210, 200, 60],
  ],
  fire: [
    [230, 50, 20],
    [255, 150, 0],
  ],
  flame: [
    [240, 70, 20],
    [255, 190, 40],
  ],
  lava: [
    [200, 30, 10],
    [255, 120, 0],
  ],
  ice: [
    [140, 220, 240],
    [230, 245, 255],
  ],
  snow: [
    [230, 240, 250],
    [140, 170, 210],
  ],
  winter: [
    [170, 200, 230],
    [70, 100, 160],
  ],
  desert: [
    [225, 170, 100],
    [200, 100, 50],
    [120, 170, 220],
  ],
  autumn: [
    [210, 100, 30],
    [150, 40, 30],
    [230, 180, 60],
  ],
  spring: [
    [250, 170, 200],
    [150, 220, 140],
  ],
  blossom: [
    [250, 180, 210],
    [120, 190, 120],
  ],
  sakura: [
    [250, 180, 210],
    [90, 60, 90],
  ],
  night: [
    [20, 30, 80],
    [60, 40, 120],
  ],
  galaxy: [
    [70, 20, 120],
    [220, 60, 170],
    [40, 80, 200],
  ],
  nebula: [
    [130, 40, 170],
    [40, 170, 210],
  ],
  space: [
    [20, 20, 70],
    [120, 60, 200],
  ],
  neon: [
    [255, 30, 180],
    [0, 230, 255],
  ],
  cyberpunk: [
    [255, 30, 160],
    [0, 220, 255],
    [250, 220, 40],
  ],
  golden: [[230, 180, 60]],
  candy: [
    [255, 140, 190],
    [140, 220, 255],
  ],
  rust: [[170, 70, 30]],
  moss: [[100, 130, 50]],
};

const DARK = new Set([
  'dark',
  'night',
  'midnight',
  'moody',
  'noir',
  'gothic',
  'shadow',
  'shadows',
  'gloomy',
  'horror',
  'mysterious',
  'dim',
  'storm',
  'stormy',
]);
const DUSKY = new Set(['dusk', 'twilight', 'evening', 'sunset', 'dim', 'rainy', 'rain']);
const BRIGHT = new Set([
  'bright',
  'sunny',
  'light',
  'airy',
  'pastel',
  'soft',
  'dreamy',
  'morning',
  'day',
  'summer',
  'happy',
  'cheerful',
  'white',
]);
const VIVID = new Set([
  'neon',
  'vivid',
  'vibrant',
  'psychedelic',
  'colorful',
  'colourful',
  'saturated',
  'electric',
  'pop',
  'cyberpunk',
]);
const MUTED = new Set([
  'muted',
  'vintage',
  'faded',
  'retro',
  'minimal',
  'minimalist',
  'calm',
  'serene',
  'pastel',
  'foggy',
  'misty',
  'fog',
  'mist',
]);
const GREY = new Set(['monochrome', 'grayscale', 'greyscale', 'b&w', 'bw']);

const STYLE_WORDS: Record<ArtStyle, string[]> = {
  landscape: [
    'mountain',
    'mountains',
    'hill',
    'hills',
    'landscape',
    'valley',
    'peak',
    'peaks',
    'alps',
    'canyon',
    'field',
    'meadow',
    'horizon',
    'cliff',
    'cliffs',
    'desert',
    'dune',
    'dunes',
    'lighthouse',
    'castle',
    'village',
  ],
  waves: [
    'ocean',
    'sea',
    'wave',
    'waves',
    'water',
    'river',
    'lake',
    'beach',
    'surf',
    'tide',
    'shore',
    'coast',
    'boat',
    'ship',
    'sailing',
    'fish',
    'whale',
    'underwater',
  ],
  blobs: [
    'flower',
    'flowers',
    'garden',
    'bloom',
    'blossom',
    'cloud',
    'clouds',
    'dream',
    'dreamy',
    'organic',
    'cell',
    'jelly',
    'jellyfish',
    'fluid',
    'liquid',
    'abstract',
    'aurora',
    'gradient',
    'portrait',
    'cat',
    'dog',
  ],
  geometric: [
    'city',
    'building',
    'buildings',
    'architecture',
    'geometric',
    'bauhaus',
    'poster',
    'modern',
    'minimal',
    'minimalist',
    'cubism',
    'mosaic',
    'pattern',
    'tile',
    'tiles',
    'robot',
    'interior',
    'street',
  ],
  cosmos: [
    'space',
    'galaxy',
    'star',
    'stars',
    'nebula',
    'cosmic',
    'cosmos',
    'planet',
    'planets',
    'universe',
    'astronaut',
    'moon',
    'night',
    'sky',
    'spaceship',
    'alien',
  ],
  bokeh: [
    'light',
    'lights',
    'bokeh',
    'glow',
    'glowing',
    'lantern',
    'lanterns',
    'sparkle',
    'sparkles',
    'fireflies',
    'firefly',
    'bubbles',
    'bubble',
    'rain',
    'festival',
    'christmas',
    'neon',
    'magic',
  ],
  ribbons: [
    'wind',
    'hair',
    'silk',
    'flow',
    'flowing',
    'smoke',
    'fabric',
    'ribbon',
    'ribbons',
    'music',
    'dance',
    'dancer',
    'feather',
    'feathers',
    'energy',
    'motion',
    'swirl',
    'dragon',
    'spirit',
  ],
};

const toHsl = (rgb: Rgb): Hsl => rgbToHsl(rgb);

/** "snowy" → "snow", "stars" → "star", "skies" → "sky": enough stemming for the tables above. */
function stems(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') || word.endsWith('y')) out.push(word.slice(0, -1));
  return out;
}

const lookup = <T>(table: Record<string, T>, word: string): T | undefined => {
  for (const stem of stems(word)) if (Object.hasOwn(table, stem)) return table[stem];
  return undefined;
};

const matches = (set: ReadonlySet<string> | readonly string[], word: string): boolean =>
  stems(word).some((stem) => ('has' in set ? set.has(stem) : set.includes(stem)));

export function readTheme(prompt: string): Theme {
  const words = contentWords(prompt);
  const anchors: Hsl[] = [];
  const wordHashes: number[] = [];
  let lightShift = 0;
  let saturation = 1;
  const styleVotes = new Map<ArtStyle, number>();
  let namedCount = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const pair = `${word} ${words[i + 1] ?? ''}`;
    const named = colorByName(pair) ?? colorByName(word);
    if (colorByName(pair)) i += 1;
    const concept = lookup(CONCEPTS, word);
    // A colour the prompt names outranks the colours a concept merely suggests.
    if (named) anchors.splice(namedCount++, 0, toHsl(named));
    else if (concept) anchors.push(...concept.slice(0, 2).map(toHsl));
    else wordHashes.push(hashString(word));
    if (matches(DARK, word)) lightShift -= 0.16;
    if (matches(DUSKY, word)) lightShift -= 0.07;
    if (matches(BRIGHT, word)) lightShift += 0.1;
    if (matches(VIVID, word)) saturation *= 1.35;
    if (matches(MUTED, word)) saturation *= 0.7;
    if (matches(GREY, word)) saturation *= 0.08;
    for (const style of ART_STYLES) {
      if (matches(STYLE_WORDS[style], word))
        styleVotes.set(style, (styleVotes.get(style) ?? 0) + 1 / (1 + i * 0.2));
    }
  }
  const styles = [...styleVotes.entries()].sort((a, b) => b[1] - a[1]).map(([s]) => s);
  return {
    anchors,
    wordHashes,
    lightShift: Math.max(-0.3, Math.min(0.25, lightShift)),
    saturation: Math.min(1.6, saturation),
    styles,
  };
}

const HARMONIES: readonly (readonly [number, number])[] = [
  [30, -30],
  [180, 30],
  [120, 240],
  [150, 210],
  [-40, 160],
  [60, 200],
];

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Signed shortest turn from hue a to hue b, in degrees. */
const hueDistance = (a: number, b: number): number => ((((b - a) % 360) + 540) % 360) - 180;

/** A word's own hue: any hue but the muddy yellow-greens, which no word should be stuck with. */
const wordHue = (hash: number): number => {
  const h = hash % 330;
  return h < 55 ? h : h + 30;
};

/** Dark yellows and limes read as olive mud; painters push such shadows towards amber and brown. */
function shadowHue(h: number): number {
  const hue = ((h % 360) + 360) % 360;
  return hue > 40 && hue < 100 ? hue - 25 - (hue - 40) * 0.3 : hue;
}

export interface PaletteOptions {
  botType?: BotType;
  /** Colours measured from reference images: they tint the palette when the prompt names none. */
  tints?: Rgb[];
  /** Colours of style references: they lead, over the colours the prompt names. */
  style?: Rgb[];
}

export function buildPalette(theme: Theme, rng: Rng, options: PaletteOptions = {}): Palette {
  const usable = (c: Hsl) => c.s > 0.08 || c.l < 0.2 || c.l > 0.8;
  const tints = (options.tints ?? []).map(toHsl).filter(usable);
  const style = (options.style ?? []).map(toHsl).filter(usable);
  // A style reference sets the whole family: hues it lacks are its own neighbours, not harmonies.
  const near = (c: Hsl, dh: number, dl: number): Hsl => ({
    h: c.h + dh,
    s: c.s,
    l: clamp(c.l + dl, 0.1, 0.9),
  });
  const anchors = style[0]
    ? [style[0], style[1] ?? near(style[0], 14, -0.12), style[2] ?? near(style[0], -14, 0.14)]
    : [...theme.anchors, ...tints];
  const hash0 = theme.wordHashes[0];
  const baseHue = anchors[0]?.h ?? wordHue(hash0 ?? rng.int(0, 1 << 30));
  const harmony = HARMONIES[(theme.wordHashes[1] ?? rng.int(0, 1000)) % HARMONIES.length] ?? [30, -30];
  const niji = options.botType === 'NIJI_JOURNEY';
  const sat = theme.saturation * (niji ? 1.15 : 1);
  const lift = theme.lightShift + (niji ? 0.05 : 0);
  const jitter = (): number => rng.range(-10, 10);
  const tone = (c: Hsl, s: number, l: number): Hsl => ({
    h: c.h + jitter(),
    s: clamp(s * sat, 0, 1),
    l: clamp(l + lift, 0.04, 0.96),
  });

  const main = anchors[0] ?? { h: baseHue, s: 0.62, l: 0.52 };
  const mid = anchors[1] ?? { h: baseHue + harmony[0], s: 0.55, l: 0.42 };
  const accent = anchors[2] ?? { h: baseHue + harmony[1], s: 0.75, l: 0.6 };
  return {
    deep: tone({ ...mid, h: shadowHue(mid.h) }, Math.max(0.35, mid.s * 0.8), 0.13),
    mid: tone({ ...mid, h: mid.l < 0.5 ? shadowHue(mid.h) : mid.h }, mid.s, clamp(mid.l, 0.3, 0.6)),
    main: tone(main, Math.max(main.s, 0.25), clamp(main.l, 0.35, 0.7)),
    accent: tone(accent, Math.max(accent.s, 0.5), clamp(accent.l, 0.5, 0.78)),
    light: tone({ ...accent, h: accent.h + hueDistance(accent.h, main.h) / 2 }, 0.45, 0.88),
  };
}

/** A sibling palette: the same family of hues, moved a little (for the other tiles of a grid). */
export function varyPalette(p: Palette, rng: Rng, degrees: number): Palette {
  const move = (c: Hsl): Hsl => ({
    h: c.h + rng.range(-degrees, degrees),
    s: clamp(c.s * rng.range(0.9, 1.1), 0, 1),
    l: c.l,
  });
  const swapped = rng.chance(0.35);
  return {
    deep: move(p.deep),
    mid: move(swapped ? p.accent : p.mid),
    main: move(p.main),
    accent: move(swapped ? p.mid : p.accent),
    light: move(p.light),
  };
}

/** Palette from colours measured in a picture, for repainting that matches it. */
export function paletteFromColors(colors: readonly Rgb[], rng: Rng): Palette {
  const sorted = [...colors].map(toHsl).sort((a, b) => a.l - b.l);
  const at = (t: number): Hsl =>
    sorted[Math.min(sorted.length - 1, Math.round(t * (sorted.length - 1)))] ?? {
      h: rng.range(0, 360),
      s: 0.5,
      l: 0.5,
    };
  const deep = at(0);
  const light = at(1);
  const vivid = [...sorted].sort((a, b) => b.s - a.s)[0] ?? at(0.5);
  return {
    deep: { ...deep, l: Math.min(deep.l, 0.25) },
    mid: at(0.35),
    main: at(0.6),
    accent: { ...vivid, l: clamp(vivid.l, 0.45, 0.75) },
    light: { ...light, l: Math.max(light.l, 0.75) },
  };
}

export const paletteRgb = (p: Palette): Rgb[] => [p.deep, p.mid, p.main, p.accent, p.light].map(hslToRgb);
