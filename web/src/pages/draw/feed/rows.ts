import { MessageKind } from '@draw/shared';
import { dateTimeFormat } from '../../../lib/dateFormat';
import type { FeedItem } from './feedState';

/**
 * The message list as Discord lays it out: a date divider where the day changes, and consecutive
 * text messages by the same author within a few minutes grouped under one avatar and name.
 * Task cards are bot replies: each shows its own header, and they break a group.
 */

/** Discord groups messages sent less than 7 minutes apart. */
export const GROUP_WINDOW_MS = 7 * 60_000;

export type FeedRow =
  | { kind: 'divider'; key: string; day: number }
  | {
      kind: 'message';
      key: string;
      item: FeedItem;
      /** First of its group: shows avatar and name. */ head: boolean;
    };

/** Local midnight of the day `time` falls on. */
export function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

export function buildRows(items: readonly FeedItem[]): FeedRow[] {
  const rows: FeedRow[] = [];
  let previous: FeedItem | null = null;
  for (const item of items) {
    const { message } = item;
    const day = startOfDay(message.createdAt);
    const newDay = previous === null || startOfDay(previous.message.createdAt) !== day;
    if (newDay) rows.push({ kind: 'divider', key: `day-${day}`, day });
    const grouped =
      !newDay &&
      previous !== null &&
      message.kind === MessageKind.Text &&
      previous.message.kind === MessageKind.Text &&
      previous.message.author.id === message.author.id &&
      message.createdAt - previous.message.createdAt < GROUP_WINDOW_MS;
    rows.push({ kind: 'message', key: message.id, item, head: !grouped });
    previous = item;
  }
  return rows;
}

export type DayName = 'today' | 'yesterday' | 'other';

export function dayName(time: number, now: number): DayName {
  const day = startOfDay(time);
  const today = startOfDay(now);
  if (day === today) return 'today';
  const yesterday = new Date(today);
  yesterday.setDate(yesterday.getDate() - 1);
  return day === yesterday.getTime() ? 'yesterday' : 'other';
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: false };
const SHORT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const LONG_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

export function formatClock(time: number, locale: string): string {
  return dateTimeFormat(locale, CLOCK).format(time);
}

export function formatDate(time: number, locale: string, style: 'short' | 'long' = 'short'): string {
  return style === 'long'
    ? dateTimeFormat(locale, LONG_DATE).format(time)
    : dateTimeFormat(locale, SHORT_DATE).format(time);
}

export function formatFull(time: number, locale: string): string {
  return dateTimeFormat(locale, FULL).format(time);
}

/**
 * Where the NEW line goes: the first of the last `unread` messages by others (what the unread
 * count counted). Null when nothing was unread, or fewer such messages are loaded than were unread.
 */
export function firstUnreadId(items: readonly FeedItem[], me: string, unread: number): string | null {
  if (unread <= 0) return null;
  let left = unread;
  for (let index = items.length - 1; index >= 0; index--) {
    const message = items[index]!.message;
    if (message.author.id === me) continue;
    left -= 1;
    if (left === 0) return message.id;
  }
  return null;
}

/** My newest message when it is a text one (↑ edits it); null when my newest is a drawing, or none. */
export function lastOwnTextId(items: readonly FeedItem[], me: string): string | null {
  for (let index = items.length - 1; index >= 0; index--) {
    const { message } = items[index]!;
    if (message.author.id !== me) continue;
    return message.kind === MessageKind.Text ? message.id : null;
  }
  return null;
}
