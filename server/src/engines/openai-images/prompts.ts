import { aspectRatioOf } from '../builtin/words';

/**
 * What we say to the model. The API has no seed and no strength: how far a variation may stray,
 * and what an outpaint or a blend is for, are said in words (and with `input_fidelity` where the
 * model takes it).
 */

const PARAM = /^--[a-z][a-z0-9-]*$/i;
const URL = /^https?:\/\/\S+$/i;

/**
 * A Midjourney prompt as plain words: leading image links go (the images are sent as images),
 * `--parameters` go, except `--no x`, which becomes "Without x." The shape (`--ar`) is sent as the size.
 */
export function promptText(prompt: string): string {
  const tokens = prompt.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const words: string[] = [];
  const without: string[] = [];
  let param: string | null = null;
  for (const token of tokens) {
    if (PARAM.test(token)) {
      param = token.toLowerCase();
      continue;
    }
    if (param === '--no') without.push(token);
    if (param) continue;
    if (URL.test(token) && words.length === 0) continue;
    words.push(token);
  }
  const text = words.join(' ');
  return without.length > 0 ? `${text}${text ? '. ' : ''}Without ${without.join(' ')}.` : text;
}

/** The shape the prompt asks for (`--ar 16:9`), width / height; square when it does not say. */
export function promptRatio(prompt: string): number {
  return aspectRatioOf(prompt) ?? 1;
}

const about = (prompt: string) => (prompt ? ` The picture shows: ${prompt}` : '');

export type VariationStrength = 'subtle' | 'strong';

export function variationPrompt(prompt: string, strength: VariationStrength): string {
  return strength === 'subtle'
    ? `A subtle variation of this picture: keep its composition, subjects, colours and style, change only small details.${about(prompt)}`
    : `A new take on this picture: keep its subject and style, but feel free to change the composition, pose, framing and details.${about(prompt)}`;
}

export function outpaintPrompt(prompt: string): string {
  return `Extend this picture into the transparent area: continue the scene seamlessly beyond its edges, keeping the existing part unchanged.${about(prompt)}`;
}

export function regionPrompt(prompt: string): string {
  return `Repaint only the masked area so that it fits the rest of the picture.${about(prompt)}`;
}

export function blendPrompt(count: number): string {
  return `Blend these ${count} pictures into one new picture that combines their subjects, styles and colours.`;
}

export function upscalePrompt(prompt: string): string {
  return `The same picture at a higher resolution with finer detail: keep the content, composition and colours exactly.${about(prompt)}`;
}
