import type { PanDirection } from '../port';
import { renderArt } from './art';
import { TILE } from './imagine';
import { dominantColors, type Swatch } from './measure';
import { ART_STYLES, buildPalette, paletteFromColors, readTheme, varyPalette } from './palette';
import { gridOf, mix, smoothstep, softLight, type AlphaMap, type Raw } from './pixels';
import { createRng } from './random';
import { blurRaw, extendRaw, resizeRaw } from './raster';

/**
 * Growing a picture outwards (zoom out, pan). The new area continues the picture's edge colours
 * (its edge pixels stretched outwards) shaded and shaped by procedural paint in those colours
 * and the prompt's. The picture keeps its place, scale and pixels except for a thin feathered rim.
 */

interface Placement {
  /** Size of the grown tile. */
  width: number;
  height: number;
  /** Where the original sits inside it. */
  left: number;
  top: number;
}

/**
 * Signed distance in pixels to the original's rectangle: negative inside, positive outside.
 * Sides that touch the canvas edge (a pan grows one side only) do not count as edges.
 */
function distanceField(p: Placement, inner: { width: number; height: number }): Float32Array {
  const field = new Float32Array(p.width * p.height);
  const right = p.left + inner.width - 1;
  const bottom = p.top + inner.height - 1;
  const side = (grown: boolean, d: number): number => (grown ? d : -Infinity);
  for (let y = 0; y < p.height; y++) {
    const dy = Math.max(side(p.top > 0, p.top - y), side(bottom < p.height - 1, y - bottom));
    for (let x = 0; x < p.width; x++) {
      const dx = Math.max(side(p.left > 0, p.left - x), side(right < p.width - 1, x - right));
      const ox = Math.max(dx, 0);
      const oy = Math.max(dy, 0);
      field[y * p.width + x] = dx > 0 || dy > 0 ? Math.sqrt(ox * ox + oy * oy) : Math.max(dx, dy);
    }
  }
  return field;
}

const alphaFrom = (field: Float32Array, fn: (d: number) => number): AlphaMap => field.map(fn);

/** The colours along the picture's border: the paint must continue them, not the centre's. */
function edgeColors(src: Raw): Swatch[] {
  const band = Math.max(2, Math.round(Math.min(src.width, src.height) * 0.08));
  return dominantColors(
    src,
    4,
    (x, y) => x < band || y < band || x >= src.width - band || y >= src.height - band,
  );
}

async function grow(
  src: Raw,
  p: Placement,
  field: Float32Array,
  prompt: string,
  seed: number,
  variant: number,
): Promise<Raw> {
  const rng = createRng(seed).fork(`outpaint-${variant}`);
  const by = {
    top: p.top,
    left: p.left,
    bottom: p.height - p.top - src.height,
    right: p.width - p.left - src.width,
  };
  const border = Math.min(...Object.values(by).filter((b) => b > 0), Infinity);
  if (!Number.isFinite(border)) return src;
  // Stretched edges carry horizons and bands straight on; the mirror supplies the picture itself.
  const mirrored = await extendRaw(src, by, 'mirror');
  const streaks = await blurRaw(await extendRaw(src, by, 'copy'), Math.max(2, border * 0.05));

  const theme = readTheme(prompt);
  const edges = edgeColors(src).map((s) => s.rgb);
  const own = paletteFromColors(edges, rng.fork('palette'));
  // The picture's own colours lead; the prompt's named colours only join in.
  const palette = varyPalette(
    theme.anchors.length > 0
      ? buildPalette({ ...theme, anchors: [...theme.anchors.slice(0, 1)] }, rng.fork('prompt'), {
          tints: edges,
        })
      : own,
    rng,
    8,
  );
  const style =
    variant % 2 === 0 && theme.styles[0]
      ? theme.styles[0]
      : rng.pick(ART_STYLES.filter((s) => s !== 'geometric'));
  const art = await renderArt(style, rng.chance(0.5) ? own : palette, rng.fork('art'), p.width, p.height);

  const melt = border * rng.range(0.25, 0.4);
  const feather = Math.min(src.width, src.height) * 0.04;
  // The stretched edge colours, shaded by the paint's lights and darks, with some of the paint's
  // own shapes further out; the picture's outer rim fades in so no hard rectangle shows.
  const shaded = mix(streaks, softLight(streaks, art), 0.9);
  let out = mix(
    shaded,
    art,
    alphaFrom(field, (d) => smoothstep(melt * 0.5, melt * 2.5, d) * 0.35),
  );
  out = mix(
    out,
    streaks,
    alphaFrom(field, (d) => 1 - smoothstep(0, melt, d)),
  );
  return mix(
    out,
    mirrored,
    alphaFrom(field, (d) => smoothstep(0, feather, -d)),
  );
}

async function fourWays(src: Raw, p: Placement, prompt: string, seed: number): Promise<Raw> {
  const field = distanceField(p, src);
  return gridOf(await Promise.all([0, 1, 2, 3].map((v) => grow(src, p, field, prompt, seed, v))));
}

const even = (x: number): number => Math.max(2, Math.round(x / 2) * 2);

/**
 * Zoom out by `factor` (1–2): each tile keeps the source's shape at up to TILE px, with the
 * source shrunk to 1/factor in the middle, as Midjourney's Zoom Out returns a grid of four.
 */
export async function renderZoom(source: Raw, factor: number, prompt: string, seed: number): Promise<Raw> {
  const scale = TILE / Math.max(source.width, source.height);
  const width = even(source.width * Math.min(1, scale));
  const height = even(source.height * Math.min(1, scale));
  const innerW = Math.max(1, Math.round(width / factor));
  const innerH = Math.max(1, Math.round(height / factor));
  const inner = await resizeRaw(source, innerW, innerH, { kernel: 'lanczos3' });
  return fourWays(
    inner,
    { width, height, left: Math.floor((width - innerW) / 2), top: Math.floor((height - innerH) / 2) },
    prompt,
    seed,
  );
}

/** Pan: the source (at up to TILE px) gains half its width or height on one side. */
export async function renderPan(
  source: Raw,
  direction: PanDirection,
  prompt: string,
  seed: number,
): Promise<Raw> {
  const scale = Math.min(1, TILE / Math.max(source.width, source.height));
  const w = even(source.width * scale);
  const h = even(source.height * scale);
  const inner =
    w === source.width && h === source.height
      ? source
      : await resizeRaw(source, w, h, { kernel: 'lanczos3' });
  const horizontal = direction === 'left' || direction === 'right';
  const extra = horizontal ? w / 2 : h / 2;
  const p: Placement = {
    width: horizontal ? w + extra : w,
    height: horizontal ? h : h + extra,
    left: direction === 'left' ? extra : 0,
    top: direction === 'up' ? extra : 0,
  };
  return fourWays(inner, p, prompt, seed);
}
