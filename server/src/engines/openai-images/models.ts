/**
 * What each image model of the OpenAI Images API accepts (openai/openai-openapi, `CreateImageRequest`
 * and `CreateImageEditRequest`, and the API's own refusals where they differ from the spec):
 *
 * - `gpt-image-1.5`, `gpt-image-1-mini`, `chatgpt-image-latest`: the three standard sizes only;
 *   `input_fidelity` on gpt-image-1.5 (the mini refuses it).
 * - `gpt-image-2` and later: any W×H with both sides multiples of 16, ratio within 1:3–3:1, the long
 *   side ≤ 3840 and 655,360–8,294,400 pixels; `input_fidelity` refused (400
 *   `invalid_input_fidelity_model`: it always reads input images at high fidelity).
 * - Any other name is a compatible server's own model (LocalAI, a relay): asked as the DALL·E-era
 *   API was (`response_format: b64_json`, no streaming), at the standard sizes.
 *
 * Every GPT model takes `n` 1–10, up to 16 input images on edits, and streams partial images.
 */

export interface ImageSize {
  width: number;
  height: number;
}

export interface ModelProfile {
  /** A GPT image model: base64 answers always, streaming with partial images. */
  gpt: boolean;
  /** `standard`: 1024×1024, 1536×1024, 1024×1536; `free`: any size within FREE_SIZE_LIMITS. */
  sizes: 'standard' | 'free';
  /** Takes `input_fidelity` (high = keep the input's features, low = freer). */
  inputFidelity: boolean;
  /** Input images one edits call takes. */
  maxInputImages: number;
  /** Images one call may ask for (`n`). */
  maxImages: number;
}

export const STANDARD_SIZES: readonly ImageSize[] = [
  { width: 1024, height: 1024 },
  { width: 1536, height: 1024 },
  { width: 1024, height: 1536 },
];

/** gpt-image-2's size rules, as the spec words them. */
export const FREE_SIZE_LIMITS = {
  step: 16,
  maxEdge: 3840,
  maxRatio: 3,
  minPixels: 655_360,
  maxPixels: 8_294_400,
} as const;

/** The default model: gpt-image-1 and the DALL·E models are retired. */
export const DEFAULT_MODEL = 'gpt-image-1.5';

/** Models OpenAI has shut down: refused at start with a message naming a successor. */
const RETIRED = /^(dall-e-[23]|gpt-image-1)(-\d{4}-\d{2}-\d{2})?$/;

export function isRetiredModel(model: string): boolean {
  return RETIRED.test(model);
}

export function profileOf(model: string): ModelProfile {
  const gpt = { gpt: true, maxInputImages: 16, maxImages: 10 } as const;
  if (/^gpt-image-1-mini/.test(model) || /^chatgpt-image/.test(model))
    return { ...gpt, sizes: 'standard', inputFidelity: false };
  if (/^gpt-image-1(\.\d+)?(-|$)/.test(model)) return { ...gpt, sizes: 'standard', inputFidelity: true };
  const major = /^gpt-image-(\d+)/.exec(model);
  if (major && Number(major[1]) >= 2) return { ...gpt, sizes: 'free', inputFidelity: false };
  return { gpt: false, sizes: 'standard', inputFidelity: false, maxInputImages: 1, maxImages: 10 };
}

export const sizeText = (size: ImageSize): string => `${size.width}x${size.height}`;

/** The standard size whose shape is nearest `ratio` (width / height). */
function nearestStandard(ratio: number): ImageSize {
  const distance = (s: ImageSize) => Math.abs(Math.log(s.width / s.height / ratio));
  return STANDARD_SIZES.reduce((best, s) => (distance(s) < distance(best) ? s : best));
}

/**
 * A free size of the given shape with about `pixels` pixels, moved inside gpt-image-2's limits: the
 * ratio clamped to 1:3–3:1, the area and the long side bounded, both sides multiples of 16.
 */
function freeSize(ratio: number, pixels: number): ImageSize {
  const { step, maxEdge, maxRatio, minPixels, maxPixels } = FREE_SIZE_LIMITS;
  const r = Math.min(maxRatio, Math.max(1 / maxRatio, ratio));
  const area = Math.min(maxPixels, Math.max(minPixels, pixels));
  let width = Math.sqrt(area * r);
  let height = width / r;
  const over = Math.max(width, height) / maxEdge;
  if (over > 1) {
    width /= over;
    height /= over;
  }
  const snap = (v: number) => Math.max(step, Math.round(v / step) * step);
  let size = { width: snap(width), height: snap(height) };
  // Rounding may step just outside a bound: walk back inside it one step at a time.
  while (size.width * size.height > maxPixels || Math.max(size.width, size.height) > maxEdge) {
    size =
      size.width >= size.height
        ? { ...size, width: size.width - step }
        : { ...size, height: size.height - step };
  }
  while (size.width * size.height < minPixels) {
    size =
      size.width <= size.height
        ? { ...size, width: size.width + step }
        : { ...size, height: size.height + step };
  }
  return size;
}

/** The output size to ask for: a shape near `ratio`, about `pixels` large where the model lets us choose. */
export function outputSize(profile: ModelProfile, ratio: number, pixels = 1024 * 1024): ImageSize {
  return profile.sizes === 'free' ? freeSize(ratio, pixels) : nearestStandard(ratio);
}

/** Whether a size is one the model draws. */
export function isValidSize(profile: ModelProfile, size: ImageSize): boolean {
  if (profile.sizes === 'standard')
    return STANDARD_SIZES.some((s) => s.width === size.width && s.height === size.height);
  const { step, maxEdge, maxRatio, minPixels, maxPixels } = FREE_SIZE_LIMITS;
  const { width, height } = size;
  const pixels = width * height;
  return (
    width % step === 0 &&
    height % step === 0 &&
    Math.max(width, height) <= maxEdge &&
    Math.max(width / height, height / width) <= maxRatio &&
    pixels >= minPixels &&
    pixels <= maxPixels
  );
}
