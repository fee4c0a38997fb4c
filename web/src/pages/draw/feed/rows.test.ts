import { MessageKind } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import { makeMessage } from './fixtures';
import { buildRows, dayName, firstUnreadId, GROUP_WINDOW_MS, lastOwnTextId, startOfDay } from './rows';

const at = (day: number, hour: number, minute = 0) => new Date(2025, 5, day, hour, minute).getTime();
const item = (id: string, author: string, createdAt: number, kind: MessageKind = MessageKind.Text) => ({
  message: makeMessage({
    id,
    createdAt,
    kind,
    author: { id: author, name: author, avatar: '' },
    taskId: kind === MessageKind.Task ? `t-${id}` : null,
  }),
  task: null,
});

describe('buildRows', () => {
  it('puts a date divider where the day changes and groups a burst by one author', () => {
    const rows = buildRows([
      item('1', 'ann', at(1, 10)),
      item('2', 'ann', at(1, 10, 3)),
      item('3', 'bob', at(1, 10, 4)),
      item('4', 'bob', at(1, 10, 4) + GROUP_WINDOW_MS),
      item('5', 'bob', at(2, 9)),
    ]);
    expect(
      rows.map((row) =>
        row.kind === 'divider'
          ? `day:${new Date(row.day).getDate()}`
          : `${row.key}:${row.head ? 'head' : 'grouped'}`,
      ),
    ).toEqual(['day:1', '1:head', '2:grouped', '3:head', '4:head', 'day:2', '5:head']);
  });

  it('never groups task cards (bot replies) with anything', () => {
    const rows = buildRows([
      item('1', 'ann', at(1, 10)),
      item('2', 'ann', at(1, 10, 1), MessageKind.Task),
      item('3', 'ann', at(1, 10, 2)),
    ]);
    expect(
      rows.filter((row) => row.kind === 'message').map((row) => row.kind === 'message' && row.head),
    ).toEqual([true, true, true]);
  });
});

describe('dayName', () => {
  it('says today and yesterday', () => {
    const now = at(10, 12);
    expect(dayName(at(10, 0, 1), now)).toBe('today');
    expect(dayName(at(9, 23, 59), now)).toBe('yesterday');
    expect(dayName(at(8, 12), now)).toBe('other');
    expect(startOfDay(at(10, 15))).toBe(at(10, 0));
  });
});

describe('the NEW line and my last message', () => {
  const me = 'user-a';
  const text = (id: string, author: string, kind: 'text' | 'task' = 'text') => ({
    message: makeMessage({ id, author: { id: author, name: author, avatar: '' }, kind }),
    task: null,
  });

  it('sits above the first of the unread messages by others, mine not counted', () => {
    const items = [text('m1', 'bob'), text('m2', 'bob'), text('m3', me), text('m4', 'bob')];
    expect(firstUnreadId(items, me, 2)).toBe('m2');
    expect(firstUnreadId(items, me, 0)).toBeNull();
    expect(firstUnreadId(items, me, 9)).toBeNull();
  });

  it('↑ edits my newest message only when it is text, not a drawing', () => {
    expect(lastOwnTextId([text('m1', me), text('m2', 'bob')], me)).toBe('m1');
    expect(lastOwnTextId([text('m1', me), text('m2', me, 'task')], me)).toBeNull();
    expect(lastOwnTextId([text('m1', 'bob')], me)).toBeNull();
  });
});
