import { parseCustomId, TaskStatus } from '@draw/shared';
import { describe, expect, it } from 'vitest';
import { buttonCost, commandCost, creditLevel, isRefunded, movesBalance } from './creditRules';

const prices = {
  IMAGINE: 2,
  VARIATION: 2,
  REROLL: 2,
  ZOOM: 2,
  PAN: 2,
  INPAINT: 2,
  BLEND: 2,
  UPSCALE: 1,
  DESCRIBE: 1,
  SHORTEN: 1,
  VIDEO: 4,
  RETEXTURE: 2,
};
const level = (balance: number, p = prices) => creditLevel({ balance, prices: p });

describe('creditLevel', () => {
  it('warns once the balance cannot pay for two imagines, and says empty when nothing can be paid', () => {
    expect(level(10)).toBe('ok');
    expect(level(4)).toBe('ok');
    expect(level(3)).toBe('low');
    expect(level(1)).toBe('low'); // an upscale still fits
    expect(level(0)).toBe('empty');
  });

  it('follows the prices the server sends', () => {
    const dear = { ...prices, IMAGINE: 5, UPSCALE: 3, DESCRIBE: 3, SHORTEN: 3 };
    expect(level(10, dear)).toBe('ok');
    expect(level(9, dear)).toBe('low');
    expect(level(1, dear)).toBe('empty');
  });
});

describe('costs', () => {
  it('prices each slash command by the task it makes; settings and info are free', () => {
    expect(commandCost('imagine', prices)).toBe(2);
    expect(commandCost('describe', prices)).toBe(1);
    expect(commandCost('blend', { ...prices, BLEND: 3 })).toBe(3);
    expect(commandCost('settings', prices)).toBeNull();
    expect(commandCost('imagine', null)).toBeNull();
  });

  it('prices each button by the task the server makes for it', () => {
    const cost = (customId: string) => buttonCost(parseCustomId(customId), prices);
    expect(cost('MJ::JOB::upsample::1::0b6a2b2b-8f4c-4b3a-9d6f-2b9d3a5b1c7e')).toBe(1);
    expect(cost('MJ::JOB::variation::2::0b6a2b2b-8f4c-4b3a-9d6f-2b9d3a5b1c7e')).toBe(2);
    expect(cost('MJ::JOB::reroll::0::0b6a2b2b-8f4c-4b3a-9d6f-2b9d3a5b1c7e::SOLO')).toBe(2);
    expect(cost('MJ::BOOKMARK::0b6a2b2b-8f4c-4b3a-9d6f-2b9d3a5b1c7e')).toBeNull();
  });
});

describe('movesBalance', () => {
  it('is true for the person’s own task made, sent from its editor, or ended; never for others’', () => {
    expect(movesBalance('task.created', { userId: 'me', status: TaskStatus.Submitted }, 'me')).toBe(true);
    expect(movesBalance('task.updated', { userId: 'me', status: TaskStatus.InProgress }, 'me')).toBe(false);
    expect(movesBalance('task.updated', { userId: 'me', status: TaskStatus.Failure }, 'me')).toBe(true);
    expect(movesBalance('task.created', { userId: 'other', status: TaskStatus.Submitted }, 'me')).toBe(false);
    expect(movesBalance('task.created', { userId: '', status: TaskStatus.Submitted }, '')).toBe(false);
    expect(isRefunded({ status: TaskStatus.Cancel })).toBe(true);
    expect(isRefunded({ status: TaskStatus.Success })).toBe(false);
  });
});
