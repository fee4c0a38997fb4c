import { describe, expect, it } from 'vitest';
import {
  activeMention,
  decodeMentions,
  encodeMentions,
  EVERYONE,
  insertMention,
  matchCandidates,
  splitMentions,
} from './mentions';

const ann = { userId: 'u-ann', name: 'Ann', avatar: '' };
const annLee = { userId: 'u-annlee', name: 'Ann Lee', avatar: '' };
const bo = { userId: 'u-bo', name: 'Bo', avatar: '' };

describe('mentions', () => {
  it('finds the @name being typed before the caret, not an e-mail address', () => {
    expect(activeMention('hi @An', 6)).toEqual({ start: 3, query: 'An' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('mail a@b', 8)).toBeNull();
    expect(activeMention('hi @Ann there', 13)).toBeNull();
  });

  it('lists members whose name starts with the query first', () => {
    expect(matchCandidates([bo, annLee, ann], 'an').map((c) => c.name)).toEqual(['Ann', 'Ann Lee']);
    expect(matchCandidates([bo, { ...ann, name: 'Joanna' }], 'an').map((c) => c.name)).toEqual(['Joanna']);
  });

  it('puts the picked name in place of the query and sends it as the person’s token', () => {
    const typed = insertMention('hey @An', { start: 4, query: 'An' }, 'Ann Lee');
    expect(typed).toEqual({ text: 'hey @Ann Lee ', caret: 13 });
    // The longer name wins over its prefix; a name typed by hand stays text.
    expect(encodeMentions('@Ann Lee and @Ann, @Bo!', [ann, annLee])).toBe('<@u-annlee> and <@u-ann>, @Bo!');
    expect(encodeMentions('look @everyone', [{ userId: EVERYONE, name: 'everyone', avatar: '' }])).toBe(
      'look @everyone',
    );
  });

  it('reads tokens back as names (the editor, a quote) and splits them for pills', () => {
    const names = new Map([['u-ann', 'Ann']]);
    expect(decodeMentions('hi <@u-ann> and <@u-gone>', (id) => names.get(id))).toBe('hi @Ann and @…');
    expect(splitMentions('hi <@u-ann>, @everyone')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'mention', userId: 'u-ann' },
      { kind: 'text', text: ', ' },
      { kind: 'everyone' },
    ]);
  });
});
