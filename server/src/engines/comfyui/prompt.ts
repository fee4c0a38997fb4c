import { writtenParameters } from '@draw/shared';

/** What a Midjourney-style prompt means to a Stable Diffusion workflow. */
export interface PromptParts {
  /** The words, without image URLs in front and `--parameters` behind. */
  positive: string;
  /** `--no a, b` → `a, b`. */
  negative: string;
  /** `--ar W:H` (or `--aspect`), else 1:1. */
  aspect: { w: number; h: number };
}

const PARAM_START = /(?:^|\s)(?:--|\u2014)[a-z]/i;
const LEADING_URL = /^(?:<?https?:\/\/\S+>?\s+)+/i;

export function splitPrompt(prompt: string): PromptParts {
  const start = PARAM_START.exec(prompt);
  const text = (start ? prompt.slice(0, start.index) : prompt).trim();
  const params = writtenParameters(prompt);
  const negative = params
    .filter((p) => p.name === 'no')
    .map((p) => p.value)
    .filter(Boolean)
    .join(', ');
  const ar = [...params].reverse().find((p) => p.name === 'ar' || p.name === 'aspect');
  const match = ar ? /^(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)$/.exec(ar.value) : null;
  const w = match ? Number(match[1]) : 1;
  const h = match ? Number(match[2]) : 1;
  return {
    positive: text.replace(LEADING_URL, '').trim(),
    negative,
    aspect: w > 0 && h > 0 ? { w, h } : { w: 1, h: 1 },
  };
}

/**
 * A latent's size for `base` (the checkpoint's native side, 1024 for SDXL): about base² pixels in
 * the aspect, each side a multiple of 8 (the VAE's step), the ratio held within 1:4.
 */
export function sizeFor(aspect: { w: number; h: number }, base: number): { width: number; height: number } {
  const ratio = Math.min(4, Math.max(1 / 4, aspect.w / aspect.h));
  const round8 = (n: number) => Math.max(16, Math.round(n / 8) * 8);
  return { width: round8(base * Math.sqrt(ratio)), height: round8(base / Math.sqrt(ratio)) };
}
