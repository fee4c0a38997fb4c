import { Limits, type Task } from '@draw/shared';
import {
  BrushIcon,
  ImageOffIcon,
  LassoIcon,
  Loader2Icon,
  RectangleHorizontalIcon,
  SendHorizontalIcon,
  Trash2Icon,
  Undo2Icon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import {
  BRUSH_DEFAULT,
  BRUSH_MAX,
  BRUSH_MIN,
  drawShapes,
  exportMask,
  extendPath,
  maskIsEmpty,
  shapeHasArea,
  toImageLength,
  toImagePoint,
  type CanvasLike,
  type MaskShape,
  type MaskTool,
  type Size,
} from './mask';
import { useSubmitModal } from './useSubmitModal';
import type { EditorClose } from './editorChoice';
import { validatePrompt } from './validation';

const SELECTION_COLOR = '#5865f2';

function ToolToggle({
  label,
  active,
  onClick,
  children,
  testId,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active}
        data-testid={testId}
        onClick={onClick}
        className={cn(
          'flex size-9 items-center justify-center rounded-md transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
          active ? 'bg-blurple text-white' : 'text-muted-foreground hover:bg-accent hover:text-heading',
        )}
      >
        {children}
      </button>
    </Tooltip>
  );
}

function createCanvas(): CanvasLike {
  return document.createElement('canvas') as unknown as CanvasLike;
}

export interface RegionModalProps {
  task: Task;
  /** The image to repaint (the MODAL task's parent), null while it is read. */
  imageUrl: string | null;
  imageFailed: boolean;
  defaultPrompt: string;
  onClose: EditorClose;
}

/**
 * Vary (Region): paint with a brush, or draw rectangles and lassos, over the image; the
 * selection is sent as a mask the image's size (black background, white = repaint).
 */
export function RegionModal({ task, imageUrl, imageFailed, defaultPrompt, onClose }: RegionModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const imageRef = useRef<HTMLImageElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [shown, setShown] = useState<Size>({ width: 0, height: 0 });
  const [tool, setTool] = useState<MaskTool>('brush');
  const [brush, setBrush] = useState(BRUSH_DEFAULT);
  const [shapes, setShapes] = useState<MaskShape[]>([]);
  const [draft, setDraft] = useState<MaskShape | null>(null);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const [prompt, setPrompt] = useState(defaultPrompt);
  const [error, setError] = useState<string | null>(null);
  const { submitting, submit } = useSubmitModal(task.channelId, task.id, () => onClose('submitted'));
  const pointer = useRef<number | null>(null);

  // Follow the image's shown size (the canvas covers it exactly).
  useEffect(() => {
    const image = imageRef.current;
    if (!image || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setShown({ width: image.clientWidth, height: image.clientHeight }),
    );
    observer.observe(image);
    return () => observer.disconnect();
  }, [imageUrl]);

  // Paint the selection: image pixels → shown pixels → device pixels.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !natural || shown.width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(shown.width * ratio);
    canvas.height = Math.round(shown.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const scale = (shown.width / natural.width) * ratio;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    drawShapes(ctx, draft ? [...shapes, draft] : shapes, SELECTION_COLOR);
    if (draft?.kind === 'lasso' && draft.points.length > 1) {
      ctx.lineWidth = 2 / scale;
      ctx.strokeStyle = '#ffffff';
      ctx.beginPath();
      draft.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.stroke();
    }
  }, [shapes, draft, natural, shown]);

  function imagePoint(event: ReactPointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    return toImagePoint({ x: event.clientX, y: event.clientY }, box, natural!);
  }

  function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (!natural || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointer.current = event.pointerId;
    const point = imagePoint(event);
    const box = event.currentTarget.getBoundingClientRect();
    setError(null);
    if (tool === 'brush')
      setDraft({ kind: 'brush', size: toImageLength(brush, box, natural), points: [point] });
    else if (tool === 'rect') setDraft({ kind: 'rect', from: point, to: point });
    else setDraft({ kind: 'lasso', points: [point] });
  }

  function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setCursor({ x: event.clientX - box.left, y: event.clientY - box.top });
    if (pointer.current !== event.pointerId || !draft || !natural) return;
    const point = imagePoint(event);
    if (draft.kind === 'rect') setDraft({ ...draft, to: point });
    else
      setDraft({
        ...draft,
        points: extendPath(draft.points, point, draft.kind === 'brush' ? draft.size / 8 : 2),
      });
  }

  function finish() {
    pointer.current = null;
    if (draft && shapeHasArea(draft)) setShapes((list) => [...list, draft]);
    setDraft(null);
  }

  const undo = () => setShapes((list) => list.slice(0, -1));
  const clear = () => setShapes([]);

  function onSubmit() {
    const problem = validatePrompt(prompt);
    if (problem) {
      setError(t(`feed.editor.errors.${problem}`, { max: Limits.promptMaxChars }));
      return;
    }
    if (!natural || maskIsEmpty(shapes)) {
      setError(t('feed.editor.regionEmpty'));
      return;
    }
    // A 1-bit PNG the image's size: a file to upload, tens of KB even for a 4096×4096 image.
    const mask = new File([exportMask(shapes, natural, createCanvas)], 'mask.png', { type: 'image/png' });
    void submit({ prompt: prompt.trim(), mask });
  }

  const toolLabel = {
    brush: t('feed.editor.brush'),
    rect: t('feed.editor.rect'),
    lasso: t('feed.editor.lasso'),
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent
        width={980}
        data-testid="editor-region"
        className="h-[min(90vh,860px)] bg-[#f2f3f5] dark:bg-[#1e1f22]"
        // Focus the dialog itself: focusing the first tool would pop its tooltip over the image.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onKeyDown={(event) => {
          if (
            (event.metaKey || event.ctrlKey) &&
            event.key.toLowerCase() === 'z' &&
            !(event.target instanceof HTMLTextAreaElement)
          ) {
            event.preventDefault();
            undo();
          }
        }}
      >
        <div className="flex flex-col gap-0.5 px-4 pt-4 pr-12 pb-3 sm:flex-row sm:items-baseline sm:gap-3">
          <DialogTitle className="shrink-0 text-lg whitespace-nowrap">
            {t('feed.editor.regionTitle')}
          </DialogTitle>
          <DialogPrimitive.Description className="min-w-0 text-sm text-muted-foreground sm:truncate">
            {t('feed.editor.regionHint')}
          </DialogPrimitive.Description>
        </div>

        {/* The image with the selection canvas over it. */}
        <div className="relative mx-4 flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-lg bg-[#e3e5e8] p-3 dark:bg-[#111214]">
          {imageUrl ? (
            <div className="relative max-h-full max-w-full">
              <img
                ref={imageRef}
                src={imageUrl}
                alt={task.prompt}
                draggable={false}
                onLoad={(event) => {
                  const image = event.currentTarget;
                  setNatural({ width: image.naturalWidth, height: image.naturalHeight });
                  setShown({ width: image.clientWidth, height: image.clientHeight });
                }}
                className="block max-h-[calc(min(90vh,860px)-230px)] max-w-full rounded object-contain select-none"
              />
              <canvas
                ref={canvasRef}
                data-testid="region-canvas"
                aria-label={t('feed.editor.canvasLabel')}
                role="img"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={finish}
                onPointerCancel={finish}
                onPointerLeave={() => setCursor(null)}
                className={cn(
                  'absolute inset-0 size-full touch-none opacity-55',
                  tool === 'brush' ? 'cursor-none' : 'cursor-crosshair',
                )}
              />
              {tool === 'brush' && cursor && (
                <span
                  aria-hidden
                  className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.5)]"
                  style={{
                    width: brush,
                    height: brush,
                    left: cursor.x - brush / 2,
                    top: cursor.y - brush / 2,
                  }}
                />
              )}
            </div>
          ) : imageFailed ? (
            <p className="flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <ImageOffIcon className="size-8" aria-hidden />
              {t('feed.editor.imageFailed')}
            </p>
          ) : (
            <Loader2Icon
              className="size-8 animate-spin text-muted-foreground"
              aria-label={t('feed.editor.loadingImage')}
            />
          )}
        </div>

        {/* Tools. */}
        <div
          className="mx-4 mt-3 flex flex-wrap items-center gap-1"
          role="toolbar"
          aria-label={t('feed.editor.tools')}
        >
          <ToolToggle
            label={toolLabel.brush}
            active={tool === 'brush'}
            onClick={() => setTool('brush')}
            testId="region-tool-brush"
          >
            <BrushIcon className="size-5" aria-hidden />
          </ToolToggle>
          <ToolToggle
            label={toolLabel.rect}
            active={tool === 'rect'}
            onClick={() => setTool('rect')}
            testId="region-tool-rect"
          >
            <RectangleHorizontalIcon className="size-5" aria-hidden />
          </ToolToggle>
          <ToolToggle
            label={toolLabel.lasso}
            active={tool === 'lasso'}
            onClick={() => setTool('lasso')}
            testId="region-tool-lasso"
          >
            <LassoIcon className="size-5" aria-hidden />
          </ToolToggle>
          <label
            className={cn(
              'ml-2 flex items-center gap-2 text-xs font-medium text-muted-foreground',
              tool !== 'brush' && 'opacity-50',
            )}
          >
            {t('feed.editor.brushSize')}
            <input
              type="range"
              min={BRUSH_MIN}
              max={BRUSH_MAX}
              step={2}
              value={brush}
              disabled={tool !== 'brush'}
              onChange={(event) => setBrush(Number(event.target.value))}
              data-testid="region-brush-size"
              className="w-28 accent-[#5865f2]"
            />
            <span className="w-8 tabular-nums">{brush}</span>
          </label>
          <span aria-hidden className="mx-1 h-5 w-px bg-border" />
          <ToolToggle label={t('feed.editor.undo')} active={false} onClick={undo} testId="region-undo">
            <Undo2Icon className="size-5" aria-hidden />
          </ToolToggle>
          <ToolToggle label={t('feed.editor.clear')} active={false} onClick={clear} testId="region-clear">
            <Trash2Icon className="size-5" aria-hidden />
          </ToolToggle>
          <span className="ml-auto text-xs text-muted-foreground" aria-live="polite">
            {shapes.length > 0
              ? t('feed.editor.selectionCount', { count: shapes.length })
              : t('feed.editor.selectionNone')}
          </span>
        </div>

        {/* Prompt and submit. */}
        <form
          className="m-4 mt-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <label htmlFor={`${id}-prompt`} className="sr-only">
            {t('feed.editor.promptLabel')}
          </label>
          <div className="flex items-center gap-2 rounded-lg bg-background px-2 py-1.5 dark:bg-[#383a40]">
            <input
              id={`${id}-prompt`}
              data-testid="region-prompt"
              value={prompt}
              onChange={(event) => {
                setPrompt(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="h-9 min-w-0 flex-1 bg-transparent px-2 text-[15px] text-foreground outline-none placeholder:text-muted-foreground"
              placeholder={t('feed.editor.promptLabel')}
            />
            <Button
              type="submit"
              size="sm"
              data-testid="region-submit"
              disabled={submitting || !natural}
              aria-label={t('feed.editor.submit')}
            >
              {submitting ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : (
                <SendHorizontalIcon aria-hidden />
              )}
              <span className="hidden sm:inline">{t('feed.editor.submit')}</span>
            </Button>
          </div>
          {error && (
            <p
              id={`${id}-error`}
              role="alert"
              className="mt-1.5 text-xs font-medium text-destructive dark:text-[#fa777c]"
            >
              {error}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}
