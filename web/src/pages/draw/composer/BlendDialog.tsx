import { BlendDimensions, Limits, type BotType, type ImageEngineName, type SubmitAnswer } from '@draw/shared';
import { ImagePlusIcon, Loader2Icon, XIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { api } from '../../../lib/api';
import { call, reportFailure, uploadImages } from '../../../lib/http';
import { cn } from '../../../lib/utils';
import { ImageFileInput } from './ImageFileInput';
import { useImageList } from './useImageList';
import { noticePause } from './submitPause';

const DIMENSIONS = [
  { value: BlendDimensions.Portrait, key: 'portrait', ratio: '2:3', box: 'h-7 w-[19px]' },
  { value: BlendDimensions.Square, key: 'square', ratio: '1:1', box: 'size-6' },
  { value: BlendDimensions.Landscape, key: 'landscape', ratio: '3:2', box: 'h-[19px] w-7' },
] as const;

export interface BlendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  channelId: string;
  botType: BotType;
  /** The engine the person picked for this channel (else the server applies the channel's). */
  engine?: ImageEngineName;
  /** Images already attached in the composer: the dialog starts with them. */
  initialFiles: readonly File[];
  /** After the blend was accepted (the composer then clears its input and images). */
  onSubmitted: (answer: SubmitAnswer) => void;
  /** The server said the channel is muted. */
  onMuted: () => void;
}

/** /blend: 2–6 images (drop or pick), a dimensions control showing each aspect, submit. */
export function BlendDialog(props: BlendDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent width={520} data-testid="blend-dialog" onDragOver={(event) => event.preventDefault()}>
        {props.open && <BlendForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function BlendForm({
  onOpenChange,
  channelId,
  botType,
  engine,
  initialFiles,
  onSubmitted,
  onMuted,
}: BlendDialogProps) {
  const { t } = useTranslation();
  const min = Limits.blendMinImages;
  const max = Limits.blendMaxImages;
  const list = useImageList(max, t('composer.errors.blendCount', { min, max }), initialFiles);
  const [dimensions, setDimensions] = useState<BlendDimensions>(BlendDimensions.Square);
  const [busy, setBusy] = useState(false);
  const [dropping, setDropping] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const count = list.images.length;
  const ready = count >= min && count <= max;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setDropping(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0 && !busy) void list.add(files);
  };

  async function submit() {
    if (!ready || busy) return;
    setBusy(true);
    try {
      const imageIds = await uploadImages(list.images.map((image) => image.file));
      const answer = await call(api.tasks.blend, {
        params: { channelId },
        body: { imageIds, dimensions, botType, ...(engine ? { engine } : {}) },
      });
      onSubmitted(answer);
      onOpenChange(false);
    } catch (error) {
      if (reportFailure(error) === 'channel_muted') {
        onMuted();
        onOpenChange(false);
      }
      // Moderation paused the submits (a banned word in another prompt): the composer counts down.
      if (noticePause(error)) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('composer.blend.title')}</DialogTitle>
        <DialogDescription>{t('composer.blend.description')}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <div
          onDragEnter={(event) => {
            event.preventDefault();
            setDropping(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.stopPropagation();
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
          }}
          onDrop={onDrop}
          data-testid="blend-dropzone"
          className={cn(
            'rounded-lg border-2 border-dashed p-3 transition-colors',
            dropping ? 'border-primary bg-primary/10' : 'border-[#c4c9ce] dark:border-[#4e5058]',
          )}
        >
          <ul className="grid grid-cols-3 gap-2" aria-label={t('composer.blend.count', { count, max })}>
            {list.images.map((image, index) => (
              <li
                key={image.key}
                data-testid={`blend-image-${index}`}
                className="group relative aspect-square overflow-hidden rounded-md bg-black/5 dark:bg-black/25"
              >
                {image.url && (
                  <img
                    src={image.url}
                    alt={image.file.name}
                    className="size-full object-cover"
                    draggable={false}
                  />
                )}
                <span className="absolute bottom-1 left-1 rounded bg-black/60 px-1.5 text-[11px] font-semibold text-white">
                  {index + 1}
                </span>
                <button
                  type="button"
                  aria-label={t('composer.blend.remove', { index: index + 1 })}
                  data-testid={`blend-remove-${index}`}
                  disabled={busy}
                  onClick={() => list.remove(image.key)}
                  className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-black/65 text-white transition-colors outline-none hover:bg-destructive focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <XIcon className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
            {count < max && (
              <li className={cn(count === 0 && 'col-span-3')}>
                <button
                  type="button"
                  data-testid="blend-add"
                  disabled={busy}
                  onClick={() => input.current?.click()}
                  className={cn(
                    'flex w-full flex-col items-center justify-center gap-1.5 rounded-md bg-[#ebedef] text-sm text-muted-foreground transition-colors outline-none hover:bg-[#e3e5e8] hover:text-heading focus-visible:ring-2 focus-visible:ring-ring dark:bg-[#2b2d31] dark:hover:bg-[#35373c]',
                    count === 0 ? 'h-36' : 'aspect-square',
                  )}
                >
                  <ImagePlusIcon className="size-6" aria-hidden />
                  <span className="px-2 text-center text-xs">
                    {count === 0 ? t('composer.blend.drop') : t('composer.blend.add')}
                  </span>
                </button>
              </li>
            )}
          </ul>
          <p
            className={cn('mt-2 text-xs', count > 0 && !ready ? 'text-warning' : 'text-muted-foreground')}
            aria-live="polite"
          >
            {t('composer.blend.count', { count, max })} · {t('composer.errors.blendCount', { min, max })}
          </p>
        </div>
        <ImageFileInput
          ref={input}
          testId="blend-file-input"
          label={t('composer.blend.fileInput')}
          onFiles={(files) => void list.add(files)}
        />

        <div className="flex flex-col gap-2">
          <span
            id="blend-dimensions-label"
            className="text-xs font-bold tracking-wide text-muted-foreground uppercase"
          >
            {t('composer.blend.dimensions')}
          </span>
          <RadioGroup.Root
            aria-labelledby="blend-dimensions-label"
            data-testid="blend-dimensions"
            value={dimensions}
            onValueChange={(value) => setDimensions(value as BlendDimensions)}
            orientation="horizontal"
            loop
            className="grid grid-cols-3 gap-1 rounded-lg bg-[#ebedef] p-1 dark:bg-[#1e1f22]"
          >
            {DIMENSIONS.map((option) => (
              <RadioGroup.Item
                key={option.value}
                value={option.value}
                data-testid={`blend-dimensions-${option.key}`}
                aria-label={`${t(`composer.blend.${option.key}`)} ${option.ratio}`}
                className="flex flex-col items-center gap-1.5 rounded-md px-2 py-2.5 text-muted-foreground transition-colors outline-none hover:text-heading focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:bg-main data-[state=checked]:text-heading data-[state=checked]:shadow-sm dark:data-[state=checked]:bg-[#4e5058]"
              >
                <span className="flex h-7 items-center" aria-hidden>
                  <span className={cn('rounded-[3px] border-2 border-current', option.box)} />
                </span>
                <span className="text-[13px] font-semibold">{t(`composer.blend.${option.key}`)}</span>
                <span className="text-[11px] opacity-75">{option.ratio}</span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button data-testid="blend-submit" disabled={!ready || busy} onClick={() => void submit()}>
          {busy && <Loader2Icon className="animate-spin" aria-hidden />}
          {t('composer.blend.submit')}
        </Button>
      </DialogFooter>
    </>
  );
}
