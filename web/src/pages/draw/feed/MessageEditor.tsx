import { Limits, type Message } from '@draw/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { stopEdit } from '../social/conversation';
import { decodeMentions, encodeMentions, splitMentions } from '../social/mentions';
import { useFeedActions } from './FeedContext';

/**
 * Discord's inline editor: the text with its mentions as `@name`; Enter saves, Shift+Enter a new
 * line, Escape cancels. Saving the same text, or nothing, just closes it.
 */
export function MessageEditor({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { nameOf, editMessage } = useFeedActions();
  const [text, setText] = useState(() => decodeMentions(message.content, nameOf));
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const input = box.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  useEffect(() => {
    const input = box.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${input.scrollHeight}px`;
  }, [text]);

  // The people already named stay named: their `@name` goes back to their token.
  const named = splitMentions(message.content).flatMap((part) =>
    part.kind === 'mention' ? [{ userId: part.userId, name: nameOf(part.userId) ?? '', avatar: '' }] : [],
  );

  async function save() {
    const content = encodeMentions(
      text.trim(),
      named.filter((m) => m.name),
    );
    if (!content || content === message.content) return stopEdit();
    setBusy(true);
    const saved = await editMessage(message.id, content);
    setBusy(false);
    if (saved) stopEdit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stopEdit();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void save();
    }
  }

  const link = 'font-medium text-[#006ce7] hover:underline dark:text-[#00a8fc]';
  return (
    <div className="py-1" data-testid={`message-editor-${message.id}`}>
      <textarea
        ref={box}
        rows={1}
        value={text}
        maxLength={Limits.messageMaxChars}
        disabled={busy}
        aria-label={t('social.editLabel')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="scrollbar-thin max-h-[40vh] w-full resize-none rounded-lg bg-[#ebedef] px-4 py-[11px] text-base leading-[22px] text-foreground outline-none md:text-[15px] dark:bg-[#383a40]"
      />
      <p className="mt-1 text-xs text-muted-foreground">
        <Trans
          i18nKey="social.editHint"
          components={{
            cancel: <button type="button" className={link} onClick={() => stopEdit()} />,
            save: <button type="button" className={link} onClick={() => void save()} />,
          }}
        />
      </p>
    </div>
  );
}
