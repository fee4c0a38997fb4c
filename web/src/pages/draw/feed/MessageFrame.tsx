import type { Message, Task } from '@draw/shared';
import {
  ClipboardCopyIcon,
  CopyIcon,
  HashIcon,
  ImagePlusIcon,
  PencilIcon,
  ReplyIcon,
  SmilePlusIcon,
  Trash2Icon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  ContextMenuTrigger,
} from '../../../components/ui/context-menu';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Popconfirm } from '../../../components/ui/popconfirm';
import { Popover, PopoverAnchor, PopoverContent } from '../../../components/ui/popover';
import { notify } from '../../../lib/notify';
import { cn } from '../../../lib/utils';
import { QUICK_REACTIONS } from '../social/emoji';
import { deleteMessage } from './feedApi';
import { useFeedActions } from './FeedContext';
import { useMessageActions, type MessageActions } from './messageActions';
import { ReactionPicker } from './ReactionPicker';

const toolButton =
  'flex size-8 max-sm:size-11 items-center justify-center rounded text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

function useDelete(message: Message) {
  const { t } = useTranslation();
  const { removeMessage } = useFeedActions();
  return async () => {
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
  };
}

/** Discord's hover toolbar: quick reactions, add reaction, reply, edit (mine), delete. */
function Toolbar({
  message,
  actions,
  canDelete,
  pinned,
  onPickReaction,
}: {
  message: Message;
  actions: MessageActions;
  canDelete: boolean;
  pinned: boolean;
  onPickReaction: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDelete(message);
  const reacted = (emoji: string) => message.reactions.some((r) => r.emoji === emoji && r.me);
  return (
    <div
      role="toolbar"
      aria-label={t('social.toolbar')}
      data-testid={`message-toolbar-${message.id}`}
      className={cn(
        'absolute -top-4 right-4 z-10 flex items-center rounded-md border border-border bg-background p-0.5 shadow-sm transition-opacity dark:border-[#26272b] dark:bg-[#313338]',
        pinned ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 focus-within:opacity-100',
      )}
    >
      <span className="hidden items-center border-r border-border pr-0.5 mr-0.5 lg:flex dark:border-[#3f4147]">
        {QUICK_REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-label={t('social.reactions.reactWith', { emoji })}
            title={t('social.reactions.reactWith', { emoji })}
            onClick={() => actions.toggleReaction(emoji, reacted(emoji))}
            className={cn(toolButton, 'text-[17px] leading-none')}
          >
            {emoji}
          </button>
        ))}
      </span>
      <button
        type="button"
        data-testid={`message-react-${message.id}`}
        aria-label={t('social.reactions.add')}
        title={t('social.reactions.add')}
        onClick={onPickReaction}
        className={toolButton}
      >
        <SmilePlusIcon className="size-[18px]" aria-hidden />
      </button>
      <button
        type="button"
        data-testid={`message-reply-${message.id}`}
        aria-label={t('social.reply')}
        title={t('social.reply')}
        onClick={actions.reply}
        className={toolButton}
      >
        <ReplyIcon className="size-[18px]" aria-hidden />
      </button>
      {actions.edit && (
        <button
          type="button"
          data-testid={`message-edit-${message.id}`}
          aria-label={t('social.edit')}
          title={t('social.edit')}
          onClick={actions.edit}
          className={toolButton}
        >
          <PencilIcon className="size-[18px]" aria-hidden />
        </button>
      )}
      {canDelete && (
        <Popconfirm title={t('feed.deleteConfirm')} onConfirm={remove} danger side="left" align="center">
          <button
            type="button"
            data-testid={`message-delete-${message.id}`}
            aria-label={t('feed.deleteMessage')}
            title={t('feed.deleteMessage')}
            className={cn(toolButton, 'hover:text-destructive')}
          >
            <Trash2Icon className="size-[18px]" aria-hidden />
          </button>
        </Popconfirm>
      )}
    </div>
  );
}

/** Delete chosen from the context menu: Discord's confirmation dialog. */
function DeleteDialog({
  message,
  open,
  onOpenChange,
}: {
  message: Message;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const remove = useDelete(message);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent width={440} data-testid="message-delete-dialog">
        <DialogHeader>
          <DialogTitle>{t('feed.deleteMessage')}</DialogTitle>
          <DialogDescription>{t('feed.deleteConfirm')}</DialogDescription>
        </DialogHeader>
        <DialogBody />
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void remove().finally(() => {
                setBusy(false);
                onOpenChange(false);
              });
            }}
          >
            {t('social.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export interface MessageFrameProps {
  message: Message;
  task: Task | null;
  canDelete: boolean;
  /** The message names me (or everyone): Discord's amber bar and tint. */
  mentionsMe: boolean;
  className?: string;
  label: string;
  children: (frame: { openPicker: () => void; actions: MessageActions }) => ReactNode;
}

/**
 * A message's row with what surrounds it: the hover toolbar, the context menu (right click; a long
 * press on a phone), the reaction picker and the delete confirmation.
 */
export function MessageFrame({
  message,
  task,
  canDelete,
  mentionsMe,
  className,
  label,
  children,
}: MessageFrameProps) {
  const { t } = useTranslation();
  const actions = useMessageActions(message, task);
  const [picking, setPicking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const reacted = (emoji: string) => message.reactions.some((r) => r.emoji === emoji && r.me);
  const openPicker = () => setPicking(true);

  return (
    <>
      <ContextMenu modal={false} onOpenChange={setMenuOpen}>
        <ContextMenuTrigger asChild>
          <article
            data-testid={`message-${message.id}`}
            data-task-id={message.taskId ?? undefined}
            data-mentions-me={mentionsMe || undefined}
            aria-label={label}
            className={cn(
              'group relative transition-colors duration-500 [-webkit-touch-callout:none] data-[flash=true]:bg-blurple/20',
              mentionsMe
                ? 'bg-[#faa81a]/10 before:absolute before:inset-y-0 before:left-0 before:w-0.5 before:bg-[#e89611] hover:bg-[#faa81a]/[0.14] dark:bg-[#faa81a]/[0.08] dark:before:bg-[#f0b232] dark:hover:bg-[#faa81a]/[0.12] dark:[&_.text-muted-foreground]:text-[#b5bac1]'
                : 'hover:bg-black/[0.025] dark:hover:bg-black/[0.07]',
              (menuOpen || picking) && !mentionsMe && 'bg-black/[0.025] dark:bg-black/[0.07]',
              className,
            )}
          >
            {children({ openPicker, actions })}
            <Popover open={picking} onOpenChange={setPicking}>
              <PopoverAnchor className="absolute -top-4 right-4 h-8 w-px" />
              <PopoverContent
                side="top"
                align="end"
                collisionPadding={8}
                className="w-auto p-2"
                aria-label={t('social.reactions.pick')}
              >
                <ReactionPicker
                  onPick={(emoji) => {
                    setPicking(false);
                    actions.toggleReaction(emoji, reacted(emoji));
                  }}
                />
              </PopoverContent>
            </Popover>
            <Toolbar
              message={message}
              actions={actions}
              canDelete={canDelete}
              pinned={picking || menuOpen}
              onPickReaction={openPicker}
            />
          </article>
        </ContextMenuTrigger>
        <ContextMenuContent data-testid={`message-menu-${message.id}`} aria-label={t('social.menu.label')}>
          <ContextMenuItem onSelect={openPicker} data-testid="menu-react">
            {t('social.reactions.add')}
            <SmilePlusIcon aria-hidden />
          </ContextMenuItem>
          <ContextMenuItem onSelect={actions.reply} data-testid="menu-reply">
            {t('social.reply')}
            <ReplyIcon aria-hidden />
          </ContextMenuItem>
          {actions.edit && (
            <ContextMenuItem onSelect={actions.edit} data-testid="menu-edit">
              {t('social.edit')}
              <PencilIcon aria-hidden />
            </ContextMenuItem>
          )}
          {(actions.copyText || actions.copyPrompt || actions.copySeed || actions.useAsReference) && (
            <ContextMenuSeparator />
          )}
          {actions.copyText && (
            <ContextMenuItem onSelect={actions.copyText} data-testid="menu-copy-text">
              {t('social.menu.copyText')}
              <CopyIcon aria-hidden />
            </ContextMenuItem>
          )}
          {actions.copyPrompt && (
            <ContextMenuItem onSelect={actions.copyPrompt} data-testid="menu-copy-prompt">
              {t('social.menu.copyPrompt')}
              <ClipboardCopyIcon aria-hidden />
            </ContextMenuItem>
          )}
          {actions.copySeed && (
            <ContextMenuItem onSelect={actions.copySeed} data-testid="menu-copy-seed">
              {t('social.menu.copySeed')}
              <HashIcon aria-hidden />
            </ContextMenuItem>
          )}
          {actions.useAsReference && (
            <ContextMenuItem onSelect={actions.useAsReference} data-testid="menu-use-reference">
              {t('social.menu.useAsReference')}
              <ImagePlusIcon aria-hidden />
            </ContextMenuItem>
          )}
          {canDelete && (
            <>
              <ContextMenuSeparator />
              <ContextMenuItem
                variant="destructive"
                onSelect={() => setConfirming(true)}
                data-testid="menu-delete"
              >
                {t('social.delete')}
                <Trash2Icon aria-hidden />
              </ContextMenuItem>
            </>
          )}
        </ContextMenuContent>
      </ContextMenu>
      <DeleteDialog message={message} open={confirming} onOpenChange={setConfirming} />
    </>
  );
}
