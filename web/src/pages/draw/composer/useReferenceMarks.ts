import { useEffect, useState } from 'react';
import {
  BotType as BotTypes,
  majorVersionOf,
  personReferenceFor,
  ReferenceKind,
  type BotType,
  type ImagineReference,
  type ReferenceWeightsRequest,
} from '@draw/shared';
import { api } from '../../../lib/api';
import { call } from '../../../lib/http';
import type { ReferenceMarks } from './AttachmentTray';
import type { PendingImage } from './useImageList';

export interface ReferenceChoices {
  marks: ReferenceMarks;
  /** Plain image prompts go as `imageIds`; marked images as references with the weights of the kinds in use. */
  referencesOf(
    keys: string[],
    imageIds: string[],
  ): { imageIds: string[] } | { references: ImagineReference[]; weights: ReferenceWeightsRequest };
  /** Forgets the marks (the images they were for were sent). */
  reset(): void;
}

/**
 * What each attached image is for (image prompt, style, character or omni reference) and the
 * weights chosen. A person reference follows the version in the person's settings: --cref on V6,
 * --oref on V7 (read again while the settings panel is closed, as it may have changed them).
 */
export function useReferenceMarks(
  images: readonly PendingImage[],
  channelId: string,
  botType: BotType,
  settingsOpen: boolean,
): ReferenceChoices {
  const [kinds, setKinds] = useState<Record<string, ReferenceKind>>({});
  const [weights, setWeights] = useState<ReferenceWeightsRequest>({});
  const [person, setPerson] = useState<'character' | 'omni'>(ReferenceKind.Character);

  const hasImages = images.length > 0;
  useEffect(() => {
    if (!hasImages || settingsOpen) return;
    let live = true;
    call(api.settings.get, { params: { id: channelId }, query: { botType } })
      .then((settings) => {
        const param = botType === BotTypes.NijiJourney ? 'niji' : 'v';
        if (live) setPerson(personReferenceFor(majorVersionOf(`--${param} ${settings.version}`)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hasImages, botType, channelId, settingsOpen]);

  const kindOf = (key: string): ReferenceKind => {
    const kind = kinds[key] ?? ReferenceKind.Image;
    return kind === ReferenceKind.Character || kind === ReferenceKind.Omni ? person : kind;
  };

  return {
    marks: {
      kinds: Object.fromEntries(images.map((image) => [image.key, kindOf(image.key)])),
      weights,
      person,
      onKind: (key, kind) => setKinds((current) => ({ ...current, [key]: kind })),
      onWeight: (kind, weight) => setWeights((current) => ({ ...current, [kind]: weight })),
    },
    referencesOf(keys, imageIds) {
      const references = keys.map((key, i) => ({ imageId: imageIds[i]!, kind: kindOf(key) }));
      const used = new Set(references.map((r) => r.kind));
      const chosen = Object.fromEntries(
        Object.entries(weights).filter(
          ([kind, weight]) => weight !== undefined && used.has(kind as ReferenceKind),
        ),
      );
      if (references.every((r) => r.kind === ReferenceKind.Image) && Object.keys(chosen).length === 0)
        return { imageIds };
      return { references, weights: chosen };
    },
    reset() {
      setKinds({});
      setWeights({});
    },
  };
}
