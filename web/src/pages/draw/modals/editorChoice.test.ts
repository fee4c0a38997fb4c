import { TaskStatus } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../feed/fixtures';
import { pickEditorTask, pruneAwaiting } from './editorChoice';

const modal = (id: string, userId = 'me') => makeTask({ id, userId, status: TaskStatus.Modal });

describe('which editor opens', () => {
  it('opens an awaited task of mine once it is in MODAL, never someone else’s', () => {
    const tasks = {
      a: modal('a', 'other'),
      b: modal('b'),
      c: makeTask({ id: 'c', status: TaskStatus.Submitted }),
    };
    expect(pickEditorTask(tasks, 'me', null, ['x', 'a', 'c', 'b'])).toBe('b');
    expect(pickEditorTask(tasks, 'me', null, ['x'])).toBeNull();
    expect(pickEditorTask(tasks, 'me', 'a', [])).toBeNull();
    expect(pickEditorTask(tasks, 'me', 'b', [])).toBe('b');
    expect(pickEditorTask(tasks, '', null, ['b'])).toBeNull();
  });

  it('forgets awaited tasks that left MODAL', () => {
    const tasks = { b: modal('b'), c: makeTask({ id: 'c', status: TaskStatus.InProgress }) };
    expect(pruneAwaiting(tasks, ['x', 'b', 'c'])).toEqual(['x', 'b']);
  });
});
