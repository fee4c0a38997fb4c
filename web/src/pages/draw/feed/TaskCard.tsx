import {
  bylineOfTask,
  TaskAction,
  TaskStatus,
  takesMidjourneyParameters,
  untitledOfTask,
  type Message,
  type Task,
} from '@draw/shared';
import {
  BanIcon,
  CircleXIcon,
  EyeOffIcon,
  LanguagesIcon,
  Loader2Icon,
  PencilLineIcon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Popconfirm } from '../../../components/ui/popconfirm';
import { cancelTask } from './feedApi';
import { useFeedActions } from './FeedContext';
import { TaskButtons } from './TaskButtons';
import { TaskPreview, TaskResultClip, TaskResultImage } from './TaskImage';
import {
  englishOf,
  isRunning,
  modalOf,
  paramChunks,
  percentOf,
  promptParts,
  referenceUrlsOf,
  speedOfTask,
  suggestionsOf,
} from './taskView';
import { FavoriteStar } from './FavoriteStar';
import { useImageHidden } from './hiddenImages';
import { ImageMenu } from './ImageMenu';
import { FailureActions } from './FailureActions';
import { failureTextOf } from './failure';

/** What follows the prompt: "— @user (fast)", "— Image #2 @user", "— Variations by @user (fast)". */
function TaskByline({ task, author }: { task: Task; author: string }) {
  const { t } = useTranslation();
  const speed = t(`feed.speed.${speedOfTask(task)}`);
  const mention = (
    <span className="rounded-[3px] bg-blurple/15 px-0.5 font-medium text-[#4752c4] dark:bg-blurple/30 dark:text-[#c9cdfb]">
      @{author}
    </span>
  );
  const status =
    task.status === TaskStatus.InProgress
      ? t('feed.byline.progress', { percent: percentOf(task) })
      : task.status === TaskStatus.Submitted || task.status === TaskStatus.NotStart
        ? t('feed.byline.waiting')
        : null;
  const index = typeof task.properties.index === 'number' ? task.properties.index : null;
  const byline = bylineOfTask(task.action);
  const lead =
    task.action === TaskAction.Upscale && index !== null
      ? t('feed.byline.image', { index })
      : byline && t(`feed.byline.${byline}`);
  return (
    <span className="text-foreground">
      {' — '}
      {lead && <>{lead} </>}
      {mention}
      {/* The job mode is Midjourney's (relax/fast/turbo): not shown for an engine that has none. */}
      {task.action !== TaskAction.Upscale && takesMidjourneyParameters(task.engine) && (
        <span className="text-muted-foreground"> ({speed})</span>
      )}
      {status && <span className="text-muted-foreground"> ({status})</span>}
    </span>
  );
}

function PromptLine({ task, author }: { task: Task; author: string }) {
  const { t } = useTranslation();
  const { text, params } = promptParts(task);
  const untitled = untitledOfTask(task.action);
  const title = text || (untitled ? t(`feed.untitled.${untitled}`) : '');
  return (
    <p className="text-[15px] leading-[1.375rem] break-words text-foreground">
      <strong className="font-semibold text-heading">{title}</strong>
      {params && (
        <span className="ml-1 font-mono text-[13px] text-muted-foreground">
          {paramChunks(params).map(({ whole, rest }, i) => (
            <Fragment key={i}>
              {i > 0 && ' '}
              <span className="whitespace-nowrap">{whole}</span>
              {rest && ` ${rest}`}
            </Fragment>
          ))}
        </span>
      )}
      <TaskByline task={task} author={author} />
    </p>
  );
}

/** The English the engine got, muted under the prompt as typed (or why it went untranslated). */
function EnglishLine({ task }: { task: Task }) {
  const { t } = useTranslation();
  const english = englishOf(task);
  if (!english) return null;
  if (english.failed) {
    return (
      <p
        data-testid={`task-english-${task.id}`}
        data-failed="true"
        className="mt-0.5 flex items-center gap-1 text-[13px] leading-5 text-muted-foreground"
      >
        <TriangleAlertIcon className="size-3.5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        {t('feed.translation.failed')}
      </p>
    );
  }
  return (
    <p
      data-testid={`task-english-${task.id}`}
      className="mt-0.5 flex items-start gap-1 text-[13px] leading-5 break-words text-muted-foreground"
    >
      <LanguagesIcon className="mt-[3px] size-3.5 shrink-0" aria-label={t('feed.translation.label')} />
      <span lang="en" className="min-w-0">
        {english.text}
      </span>
    </p>
  );
}

function ProgressBar({ task }: { task: Task }) {
  const { t } = useTranslation();
  const percent = percentOf(task);
  return (
    <div className="mt-2 flex max-w-[512px] items-center gap-3" aria-live="off">
      <div
        role="progressbar"
        data-testid={`task-progress-${task.id}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('feed.status.progressLabel')}
        className="h-2 flex-1 overflow-hidden rounded-full bg-black/10 dark:bg-white/10"
      >
        <div
          className="h-full rounded-full bg-blurple transition-[width] duration-500 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-10 text-right text-xs font-semibold text-muted-foreground tabular-nums">
        {percent}%
      </span>
    </div>
  );
}

function CancelButton({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { mergeTasks } = useFeedActions();
  async function cancel() {
    try {
      const cancelled = await cancelTask(task.id);
      if (cancelled) mergeTasks([cancelled]);
    } catch {
      // The HTTP client already showed the server's message.
    }
  }
  return (
    <Popconfirm
      title={t('feed.cancelConfirm')}
      cancelText={t('feed.cancelKeep')}
      confirmText={t('feed.cancelJob')}
      onConfirm={cancel}
      danger
      side="top"
      align="start"
    >
      <button
        type="button"
        data-testid={`task-cancel-${task.id}`}
        aria-label={t('feed.cancelTask')}
        className="inline-flex h-7 items-center gap-1 rounded-[3px] px-2 text-xs font-medium text-muted-foreground max-sm:h-11 max-sm:px-3 transition-colors outline-none hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring"
      >
        <XIcon className="size-3.5" aria-hidden />
        {t('feed.cancelTask')}
      </button>
    </Popconfirm>
  );
}

/** A describe or shorten result: the numbered prompts, in an embed. */
function SuggestionsEmbed({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { openViewer } = useFeedActions();
  const prompts = suggestionsOf(task);
  const image = task.action === TaskAction.Describe ? referenceUrlsOf(task)[0] : undefined;
  return (
    <div className="mt-2 flex max-w-[520px] gap-3 rounded-[4px] border-l-4 border-blurple bg-black/[0.04] p-3 pr-4 dark:bg-[#2b2d31]">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-heading">
          {task.action === TaskAction.Shorten ? t('feed.shorten.title') : t('feed.describe.title')}
        </p>
        <ol className="mt-2 flex flex-col gap-2 text-sm text-foreground">
          {prompts.map((prompt, i) => (
            <li key={prompt} className="flex gap-1.5">
              <span
                aria-hidden
                className="mt-px flex size-5 shrink-0 items-center justify-center rounded-[4px] bg-blurple text-[11px] font-bold text-white"
              >
                {i + 1}
              </span>
              <span className="sr-only">{i + 1}.</span>
              <span className="min-w-0 break-words">{prompt}</span>
            </li>
          ))}
        </ol>
      </div>
      {image && (
        <button
          type="button"
          onClick={() => openViewer({ src: image, alt: t('feed.describe.source') })}
          aria-label={t('feed.image.open', { prompt: t('feed.describe.source') })}
          className="shrink-0 self-start overflow-hidden rounded outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img src={image} alt={t('feed.describe.source')} className="size-20 object-cover" />
        </button>
      )}
    </div>
  );
}

function ReferenceImages({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { openViewer } = useFeedActions();
  const urls = referenceUrlsOf(task);
  if (urls.length === 0 || task.action === TaskAction.Describe) return null;
  return (
    <div className="mt-1.5 flex flex-wrap gap-1.5">
      {urls.map((url, i) => (
        <button
          key={url}
          type="button"
          onClick={() => openViewer({ src: url, alt: t('feed.reference', { index: i + 1 }) })}
          aria-label={t('feed.image.open', { prompt: t('feed.reference', { index: i + 1 }) })}
          className="overflow-hidden rounded outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img src={url} alt={t('feed.reference', { index: i + 1 })} className="size-12 object-cover" />
        </button>
      ))}
    </div>
  );
}

function ModalState({ task, author, mine }: { task: Task; author: string; mine: boolean }) {
  const { t } = useTranslation();
  const { openEditor } = useFeedActions();
  const modal = modalOf(task);
  const kind = modal?.kind ?? 'remix';
  if (!mine) {
    return (
      <p
        className="mt-1 flex items-center gap-2 text-sm text-muted-foreground"
        data-testid={`task-waiting-input-${task.id}`}
      >
        <PencilLineIcon className="size-4" aria-hidden />
        {t('feed.status.modalOther', { name: author })}
      </p>
    );
  }
  return (
    <div className="mt-2 flex max-w-[520px] flex-wrap items-center gap-3 rounded-[4px] border-l-4 border-warning bg-black/[0.04] p-3 dark:bg-[#2b2d31]">
      <p className="min-w-0 flex-1 text-sm text-foreground">{t(`feed.status.modalMine.${kind}`)}</p>
      <button
        type="button"
        data-testid={`task-open-editor-${task.id}`}
        onClick={() => openEditor(task.id)}
        className="inline-flex h-8 items-center gap-1.5 rounded-[3px] bg-blurple px-4 text-sm font-medium text-white transition-colors outline-none hover:bg-[#4752c4] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1"
      >
        <PencilLineIcon className="size-4" aria-hidden />
        {t('feed.editor.open')}
      </button>
    </div>
  );
}

export interface TaskCardProps {
  task: Task;
  message: Message;
}

/** One task as the Midjourney bot's message shows it, live from submit to result. */
export function TaskCard({ task, message }: TaskCardProps) {
  const { t, i18n } = useTranslation();
  const { me, channel } = useFeedActions();
  const author = message.author.name;
  const mine = task.userId === me;
  const { text } = promptParts(task);
  const alt = text || t('feed.image.altFallback');
  const suggestions = task.action === TaskAction.Describe || task.action === TaskAction.Shorten;
  const canCancel = isRunning(task) && (mine || channel.isCreator);
  const failure = failureTextOf(task, t, (key) => i18n.exists(key));
  const hidden = useImageHidden(task.id);
  const showsImage = task.status === TaskStatus.Success && !suggestions && Boolean(task.imageUrl) && !hidden;

  return (
    <div data-testid={`task-card-${task.id}`} data-status={task.status} className="min-w-0">
      <PromptLine task={task} author={author} />
      <EnglishLine task={task} />
      <ReferenceImages task={task} />

      {(task.status === TaskStatus.NotStart || task.status === TaskStatus.Submitted) && (
        <p
          className="mt-1.5 flex items-center gap-2 text-sm text-muted-foreground"
          data-testid={`task-waiting-${task.id}`}
        >
          <Loader2Icon className="size-4 animate-spin" aria-hidden />
          {typeof task.properties.queuePosition === 'number'
            ? t('feed.status.queued', { position: task.properties.queuePosition })
            : t('feed.status.waiting')}
        </p>
      )}

      {task.status === TaskStatus.InProgress && (
        <>
          <ProgressBar task={task} />
          {!suggestions && <TaskPreview task={task} />}
        </>
      )}

      {task.status === TaskStatus.Success && hidden && (
        <p
          className="mt-1.5 flex items-center gap-1.5 text-sm text-muted-foreground italic"
          data-testid={`task-hidden-${task.id}`}
        >
          <EyeOffIcon className="size-4" aria-hidden />
          {t('moderation.hidden')}
        </p>
      )}
      {task.status === TaskStatus.Success &&
        !hidden &&
        (suggestions ? (
          <SuggestionsEmbed task={task} />
        ) : task.videoUrl ? (
          <TaskResultClip task={task} alt={alt} />
        ) : (
          <TaskResultImage task={task} alt={alt} />
        ))}

      {task.status === TaskStatus.Failure && (
        <div
          role="alert"
          className="mt-2 max-w-[520px] rounded-[4px] border-l-4 border-destructive bg-destructive/[0.06] p-3 dark:bg-[#2b2d31]"
        >
          <p className="flex items-center gap-1.5 text-sm font-semibold text-[#b42328] dark:text-[#fa777c]">
            <CircleXIcon className="size-4" aria-hidden />
            {t('feed.status.failed')}
          </p>
          <p
            className="mt-1 text-sm break-words whitespace-pre-wrap text-foreground"
            data-testid={`task-fail-reason-${task.id}`}
          >
            {failure ?? t('feed.status.failedNoReason')}
          </p>
        </div>
      )}
      {task.status === TaskStatus.Failure && mine && <FailureActions task={task} />}

      {task.status === TaskStatus.Cancel && (
        <>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground italic">
            <BanIcon className="size-4" aria-hidden />
            {t('feed.status.cancelled')}
          </p>
          {/* Why, when there is more to say: cancelled at the upstream, or an upstream that would not stop. */}
          {failure && (
            <p
              className="mt-0.5 max-w-[520px] text-sm break-words whitespace-pre-wrap text-muted-foreground"
              data-testid={`task-cancel-note-${task.id}`}
            >
              {failure}
            </p>
          )}
        </>
      )}

      {task.status === TaskStatus.Modal && <ModalState task={task} author={author} mine={mine} />}

      {showsImage && <FavoriteStar task={task} />}
      {showsImage && <ImageMenu task={task} />}
      {task.status === TaskStatus.Success && !hidden && <TaskButtons task={task} />}

      {canCancel && (
        <div className="mt-1.5">
          <CancelButton task={task} />
        </div>
      )}
    </div>
  );
}

/** A task message whose task has not been read yet. */
export function TaskCardSkeleton({ message }: { message: Message }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0" data-testid={`task-card-loading-${message.taskId ?? message.id}`}>
      <p className="text-[15px] font-semibold text-heading">{message.content}</p>
      <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden />
        {t('feed.status.loadingTask')}
      </p>
    </div>
  );
}
