import { describe, expect, it } from 'vitest';
import { applyReactionChange, toggleMine } from './reactions';

const thumbs = { emoji: '👍', count: 1, me: false, userIds: ['bo'] };

describe('reactions', () => {
  it('adds mine at once and the live event that follows changes nothing more', () => {
    const mine = toggleMine([thumbs], '👍', 'ann', true);
    expect(mine).toEqual([{ emoji: '👍', count: 2, me: true, userIds: ['bo', 'ann'] }]);
    expect(applyReactionChange(mine, { emoji: '👍', userId: 'ann', added: true, count: 2 }, 'ann')).toEqual(
      mine,
    );
  });

  it('takes a reaction away when its count reaches 0, and adds a new emoji at the end', () => {
    expect(
      applyReactionChange([thumbs], { emoji: '👍', userId: 'bo', added: false, count: 0 }, 'ann'),
    ).toEqual([]);
    const next = applyReactionChange([thumbs], { emoji: '🔥', userId: 'bo', added: true, count: 1 }, 'ann');
    expect(next.map((r) => r.emoji)).toEqual(['👍', '🔥']);
    expect(next[1]).toMatchObject({ me: false, count: 1 });
  });

  it("someone else's change keeps my own mark", () => {
    const mine = [{ emoji: '👍', count: 1, me: true, userIds: ['ann'] }];
    expect(
      applyReactionChange(mine, { emoji: '👍', userId: 'bo', added: true, count: 2 }, 'ann')[0],
    ).toMatchObject({ count: 2, me: true, userIds: ['ann', 'bo'] });
  });
});
