import { useRef, type RefObject } from 'react';
import type { ImageList, PendingImage } from './useImageList';

export interface ImagePicker {
  /**
   * Opens the file picker. With `then` (the /describe command, already given) it takes one file and
   * runs `then` once it is added; otherwise several files go to the tray. A picker for /describe
   * that allowed several files sent one pick and left another in the tray with an error.
   */
  open(then?: () => void): void;
  onFiles(files: File[]): void;
}

/** The composer's hidden file input (the ref to give it, and its use): picked files go to the attachment list. */
export function useImagePicker(
  attachments: Pick<ImageList, 'add'>,
): [RefObject<HTMLInputElement | null>, ImagePicker] {
  const ref = useRef<HTMLInputElement>(null);
  const afterPick = useRef<(() => void) | null>(null);
  const picker: ImagePicker = {
    open(then) {
      afterPick.current = then ?? null;
      if (ref.current) ref.current.multiple = !then;
      ref.current?.click();
    },
    onFiles(files) {
      const then = afterPick.current;
      afterPick.current = null;
      void attachments.add(files).then((added: PendingImage[]) => {
        if (then && added.length > 0) then();
      });
    },
  };
  return [ref, picker];
}
