import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { userInfoStore } from '../../../stores/userInfo';
import { cancelReply, conversationStore, startEdit, type ReplyTarget } from '../social/conversation';
import {
  activeMention,
  encodeMentions,
  EVERYONE,
  insertMention,
  matchCandidates,
  type MentionCandidate,
} from '../social/mentions';
import { readPromptHistory, rememberPrompt, stepHistory } from '../social/promptHistory';
import { onReferenceImage } from '../social/referenceInbox';

export interface ConversationInputDeps {
  channelId: string;
  isCreator: boolean;
  input: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText(text: string): void;
  addImages(files: File[]): void;
}

export interface ConversationInput {
  mention: {
    open: boolean;
    matches: MentionCandidate[];
    activeIndex: number;
    highlight(index: number): void;
    pick(candidate: MentionCandidate): void;
  };
  reply: ReplyTarget | null;
  cancelReply(): void;
  /** Runs before the composer's own keys; true when it handled the key. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** Where the caret is (the `@` being typed depends on it). */
  onSelect(): void;
  /** The text as it goes to the server (`@name` → `<@id>`), and the message it answers. */
  outgoing(content: string): { content: string; replyTo: string | undefined };
  /** A message went: the reply and the picked names are done. */
  sent(): void;
  /** A prompt was drawn: kept for ↑/↓. */
  promptSent(line: string): void;
}

/**
 * The composer's conversation: `@` autocompletion of the channel's members, the reply it sends,
 * ↑ in an empty box (edit my last message, or bring back my last prompt) and ↑/↓ through my prompt
 * history, and a result's picture arriving as a reference ("use as reference").
 */
export function useConversationInput(deps: ConversationInputDeps): ConversationInput {
  const { channelId, isCreator, input, text, setText, addImages } = deps;
  const { id: me } = useSnapshot(userInfoStore);
  const conversation = useSnapshot(conversationStore);
  const [caret, setCaret] = useState(0);
  const [activeIndex, setActiveIndex] = useState(0);
  /** The `@query` Escape closed (`start:query`): typing on opens the list again. */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const picked = useRef<MentionCandidate[]>([]);
  const recalled = useRef<number | null>(null);

  const candidates = useMemo<MentionCandidate[]>(() => {
    const members = conversation.members.filter((member) => member.userId !== me);
    return isCreator ? [...members, { userId: EVERYONE, name: 'everyone', avatar: '' }] : members;
  }, [conversation.members, isCreator, me]);

  const typing = activeMention(text, Math.min(caret, text.length));
  const matches =
    typing && dismissed !== `${typing.start}:${typing.query}`
      ? matchCandidates(candidates, typing.query)
      : [];
  const open = matches.length > 0;
  const index = Math.min(activeIndex, Math.max(0, matches.length - 1));

  // A reply picked, an edit closed: the cursor comes back here.
  useEffect(() => {
    if (conversation.focusRequest > 0) input.current?.focus();
  }, [conversation.focusRequest, input]);

  useEffect(
    () =>
      onReferenceImage((target, file) => {
        if (target === channelId) addImages([file]);
      }),
    [addImages, channelId],
  );

  function placeCaret(position: number) {
    setCaret(position);
    requestAnimationFrame(() => input.current?.setSelectionRange(position, position));
  }

  function pick(candidate: MentionCandidate) {
    if (!typing) return;
    const next = insertMention(text, typing, candidate.name);
    if (!picked.current.some((known) => known.userId === candidate.userId)) picked.current.push(candidate);
    setText(next.text);
    setActiveIndex(0);
    placeCaret(next.caret);
    input.current?.focus();
  }

  function recall(direction: -1 | 1): boolean {
    const history = readPromptHistory(me);
    const step = stepHistory(history, recalled.current, direction);
    if (!step) return false;
    recalled.current = step.index;
    setText(step.text);
    placeCaret(step.text.length);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return false;
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index + step + matches.length) % matches.length);
        return true;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[index]!);
        return true;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(`${typing!.start}:${typing!.query}`);
        return true;
      }
    }
    if (event.key === 'Escape' && conversationStore.replyTo) {
      event.preventDefault();
      cancelReply();
      return true;
    }
    const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    if (!plain || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return false;
    const history = readPromptHistory(me);
    const showingRecalled = recalled.current !== null && text === history[recalled.current];
    if (!showingRecalled) recalled.current = null;
    if (event.key === 'ArrowUp' && text === '') {
      const last = conversationStore.lastOwnTextId;
      if (last) {
        event.preventDefault();
        startEdit(last);
        return true;
      }
      if (recall(-1)) event.preventDefault();
      return event.defaultPrevented;
    }
    if (showingRecalled && recall(event.key === 'ArrowUp' ? -1 : 1)) {
      event.preventDefault();
      return true;
    }
    return false;
  }

  return {
    mention: { open, matches, activeIndex: index, highlight: setActiveIndex, pick },
    reply: conversation.replyTo,
    cancelReply,
    onKeyDown,
    onSelect: () => setCaret(input.current?.selectionStart ?? 0),
    outgoing: (content) => ({
      content: encodeMentions(content, picked.current),
      replyTo: conversationStore.replyTo?.messageId,
    }),
    sent() {
      picked.current = [];
      recalled.current = null;
      cancelReply();
    },
    promptSent(line) {
      recalled.current = null;
      rememberPrompt(me, line);
    },
  };
}
