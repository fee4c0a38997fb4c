import { MessageKind, TaskStatus, type Message, type Task } from '@draw/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { copyText } from '../channels/copyText';
import { excerptOf, startEdit, startReply } from '../social/conversation';
import { plainText } from '../social/mentions';
import { useFeedActions } from './FeedContext';
import { promptParts } from './taskView';

/** What can be done with one message (the hover toolbar and the context menu offer the same). */
export interface MessageActions {
  reply(): void;
  toggleReaction(emoji: string, mine: boolean): void;
  /** My text message: edit it in place. */
  edit: (() => void) | null;
  copyText: (() => void) | null;
  /** A result's: its prompt, its seed, its picture into the composer. */
  copyPrompt: (() => void) | null;
  copySeed: (() => void) | null;
  useAsReference: (() => void) | null;
}

export function useMessageActions(message: Message, task: Task | null): MessageActions {
  const { t } = useTranslation();
  const feed = useFeedActions();
  const mine = message.author.id === feed.me;
  const isText = message.kind === MessageKind.Text;
  const text = plainText(message.content, feed.nameOf);
  const prompt = task ? [promptParts(task).text, promptParts(task).params].filter(Boolean).join(' ') : '';
  const image = task?.status === TaskStatus.Success ? task.imageUrl : null;

  const copy = (value: string) => () =>
    void copyText(value).then((done) =>
      done ? notify.success(t('social.menu.copied')) : notify.error(t('social.menu.copyFailed')),
    );

  return {
    reply: () =>
      startReply({
        messageId: message.id,
        authorName: task ? message.author.name : message.author.name,
        excerpt: excerptOf(isText ? text : prompt || t('feed.parentResult')),
      }),
    toggleReaction: (emoji, reacted) => feed.toggleReaction(message.id, emoji, !reacted),
    edit: mine && isText ? () => startEdit(message.id) : null,
    copyText: isText && text ? copy(text) : null,
    copyPrompt: task && prompt ? copy(prompt) : null,
    copySeed: task?.seed ? copy(task.seed) : null,
    useAsReference: image ? () => feed.useAsReference(image) : null,
  };
}
