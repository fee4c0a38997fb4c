// @vitest-environment jsdom
import { BotType } from '@draw/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOT_PREFERENCE_KEY, loadBotType, saveBotType } from './botPreference';

beforeEach(() => localStorage.clear());

describe('bot switch persistence', () => {
  it('defaults to Midjourney', () => {
    expect(loadBotType('c1')).toBe(BotType.MidJourney);
  });

  it('remembers the bot per channel, with no expiry', () => {
    saveBotType('c1', BotType.NijiJourney);
    saveBotType('c2', BotType.MidJourney);
    expect(loadBotType('c1')).toBe(BotType.NijiJourney);
    expect(loadBotType('c2')).toBe(BotType.MidJourney);
    expect(loadBotType('c3')).toBe(BotType.MidJourney);
    const stored = JSON.parse(localStorage.getItem(BOT_PREFERENCE_KEY)!);
    expect(stored).toEqual({ data: { c1: BotType.NijiJourney, c2: BotType.MidJourney }, expire: null });
  });

  it('ignores garbage in storage', () => {
    localStorage.setItem(BOT_PREFERENCE_KEY, JSON.stringify({ data: { c1: 'SOMETHING' }, expire: null }));
    expect(loadBotType('c1')).toBe(BotType.MidJourney);
    localStorage.setItem(BOT_PREFERENCE_KEY, 'not json');
    expect(loadBotType('c1')).toBe(BotType.MidJourney);
    saveBotType('c1', BotType.NijiJourney);
    expect(loadBotType('c1')).toBe(BotType.NijiJourney);
  });
});
