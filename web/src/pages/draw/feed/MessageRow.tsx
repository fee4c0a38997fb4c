import { MessageKind, type Message, type Task } from '@draw/shared';
import { BadgeCheckIcon, Flower2Icon, PaletteIcon, SailboatIcon } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { UserAvatar } from '../../../components/app/UserAvatar';
import { cn } from '../../../lib/utils';
import { useEngines } from '../engines/enginesStore';
import { conversationStore } from '../social/conversation';
import { useFeedActions } from './FeedContext';
import { MentionText } from './MentionText';
import { MessageEditor } from './MessageEditor';
import { MessageFrame } from './MessageFrame';
import { ReactionChips } from './ReactionChips';
import { ReplyQuote } from './ReplyQuote';
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

/** Whether the message names me (or everyone), someone else's: Discord's highlighted row. */
function useMentionsMe(message: Message): boolean {
  const { me } = useFeedActions();
  const { userIds, everyone } = message.mentions;
  return (everyone && message.author.id !== me) || userIds.includes(me);
}

function EditedMark({ at }: { at: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      className="ml-1 text-[11px] text-muted-foreground select-none"
      title={formatFull(at, i18n.language)}
      data-testid="edited-mark"
    >
      {t('social.edited')}
    </span>
  );
}

function TaskMessage({ message, task, canDelete }: Omit<MessageRowProps, 'head'>) {
  const kind = task ? engineKind(task) : 'builtin';
  const name = useEngineName(kind, task?.engine ?? '');
  return (
    <MessageFrame
      message={message}
      task={task}
      canDelete={canDelete}
      // A result mentions its author (the unread count and the notification say so); its card is
      // not tinted: every one of a person's own cards would be, and the card's grey text and
      // buttons are drawn for the feed's own background.
      mentionsMe={false}
      label={name}
      className="mt-[17px] py-0.5 pr-4"
    >
      {({ openPicker, actions }) => (
        <>
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
              <ReactionChips message={message} onToggle={actions.toggleReaction} onAdd={openPicker} />
            </div>
          </div>
        </>
      )}
    </MessageFrame>
  );
}

function TextMessage({ message, head, canDelete }: Omit<MessageRowProps, 'task'>) {
  const label = useTimeLabel(message.createdAt);
  const mentionsMe = useMentionsMe(message);
  const { editingId } = useSnapshot(conversationStore);
  const editing = editingId === message.id;
  // A reply always shows its quote, so it starts a group of its own.
  const showHead = head || message.replyTo !== null;
  return (
    <MessageFrame
      message={message}
      task={null}
      canDelete={canDelete}
      mentionsMe={mentionsMe}
      label={message.author.name}
      className={cn('py-0.5 pr-4', showHead && 'mt-[17px]')}
    >
      {({ openPicker, actions }) => (
        <>
          {message.replyTo && <ReplyQuote reply={message.replyTo} />}
          <div className="flex gap-4 pl-4">
            {showHead ? (
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
              {showHead && (
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
              {editing ? (
                <MessageEditor message={message} />
              ) : (
                <p className="text-[15px] leading-[1.375rem] break-words whitespace-pre-wrap text-foreground">
                  <MentionText content={message.content} />
                  {message.editedAt !== null && <EditedMark at={message.editedAt} />}
                </p>
              )}
              <ReactionChips message={message} onToggle={actions.toggleReaction} onAdd={openPicker} />
            </div>
          </div>
        </>
      )}
    </MessageFrame>
  );
}

/** One message of the list: a user's text, or a task card posted as the bot's reply. */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  return props.message.kind === MessageKind.Task ? <TaskMessage {...props} /> : <TextMessage {...props} />;
});
