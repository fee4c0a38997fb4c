import type { Ref } from 'react';
import { IMAGE_ACCEPT } from './attachments';

interface ImageFileInputProps {
  ref: Ref<HTMLInputElement>;
  testId: string;
  label: string;
  disabled?: boolean;
  /** The files picked (never called for an empty pick); the input is emptied so the same file may be picked again. */
  onFiles: (files: File[]) => void;
}

/** The hidden file picker behind an attach button: images only, several at once unless told otherwise. */
export function ImageFileInput({ ref, testId, label, disabled, onFiles }: ImageFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      accept={IMAGE_ACCEPT}
      className="hidden"
      data-testid={testId}
      aria-label={label}
      disabled={disabled}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
