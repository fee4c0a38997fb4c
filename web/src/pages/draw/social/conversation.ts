import { proxy, ref } from 'valtio';
import type { MentionCandidate } from './mentions';

/**
 * What the feed and the composer share about the conversation on screen: the message the composer
 * replies to (Discord's "Replying to X" bar), the message being edited in place, and my last
 * message of the channel (what ↑ in an empty composer edits). One channel at a time: switching
 * channels forgets the reply and the edit.
 */
export interface ReplyTarget {
  messageId: string;
  authorName: string;
  /** The quoted line as shown in the bar (the text, or the prompt of a result). */
  excerpt: string;
}

export interface ConversationState {
  channelId: string | null;
  replyTo: ReplyTarget | null;
  editingId: string | null;
  /** My newest text message in the feed, when it is newer than my newest task (else null). */
  lastOwnTextId: string | null;
  /** Bumped to ask the composer for the cursor (after a reply is picked, an edit closed). */
  focusRequest: number;
  /** The channel's members as the feed loaded them: the composer's @ list. */
  members: readonly MentionCandidate[];
}

export const conversationStore = proxy<ConversationState>({
  channelId: null,
  replyTo: null,
  editingId: null,
  lastOwnTextId: null,
  focusRequest: 0,
  members: [],
});

export function setMembers(members: readonly MentionCandidate[]): void {
  conversationStore.members = ref([...members]);
}

/** The feed on screen changed channel: nothing carries over. */
export function enterChannel(channelId: string | null): void {
  if (conversationStore.channelId === channelId) return;
  conversationStore.channelId = channelId;
  conversationStore.replyTo = null;
  conversationStore.editingId = null;
  conversationStore.lastOwnTextId = null;
  conversationStore.members = ref([]);
}

export function startReply(target: ReplyTarget): void {
  conversationStore.replyTo = target;
  conversationStore.editingId = null;
  conversationStore.focusRequest += 1;
}

export function cancelReply(): void {
  conversationStore.replyTo = null;
}

export function startEdit(messageId: string): void {
  conversationStore.editingId = messageId;
}

/** Leaves the inline editor; the composer takes the cursor back. */
export function stopEdit(): void {
  conversationStore.editingId = null;
  conversationStore.focusRequest += 1;
}

export function setLastOwnText(messageId: string | null): void {
  if (conversationStore.lastOwnTextId !== messageId) conversationStore.lastOwnTextId = messageId;
}

/** Trims a message to one line for a quote (a reply bar, the quoted line above a reply). */
export function excerptOf(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
