import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PendingImage } from './useImageList';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** The images waiting in the message box, as Discord shows pending uploads: cards with a remove button. */
export function AttachmentTray({ images, disabled, onRemove }: { images: readonly PendingImage[]; disabled: boolean; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="border-b border-black/5 px-3 pt-3 pb-2.5 dark:border-white/5">
      <ul aria-label={t('composer.attachments')} className="scrollbar-thin flex gap-3 overflow-x-auto pt-1 pb-1.5">
        {images.map((image, index) => (
          <li
            key={image.key}
            data-testid={`composer-attachment-${index}`}
            className="group relative flex w-[124px] shrink-0 flex-col rounded-md bg-[#f2f3f5] p-2 sm:w-[150px] dark:bg-[#2b2d31]"
          >
            <div className="aspect-square w-full overflow-hidden rounded-[4px] bg-black/5 dark:bg-black/20">
              {image.url && <img src={image.url} alt={image.file.name} className="size-full object-cover" draggable={false} />}
            </div>
            <p className="mt-1.5 truncate text-xs text-foreground" title={image.file.name}>
              {image.file.name}
            </p>
            <p className="text-[11px] text-muted-foreground">{formatSize(image.file.size)}</p>
            <button
              type="button"
              data-testid={`composer-attachment-remove-${index}`}
              aria-label={t('composer.removeAttachment', { name: image.file.name })}
              disabled={disabled}
              onClick={() => onRemove(image.key)}
              className="absolute -top-1.5 -right-1.5 flex size-7 items-center justify-center rounded-md border border-border bg-main text-destructive shadow-md transition-colors outline-none hover:bg-destructive hover:text-white focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 dark:border-[#26272b] dark:bg-[#313338]"
            >
              <Trash2Icon className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('composer.attachmentHint')}</p>
    </div>
  );
}
