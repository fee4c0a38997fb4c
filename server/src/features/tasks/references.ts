import { isIP } from 'node:net';
import {
  ErrorReason,
  ReferenceKind,
  ReferenceWeights,
  majorVersionOf,
  personReferenceFor,
  type ImagineReference,
  type ReferenceWeightsRequest,
} from '@draw/shared';
import { AppError } from '../../errors';

const KIND_NAMES: Record<ReferenceKind, string> = {
  image: 'image prompt',
  style: 'style reference',
  character: 'character reference',
  omni: 'omni reference',
};
const REFERENCE_PARAM: Record<Exclude<ReferenceKind, 'image'>, string> = {
  style: 'sref',
  character: 'cref',
  omni: 'oref',
};

/**
 * True when an upstream on the internet cannot fetch from this origin: none at all, a loopback or
 * private address, or a name only this network knows.
 */
export function isLocalOrigin(publicUrl: string): boolean {
  if (!publicUrl) return true;
  let host: string;
  try {
    host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return true;
  }
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    (!host.includes('.') && isIP(host) === 0)
  )
    return true;
  if (isIP(host) === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(host) === 6)
    return host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80');
  return false;
}

export interface ReferencePlan {
  /** Image prompts: sent as the images themselves (base64 upstream, blended by the built-in engine). */
  imageKeys: string[];
  /** Style references: the built-in engine takes their palette. */
  styleKeys: string[];
  /** Parameters appended to the final prompt (`--sref <url> --sw 200 …`), empty when none. */
  params: string;
}

/**
 * Checks the references of an /imagine against the version the final prompt asks for and turns
 * them into what the engine gets. Style, character and omni references go as our own public URLs:
 * an upstream must be able to fetch them, so with an upstream engine a local origin is refused.
 */
export function planReferences(input: {
  references: ImagineReference[];
  weights: ReferenceWeightsRequest;
  finalPrompt: string;
  publicUrl: string;
  /** True when the engine is an upstream on the internet (midjourney-proxy). */
  upstream: boolean;
  keyOf: (imageId: string) => string;
}): ReferencePlan {
  const { references, weights, finalPrompt } = input;
  const version = majorVersionOf(finalPrompt);
  const person = personReferenceFor(version);
  for (const ref of references) {
    if ((ref.kind === ReferenceKind.Character || ref.kind === ReferenceKind.Omni) && ref.kind !== person) {
      throw new AppError(ErrorReason.BadRequest, 'task.referenceNotForVersion', {
        version: version ?? 6,
        param: REFERENCE_PARAM[ref.kind],
      });
    }
  }
  for (const [kind, weight] of Object.entries(weights) as [ReferenceKind, number | undefined][]) {
    const range = ReferenceWeights[kind];
    if (weight !== undefined && !(Number.isFinite(weight) && weight >= range.min && weight <= range.max)) {
      throw new AppError(ErrorReason.BadRequest, 'task.badReferenceWeight', {
        kind: KIND_NAMES[kind],
        param: range.param,
        min: range.min,
        max: range.max,
      });
    }
  }
  const linked = references.filter((r) => r.kind !== ReferenceKind.Image);
  if (linked.length > 0 && input.upstream && isLocalOrigin(input.publicUrl))
    throw new AppError(ErrorReason.BadRequest, 'task.referencesNeedPublicUrl');
  const origin = input.publicUrl.replace(/\/+$/, '');
  const urlsOf = (kind: ReferenceKind) =>
    references.filter((r) => r.kind === kind).map((r) => `${origin}/files/${input.keyOf(r.imageId)}`);
  const params: string[] = [];
  const imageKeys = references
    .filter((r) => r.kind === ReferenceKind.Image)
    .map((r) => input.keyOf(r.imageId));
  if (imageKeys.length > 0 && weights.image !== undefined) params.push(`--iw ${weights.image}`);
  for (const kind of [ReferenceKind.Style, ReferenceKind.Character, ReferenceKind.Omni] as const) {
    const urls = urlsOf(kind);
    if (urls.length === 0) continue;
    params.push(`--${REFERENCE_PARAM[kind]} ${urls.join(' ')}`);
    const weight = weights[kind];
    if (weight !== undefined) params.push(`--${ReferenceWeights[kind].param} ${weight}`);
  }
  return {
    imageKeys,
    styleKeys: references.filter((r) => r.kind === ReferenceKind.Style).map((r) => input.keyOf(r.imageId)),
    params: params.join(' '),
  };
}
