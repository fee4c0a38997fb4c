import type { ArchiveFamily, ArchiveItem } from '@draw/shared';
import { CopyIcon, DownloadIcon, ExternalLinkIcon, RepeatIcon, StarIcon, XIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/notify';
import { cn } from '../../lib/utils';
import { copyText } from '../draw/channels/copyText';
import { prefillComposer } from '../draw/composer/prefill';
import { useEngineDisplayName } from '../draw/engines/engineName';
import { fetchFamily, fetchSeed } from './archiveApi';
import { actionNameOf, captionOf, isClip, playsInImage } from './archiveView';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

function FamilyRow({
  label,
  items,
  onOpen,
}: {
  label: string;
  items: ArchiveItem[];
  onOpen: (item: ArchiveItem) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className="space-y-1">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <button
            key={item.task.id}
            type="button"
            data-testid="archive-family-link"
            data-task-id={item.task.id}
            title={`${actionNameOf(t, item.task)} · ${captionOf(t, item.task)}`}
            onClick={() => onOpen(item)}
            className="size-14 overflow-hidden rounded-md ring-primary outline-none hover:ring-2 focus-visible:ring-2"
          >
            <img
              src={item.task.imageUrl ?? ''}
              alt={actionNameOf(t, item.task)}
              className="size-full object-cover"
              loading="lazy"
            />
          </button>
        ))}
      </div>
    </div>
  );
}

export interface ArchiveDetailsProps {
  item: ArchiveItem;
  onClose: () => void;
  onOpen: (item: ArchiveItem) => void;
  onToggleFavorite: (item: ArchiveItem) => void;
  className?: string;
}

/** One image: what made it, who and where, its family, and what can be done with it. */
export function ArchiveDetails({ item, onClose, onOpen, onToggleFavorite, className }: ArchiveDetailsProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { task } = item;
  const [family, setFamily] = useState<ArchiveFamily | null>(null);
  const [fetchedSeed, setFetchedSeed] = useState<{ taskId: string; seed: string | null } | null>(null);
  const seed = task.seed ?? (fetchedSeed?.taskId === task.id ? fetchedSeed.seed : null);
  const setSeed = (value: string | null) => setFetchedSeed({ taskId: task.id, seed: value });

  useEffect(() => {
    let current = true;
    void fetchFamily(task.id).then(
      (answer) => current && setFamily(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [task.id]);
  const shownFamily = family?.item.task.id === task.id ? family : null;

  const engineName = useEngineDisplayName(task.engine, task.botType);
  const { width, height } = task.properties;
  const copy = async (text: string) => {
    if (await copyText(text)) notify.success(t('common.copySuccess'));
  };
  const time = task.finishTime ? new Date(task.finishTime).toLocaleString(i18n.language) : '—';
  const clip = isClip(task);
  const caption = captionOf(t, task);

  return (
    <aside
      data-testid="archive-details"
      aria-label={t('archive.details.title')}
      className={cn('flex flex-col overflow-hidden bg-sidebar', className)}
    >
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-border px-3">
        <h2 className="truncate text-sm font-semibold text-heading">{t('archive.details.title')}</h2>
        <button
          type="button"
          data-testid="archive-details-star"
          aria-pressed={item.favorite}
          aria-label={item.favorite ? t('archive.unfavorite') : t('archive.favorite')}
          onClick={() => onToggleFavorite(item)}
          className="ml-auto flex size-8 items-center justify-center rounded-md hover:bg-accent"
        >
          <StarIcon
            className={cn('size-5', item.favorite ? 'fill-warning text-warning' : 'text-muted-foreground')}
            aria-hidden
          />
        </button>
        <button
          type="button"
          data-testid="archive-details-close"
          aria-label={t('archive.details.close')}
          onClick={onClose}
          className="flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-heading"
        >
          <XIcon className="size-5" aria-hidden />
        </button>
      </header>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-3">
        {clip && task.videoUrl && !playsInImage(task.videoUrl) ? (
          <video
            data-testid="archive-clip"
            src={task.videoUrl}
            poster={task.imageUrl ?? undefined}
            controls
            loop
            playsInline
            preload="metadata"
            aria-label={caption}
            className="mx-auto max-h-80 w-full rounded-lg bg-black/20 object-contain"
          />
        ) : (
          <a
            href={(clip ? task.videoUrl : task.imageUrl) ?? '#'}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-lg bg-black/20"
          >
            <img
              data-testid={clip ? 'archive-clip' : undefined}
              src={(clip ? task.videoUrl : task.imageUrl) ?? ''}
              alt={caption}
              className="mx-auto max-h-80 object-contain"
            />
          </a>
        )}
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="secondary">
            <a href={(clip ? task.videoUrl : task.imageUrl) ?? '#'} download data-testid="archive-download">
              <DownloadIcon className="size-4" aria-hidden />
              {clip ? t('feed.clip.download') : t('archive.details.download')}
            </a>
          </Button>
          <Button
            size="sm"
            variant="secondary"
            data-testid="archive-copy-prompt"
            onClick={() => void copy(task.prompt)}
          >
            <CopyIcon className="size-4" aria-hidden />
            {t('archive.details.copyPrompt')}
          </Button>
          {item.channel.open && (
            <Button
              size="sm"
              variant="secondary"
              data-testid="archive-reuse"
              onClick={() => {
                prefillComposer(item.channel.id, `/imagine ${task.prompt}`);
                navigate(`/draw/${item.channel.id}`);
              }}
            >
              <RepeatIcon className="size-4" aria-hidden />
              {t('archive.details.reuse')}
            </Button>
          )}
          {item.channel.open && (
            <Button
              size="sm"
              data-testid="archive-open-channel"
              onClick={() => navigate(`/draw/${item.channel.id}?task=${encodeURIComponent(task.id)}`)}
            >
              <ExternalLinkIcon className="size-4" aria-hidden />
              {t('archive.details.openInChannel')}
            </Button>
          )}
        </div>
        <dl className="space-y-3">
          <Field label={t('archive.details.prompt')}>{caption}</Field>
          {task.finalPrompt && task.finalPrompt !== task.prompt && (
            <Field label={t('archive.details.finalPrompt')}>{task.finalPrompt}</Field>
          )}
          <Field label={t('archive.details.action')}>
            <span data-testid="archive-action">{actionNameOf(t, task)}</span>
          </Field>
          <Field label={t('archive.details.engine')}>
            {/* The engine that drew it by its own name: only the midjourney-proxy's bots are Midjourney's. */}
            <span data-testid="archive-engine">{engineName}</span>
          </Field>
          <Field label={t('archive.details.seed')}>
            {seed ? (
              <span className="inline-flex items-center gap-2">
                <code data-testid="archive-seed">{seed}</code>
                <button
                  type="button"
                  aria-label={t('archive.details.copySeed')}
                  title={t('archive.details.copySeed')}
                  onClick={() => void copy(seed)}
                  className="text-muted-foreground hover:text-heading"
                >
                  <CopyIcon className="size-4" aria-hidden />
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="text-primary hover:underline"
                onClick={() => void fetchSeed(task.id).then(setSeed, () => undefined)}
              >
                {t('archive.details.getSeed')}
              </button>
            )}
          </Field>
          <Field label={t('archive.details.author')}>{item.author.name}</Field>
          <Field label={t('archive.details.channel')}>
            # {item.channel.title}{' '}
            {!item.channel.open && (
              <span className="text-muted-foreground">{t('archive.details.channelGone')}</span>
            )}
          </Field>
          <Field label={t('archive.details.time')}>{time}</Field>
          {width && height && <Field label={t('archive.details.size')}>{`${width} × ${height}`}</Field>}
        </dl>
        {shownFamily && (shownFamily.ancestors.length > 0 || shownFamily.children.length > 0) && (
          <section className="space-y-2" data-testid="archive-family">
            <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {t('archive.details.family')}
            </h3>
            <FamilyRow label={t('archive.details.parents')} items={shownFamily.ancestors} onOpen={onOpen} />
            <FamilyRow label={t('archive.details.children')} items={shownFamily.children} onOpen={onOpen} />
          </section>
        )}
      </div>
    </aside>
  );
}
