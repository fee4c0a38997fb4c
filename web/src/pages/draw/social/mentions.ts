/**
 * Mentions in a message's text (the tokens: shared/src/chat.ts). The composer shows `@name` while
 * typing; what is sent names the person by id (`<@userId>`), so a renamed member's mentions still
 * reach them and two members with one name stay apart. `@everyone` (the creator's) reaches everyone.
 */
import { EVERYONE_TOKEN, mentionToken } from '@draw/shared';

/** The autocomplete's id for `@everyone` (no member has it: ids are not words). */
export const EVERYONE = 'everyone';

export interface MentionCandidate {
  userId: string;
  name: string;
  avatar: string;
}

export type ContentPart =
  { kind: 'text'; text: string } | { kind: 'mention'; userId: string } | { kind: 'everyone' };

const TOKEN = /<@([A-Za-z0-9_-]{1,64})>|@everyone\b/g;

function tokenOf(userId: string): string {
  return userId === EVERYONE ? EVERYONE_TOKEN : mentionToken(userId);
}

/** The message's text cut into plain runs and mentions, in order. */
export function splitMentions(content: string): ContentPart[] {
  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of content.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) parts.push({ kind: 'text', text: content.slice(last, at) });
    parts.push(match[1] ? { kind: 'mention', userId: match[1] } : { kind: 'everyone' });
    last = at + match[0].length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}

/** A text with mentions read as names (a quote, a notification): `<@id>` → `@name`. */
export function plainText(content: string, nameOf: (userId: string) => string | undefined): string {
  return splitMentions(content)
    .map((part) =>
      part.kind === 'text'
        ? part.text
        : part.kind === 'everyone'
          ? '@everyone'
          : `@${nameOf(part.userId) ?? '…'}`,
    )
    .join('');
}

/** The `@query` being typed right before the caret, if any (`start`: where its `@` is). */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,32})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Members whose name matches the query (prefix first, then anywhere), at most `limit`. */
export function matchCandidates(
  candidates: readonly MentionCandidate[],
  query: string,
  limit = 8,
): MentionCandidate[] {
  const q = query.toLocaleLowerCase();
  const scored = candidates
    .map((candidate) => ({ candidate, at: candidate.name.toLocaleLowerCase().indexOf(q) }))
    .filter(({ at }) => at >= 0)
    .sort(
      (a, b) => Number(a.at !== 0) - Number(b.at !== 0) || a.candidate.name.localeCompare(b.candidate.name),
    );
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}

/** Puts `@name ` in place of the `@query` typed; returns the new text and where the caret goes. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${name} `;
  const after = text.slice(end).replace(/^ /, '');
  return { text: text.slice(0, mention.start) + inserted + after, caret: mention.start + inserted.length };
}

/**
 * The text as sent: each `@name` the person picked becomes that person's token. Longer names go
 * first so `@Ann Lee` is not taken for `@Ann`. Names typed by hand without picking stay text.
 */
export function encodeMentions(text: string, picked: readonly MentionCandidate[]): string {
  let out = text;
  const byLength = [...picked].sort((a, b) => b.name.length - a.name.length);
  for (const candidate of byLength) {
    const pattern = new RegExp(`@${escapeRegExp(candidate.name)}(?=$|[\\s.,!?;:，。！？；：])`, 'gu');
    out = out.replace(pattern, tokenOf(candidate.userId));
  }
  return out;
}

/** The composer's text for editing a sent message: tokens back to `@name`. */
export function decodeMentions(content: string, nameOf: (userId: string) => string | undefined): string {
  return plainText(content, nameOf);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
