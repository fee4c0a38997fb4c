import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Limits } from '@draw/shared';
import { notify } from '../../../lib/notify';
import { screenFiles, type AttachmentProblem } from './attachments';

/** One image waiting to be sent: the file and a preview URL (an object URL, revoked on removal). */
export interface PendingImage {
  key: string;
  file: File;
  url: string;
}

let nextKey = 0;

function previewUrl(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function revoke(image: PendingImage): void {
  if (image.url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(image.url);
}

export interface ImageList {
  images: PendingImage[];
  /** The list right now (also between a change and the next render). */
  current: () => PendingImage[];
  /** Screens the files on the client (count, type, bytes), shrinks what is over the limit, toasts each problem once, adds the rest. */
  add: (files: readonly File[]) => Promise<PendingImage[]>;
  remove: (key: string) => void;
  clear: () => void;
}

/**
 * A list of at most `max` images checked before any upload. `tooManyMessage` words the refusal of a
 * batch that would go over `max`.
 */
export function useImageList(max: number, tooManyMessage: string, initial: readonly File[] = []): ImageList {
  const { t } = useTranslation();
  const [images, setImages] = useState<PendingImage[]>(() =>
    initial.slice(0, max).map((file) => ({ key: `img-${nextKey++}`, file, url: previewUrl(file) })),
  );
  const current = useRef(images);
  // Counts images still being screened, so two quick batches cannot together pass the limit.
  const pending = useRef(0);

  const commit = useCallback((next: PendingImage[]) => {
    current.current = next;
    setImages(next);
  }, []);

  const add = useCallback(
    async (files: readonly File[]) => {
      const messages: Record<AttachmentProblem, string> = {
        tooLarge: t('composer.errors.tooLarge'),
        badType: t('composer.errors.badType'),
        heic: t('composer.errors.heic'),
        tooMany: tooManyMessage,
      };
      const existing = current.current.length + pending.current;
      pending.current += files.length;
      let screening;
      try {
        screening = await screenFiles(files, existing, max);
      } finally {
        pending.current -= files.length;
      }
      for (const problem of screening.problems) notify.error(messages[problem]);
      if (screening.accepted.length === 0) return [];
      const added = screening.accepted.map((file) => ({
        key: `img-${nextKey++}`,
        file,
        url: previewUrl(file),
      }));
      commit([...current.current, ...added]);
      return added;
    },
    [commit, max, t, tooManyMessage],
  );

  const remove = useCallback(
    (key: string) => {
      const gone = current.current.find((image) => image.key === key);
      if (gone) revoke(gone);
      commit(current.current.filter((image) => image.key !== key));
    },
    [commit],
  );

  const clear = useCallback(() => {
    current.current.forEach(revoke);
    commit([]);
  }, [commit]);

  // Previews are freed when the list goes away.
  useEffect(() => () => current.current.forEach(revoke), []);

  const read = useCallback(() => current.current, []);

  return { images, current: read, add, remove, clear };
}

/** The composer's limit: at most 5 base images (spec §5). */
export const COMPOSER_MAX_IMAGES = Limits.imagineMaxImages;
