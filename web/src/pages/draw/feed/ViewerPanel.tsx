import type { ArchiveFamily, ArchiveItem, Task } from '@draw/shared';
import { CopyIcon, DownloadIcon, ImagePlusIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { fetchFamily, fetchSeed } from '../../archive/archiveApi';
import { copyText } from '../channels/copyText';
import { sendReferenceToComposer } from '../social/referenceInbox';
import { useEngineDisplayName } from '../engines/engineName';
import { ShareBox } from '../share/ShareBox';
import { canShare } from '../share/shareLinks';
import { useFeedActions } from './FeedContext';
import { TaskButtons } from './TaskButtons';
import { downloadName } from './viewerZoom';

/** A dark panel's button: 36 px, 44 px on a phone. */
export const panelButton =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md bg-white/10 px-3 text-sm font-medium text-white transition-colors outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 max-sm:min-h-11';
const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-white/70 transition-colors outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring max-sm:size-11';

function Section({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-white/70 uppercase">{label}</h3>
        {action}
      </div>
      {children}
    </section>
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
      <div className="text-xs text-white/70">{label}</div>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <button
            key={item.task.id}
            type="button"
            data-testid="viewer-family-link"
            data-task-id={item.task.id}
            aria-label={t('gallery.openFamily', { name: item.task.prompt || item.task.id })}
            onClick={() => onOpen(item)}
            className="size-14 overflow-hidden rounded-md bg-black/40 ring-white/80 outline-none hover:ring-2 focus-visible:ring-2 max-sm:size-16"
          >
            <img src={item.task.imageUrl ?? ''} alt="" className="size-full object-cover" loading="lazy" />
          </button>
        ))}
      </div>
    </div>
  );
}

/** The image view's side: who drew it, the task's buttons, prompt, seed, engine, family, and what can be done with it. */
export function ViewerPanel({
  task,
  author,
  inFeed,
  onOpenFamily,
  onReferenceSent,
}: {
  task: Task;
  author: string;
  /** The task is one of this channel's feed: its buttons work here. */
  inFeed: boolean;
  onOpenFamily: (item: ArchiveItem) => void;
  onReferenceSent: () => void;
}) {
  const { t } = useTranslation();
  const { me, channel } = useFeedActions();
  const engineName = useEngineDisplayName(task.engine, task.botType);
  const [fetchedSeed, setFetchedSeed] = useState<{ taskId: string; seed: string | null } | null>(null);
  const seed = task.seed ?? (fetchedSeed?.taskId === task.id ? fetchedSeed.seed : null);
  const [family, setFamily] = useState<ArchiveFamily | null>(null);
  const [sending, setSending] = useState(false);

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

  const copy = async (text: string) => {
    if (await copyText(text)) notify.success(t('common.copySuccess'));
    else notify.error(t('feed.viewer.copyFailed'));
  };

  async function sendAsReference() {
    const src = task.imageUrl;
    if (!src || sending) return;
    setSending(true);
    try {
      if (!(await sendReferenceToComposer(task.channelId, src))) throw new Error('not added');
      notify.success(t('gallery.referenceAdded'));
      onReferenceSent();
    } catch {
      notify.error(t('gallery.referenceFailed'));
    } finally {
      setSending(false);
    }
  }

  const { width, height } = task.properties;
  return (
    <div className="space-y-5 p-4 text-sm text-white/90" data-testid="viewer-panel">
      <div className="flex items-center gap-2">
        <span className="min-w-0 truncate font-semibold text-white" data-testid="viewer-author">
          {author}
        </span>
        <span className="shrink-0 text-xs text-white/70" data-testid="viewer-engine">
          {engineName}
        </span>
      </div>

      {inFeed && task.channelId === channel.id && (
        <div data-testid="viewer-buttons">
          <TaskButtons task={task} />
        </div>
      )}

      <Section
        label={t('gallery.prompt')}
        action={
          <button
            type="button"
            data-testid="viewer-copy-prompt"
            aria-label={t('gallery.copyPrompt')}
            title={t('gallery.copyPrompt')}
            onClick={() => void copy(task.prompt)}
            className={iconButton}
          >
            <CopyIcon className="size-4" aria-hidden />
          </button>
        }
      >
        <p
          data-testid="viewer-prompt"
          className="max-h-48 overflow-y-auto rounded-md bg-black/30 p-2.5 break-words whitespace-pre-wrap"
        >
          {task.prompt || '—'}
        </p>
        {task.finalPrompt && task.finalPrompt !== task.prompt && (
          <details className="text-xs text-white/70">
            <summary className="cursor-pointer py-1">{t('gallery.finalPrompt')}</summary>
            <p className="mt-1 break-words whitespace-pre-wrap">{task.finalPrompt}</p>
          </details>
        )}
      </Section>

      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
        <dt className="text-xs text-white/70">{t('gallery.seed')}</dt>
        <dd className="flex min-w-0 items-center gap-1">
          {seed ? (
            <>
              <code data-testid="viewer-seed" className="truncate">
                {seed}
              </code>
              <button
                type="button"
                aria-label={t('gallery.copySeed')}
                title={t('gallery.copySeed')}
                onClick={() => void copy(seed)}
                className={iconButton}
              >
                <CopyIcon className="size-4" aria-hidden />
              </button>
            </>
          ) : fetchedSeed?.taskId === task.id ? (
            <span className="text-white/70">{t('gallery.noSeed')}</span>
          ) : (
            <button
              type="button"
              className="min-h-8 text-[#949cf7] underline-offset-2 hover:underline max-sm:min-h-11"
              onClick={() =>
                void fetchSeed(task.id).then(
                  (value) => setFetchedSeed({ taskId: task.id, seed: value }),
                  () => undefined,
                )
              }
            >
              {t('gallery.getSeed')}
            </button>
          )}
        </dd>
        {width && height ? (
          <>
            <dt className="text-xs text-white/70">{t('gallery.size')}</dt>
            <dd>{`${width} × ${height}`}</dd>
          </>
        ) : null}
      </dl>

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="viewer-use-reference"
          disabled={sending}
          onClick={() => void sendAsReference()}
          className={panelButton}
        >
          {sending ? (
            <Loader2Icon className="size-4 animate-spin" aria-hidden />
          ) : (
            <ImagePlusIcon className="size-4" aria-hidden />
          )}
          {t('gallery.useAsReference')}
        </button>
        <a
          href={task.videoUrl ?? task.imageUrl ?? '#'}
          download={downloadName(task.videoUrl ?? task.imageUrl ?? '')}
          className={panelButton}
        >
          <DownloadIcon className="size-4" aria-hidden />
          {t('gallery.downloadFull')}
        </a>
      </div>

      {canShare(task, me, channel) && <ShareBox taskId={task.id} dark />}

      {shownFamily && (shownFamily.ancestors.length > 0 || shownFamily.children.length > 0) && (
        <Section label={t('gallery.family')}>
          <div className={cn('space-y-2')} data-testid="viewer-family">
            <FamilyRow label={t('gallery.parents')} items={shownFamily.ancestors} onOpen={onOpenFamily} />
            <FamilyRow label={t('gallery.children')} items={shownFamily.children} onOpen={onOpenFamily} />
          </div>
        </Section>
      )}
    </div>
  );
}
