import { MessageKind, type Message, type Task } from '@draw/shared';
import { BadgeCheckIcon, Flower2Icon, PaletteIcon, SailboatIcon, Trash2Icon } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { Popconfirm } from '../../../components/ui/popconfirm';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { useEngines } from '../engines/enginesStore';
import { deleteMessage } from './feedApi';
import { useFeedActions } from './FeedContext';
import { dayName, formatClock, formatDate, formatFull } from './rows';
import { TaskCard, TaskCardSkeleton } from './TaskCard';
import { TaskConnectionNote } from './TaskConnectionNote';
import { useNow } from './useNow';
import { commandOf, engineKind, promptParts, type EngineKind } from './taskView';

function useTimeLabel(time: number): { short: string; clock: string; full: string; iso: string } {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const clock = formatClock(time, locale);
  const day = dayName(time, useNow());
  const short =
    day === 'today'
      ? t('feed.time.today', { time: clock })
      : day === 'yesterday'
        ? t('feed.time.yesterday', { time: clock })
        : `${formatDate(time, locale)} ${clock}`;
  return { short, clock, full: formatFull(time, locale), iso: new Date(time).toISOString() };
}

function MessageTime({ time }: { time: number }) {
  const label = useTimeLabel(time);
  return (
    <time dateTime={label.iso} title={label.full} className="text-xs font-medium text-muted-foreground">
      {label.short}
    </time>
  );
}

/** The name of the engine that drew a task: only the midjourney-proxy's bots are Midjourney's; others as the engines list names them. */
export function useEngineName(kind: EngineKind, engine: string): string {
  const { t } = useTranslation();
  const { byId } = useEngines({ load: false });
  return kind === 'other' ? (byId(engine)?.name ?? engine) : t(`feed.engine.${kind}`);
}

export function BotAvatar({ kind, className }: { kind: EngineKind; className?: string }) {
  const Icon = kind === 'midjourney' ? SailboatIcon : kind === 'niji' ? Flower2Icon : PaletteIcon;
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full text-white',
        kind === 'midjourney'
          ? 'bg-gradient-to-br from-[#1e1f22] to-[#4a4d57] ring-1 ring-white/10'
          : kind === 'niji'
            ? 'bg-gradient-to-br from-[#ff7eb3] to-[#c04dd6]'
            : 'bg-gradient-to-br from-[#5865f2] to-[#eb459e]',
        className,
      )}
    >
      <Icon className="size-[55%]" strokeWidth={2.2} />
    </span>
  );
}

function BotBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex h-[15px] items-center gap-0.5 rounded-[3px] bg-blurple px-1 text-[10px] leading-none font-semibold tracking-wide text-white uppercase">
      <BadgeCheckIcon className="size-2.5" aria-hidden />
      {t('feed.bot')}
    </span>
  );
}

function DeleteAction({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { removeMessage } = useFeedActions();
  async function remove() {
    try {
      if (await deleteMessage(message.id)) {
        removeMessage(message.id);
        notify.success(t('common.deleteSuccess'));
      } else {
        notify.error(t('common.deleteFailed'));
      }
    } catch {
      // The HTTP client already showed why.
    }
  }
  return (
    <div
      className={cn(
        'absolute -top-3 right-4 z-10 flex rounded-md border border-border bg-background p-0.5 opacity-0 shadow-sm transition-opacity',
        'group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100 dark:border-[#26272b] dark:bg-[#313338]',
      )}
    >
      <Popconfirm title={t('feed.deleteConfirm')} onConfirm={remove} danger side="left" align="center">
        <button
          type="button"
          data-testid={`message-delete-${message.id}`}
          aria-label={t('feed.deleteMessage')}
          title={t('feed.deleteMessage')}
          className="flex size-8 items-center justify-center rounded text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Trash2Icon className="size-[18px]" aria-hidden />
        </button>
      </Popconfirm>
    </div>
  );
}

/** The line above a bot reply: who used which command, or which result a button came from. */
function ReplyLine({ task, message }: { task: Task; message: Message }) {
  const { t } = useTranslation();
  const { taskById, jumpToTask } = useFeedActions();
  const command = commandOf(task);
  const parent = task.parentId ? taskById(task.parentId) : undefined;
  const spine = (
    <span
      aria-hidden
      className="absolute top-1/2 left-9 h-2.5 w-[30px] rounded-tl-md border-t-2 border-l-2 border-black/15 dark:border-white/20"
    />
  );
  if (command) {
    return (
      <div className="relative flex min-w-0 items-center gap-1 pl-[72px] text-sm leading-5 text-muted-foreground">
        {spine}
        <UserAvatar src={message.author.avatar} name={message.author.name} className="size-4" />
        <span className="truncate">
          <span className="font-medium text-foreground/90">{message.author.name}</span> {t('feed.used')}{' '}
          <span className="font-medium text-[#006ce7] dark:text-[#00a8fc]">{command}</span>
        </span>
      </div>
    );
  }
  if (!task.parentId) return null;
  const parentText = parent ? promptParts(parent).text : '';
  return (
    <div className="relative flex min-w-0 items-center gap-1 pl-[72px] text-sm leading-5 text-muted-foreground">
      {spine}
      <BotAvatar kind={engineKind(task)} className="size-4" />
      <button
        type="button"
        onClick={() => jumpToTask(task.parentId!)}
        className="min-w-0 truncate text-left outline-none hover:text-foreground focus-visible:underline"
        title={t('feed.jumpToParent')}
      >
        <span className="font-medium text-foreground/90">{t('feed.replyTo')}</span>{' '}
        {parentText || t('feed.parentResult')}
      </button>
    </div>
  );
}

export interface MessageRowProps {
  message: Message;
  task: Task | null;
  /** First of its group (shows avatar, name and time). */
  head: boolean;
  canDelete: boolean;
}

function TaskMessage({ message, task, canDelete }: Omit<MessageRowProps, 'head'>) {
  const kind = task ? engineKind(task) : 'builtin';
  const name = useEngineName(kind, task?.engine ?? '');
  return (
    <article
      data-testid={`message-${message.id}`}
      data-task-id={message.taskId ?? undefined}
      aria-label={name}
      className="group relative mt-[17px] py-0.5 pr-4 transition-colors hover:bg-black/[0.025] dark:hover:bg-black/[0.07]"
    >
      {task && <ReplyLine task={task} message={message} />}
      <div className="flex gap-4 pl-4">
        <BotAvatar kind={kind} className="mt-0.5 size-10" />
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-x-1.5 leading-[1.375rem]">
            <span className="text-[15px] font-medium text-heading">{name}</span>
            <BotBadge />
            <MessageTime time={message.createdAt} />
          </h3>
          {task ? <TaskCard task={task} message={message} /> : <TaskCardSkeleton message={message} />}
          {task && <TaskConnectionNote task={task} />}
        </div>
      </div>
      {canDelete && <DeleteAction message={message} />}
    </article>
  );
}

function TextMessage({ message, head, canDelete }: Omit<MessageRowProps, 'task'>) {
  const label = useTimeLabel(message.createdAt);
  return (
    <article
      data-testid={`message-${message.id}`}
      aria-label={message.author.name}
      className={cn(
        'group relative flex gap-4 py-0.5 pr-4 pl-4 transition-colors hover:bg-black/[0.025] dark:hover:bg-black/[0.07]',
        head && 'mt-[17px]',
      )}
    >
      {head ? (
        <UserAvatar src={message.author.avatar} name={message.author.name} className="mt-0.5 size-10" />
      ) : (
        <time
          dateTime={label.iso}
          title={label.full}
          className="w-10 shrink-0 pt-[3px] text-right text-[11px] leading-[1.375rem] text-muted-foreground opacity-0 group-hover:opacity-100"
        >
          {label.clock}
        </time>
      )}
      <div className="min-w-0 flex-1">
        {head && (
          <h3 className="flex flex-wrap items-baseline gap-x-2 leading-[1.375rem]">
            <span className="text-[15px] font-medium text-heading">{message.author.name}</span>
            <time
              dateTime={label.iso}
              title={label.full}
              className="text-xs font-medium text-muted-foreground"
            >
              {label.short}
            </time>
          </h3>
        )}
        <p className="text-[15px] leading-[1.375rem] break-words whitespace-pre-wrap text-foreground">
          {message.content}
        </p>
      </div>
      {canDelete && <DeleteAction message={message} />}
    </article>
  );
}

/** One message of the list: a user's text, or a task card posted as the bot's reply. */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  return props.message.kind === MessageKind.Task ? <TaskMessage {...props} /> : <TextMessage {...props} />;
});
