import { ReferenceKind, ReferenceWeights, type ReferenceWeightsRequest } from '@draw/shared';
import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PendingImage } from './useImageList';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** What each attached image is for, and one weight per kind in use (as Midjourney takes them). */
export interface ReferenceMarks {
  kinds: Record<string, ReferenceKind>;
  weights: ReferenceWeightsRequest;
  /** `character` (--cref, V6) or `omni` (--oref, V7): the version decides which is offered. */
  person: 'character' | 'omni';
  onKind: (key: string, kind: ReferenceKind) => void;
  onWeight: (kind: ReferenceKind, weight: number | undefined) => void;
}

const field =
  'rounded-[4px] border border-black/10 bg-white px-1.5 py-1 text-xs max-sm:min-h-11 text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 dark:border-white/10 dark:bg-[#1e1f22]';

/** The images waiting in the message box, as Discord shows pending uploads: cards with a remove button. */
export function AttachmentTray({
  images,
  disabled,
  onRemove,
  marks,
}: {
  images: readonly PendingImage[];
  disabled: boolean;
  onRemove: (key: string) => void;
  marks?: ReferenceMarks;
}) {
  const { t } = useTranslation();
  const kindOf = (key: string) => marks?.kinds[key] ?? ReferenceKind.Image;
  const offered = marks ? [ReferenceKind.Image, ReferenceKind.Style, marks.person] : [];
  const used = marks ? offered.filter((kind) => images.some((image) => kindOf(image.key) === kind)) : [];
  return (
    <div className="border-b border-black/5 px-3 pt-3 pb-2.5 dark:border-white/5">
      <ul
        aria-label={t('composer.attachments')}
        className="scrollbar-thin flex gap-3 overflow-x-auto pt-1 pb-1.5 max-sm:pt-3.5 max-sm:pr-2"
      >
        {images.map((image, index) => (
          <li
            key={image.key}
            data-testid={`composer-attachment-${index}`}
            className="group relative flex w-[124px] shrink-0 flex-col rounded-md bg-[#f2f3f5] p-2 sm:w-[150px] dark:bg-[#2b2d31]"
          >
            <div className="aspect-square w-full overflow-hidden rounded-[4px] bg-black/5 dark:bg-black/20">
              {image.url && (
                <img
                  src={image.url}
                  alt={image.file.name}
                  className="size-full object-cover"
                  draggable={false}
                />
              )}
            </div>
            <p className="mt-1.5 truncate text-xs text-foreground" title={image.file.name}>
              {image.file.name}
            </p>
            <p className="text-[11px] text-muted-foreground">{formatSize(image.file.size)}</p>
            {marks && (
              <select
                data-testid={`composer-attachment-kind-${index}`}
                aria-label={t('composer.reference.label', { name: image.file.name })}
                value={kindOf(image.key)}
                disabled={disabled}
                onChange={(event) => marks.onKind(image.key, event.target.value as ReferenceKind)}
                className={`mt-1.5 w-full ${field}`}
              >
                {offered.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`composer.reference.${kind}`)}
                  </option>
                ))}
              </select>
            )}
            <button
              type="button"
              data-testid={`composer-attachment-remove-${index}`}
              aria-label={t('composer.removeAttachment', { name: image.file.name })}
              disabled={disabled}
              onClick={() => onRemove(image.key)}
              // On a phone a 44 px target centred on the same 28 px tile (the tile is what shows).
              className="group/remove absolute -top-1.5 -right-1.5 flex size-7 items-center justify-center rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 max-sm:-top-3.5 max-sm:-right-3.5 max-sm:size-11"
            >
              <span className="flex size-7 items-center justify-center rounded-md border border-border bg-main text-destructive shadow-md transition-colors group-hover/remove:bg-destructive group-hover/remove:text-white dark:border-[#26272b] dark:bg-[#313338]">
                <Trash2Icon className="size-4" aria-hidden />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {marks && used.length > 0 && (
        <fieldset className="mb-1.5 flex flex-wrap items-center gap-x-4 gap-y-1.5" disabled={disabled}>
          <legend className="sr-only">{t('composer.reference.weights')}</legend>
          {used.map((kind) => {
            const range = ReferenceWeights[kind];
            return (
              <label key={kind} className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <span className="font-mono">--{range.param}</span>
                <input
                  type="number"
                  data-testid={`composer-weight-${kind}`}
                  aria-label={t('composer.reference.weight', { kind: t(`composer.reference.${kind}`) })}
                  min={range.min}
                  max={range.max}
                  step={range.step}
                  placeholder={String(range.default)}
                  value={marks.weights[kind] ?? ''}
                  onChange={(event) =>
                    marks.onWeight(kind, event.target.value === '' ? undefined : Number(event.target.value))
                  }
                  className={`w-20 ${field}`}
                />
                <span className="text-[11px]">
                  {range.min}–{range.max}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <p className="text-xs text-muted-foreground">{t('composer.attachmentHint')}</p>
    </div>
  );
}
