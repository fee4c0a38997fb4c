// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { billingStore, resetBilling } from '../subscribe/billingStore';
import { CommandMenu } from './CommandMenu';

const prices = {
  IMAGINE: 2,
  VARIATION: 2,
  REROLL: 2,
  ZOOM: 2,
  PAN: 2,
  INPAINT: 2,
  BLEND: 5,
  UPSCALE: 1,
  DESCRIBE: 1,
  SHORTEN: 1,
  VIDEO: 4,
  RETEXTURE: 2,
};
const renderMenu = () =>
  render(
    <CommandMenu
      id="menu"
      botType="MID_JOURNEY"
      commands={['imagine', 'blend', 'describe', 'settings']}
      activeIndex={0}
      onPick={() => undefined}
      onHover={() => undefined}
    />,
  );

afterEach(() => resetBilling());

describe('CommandMenu', () => {
  it('shows what each command costs, from the account’s prices; free commands show none', () => {
    billingStore.account = { balance: 10, free: 10, dailyAllowance: 10, plan: null, prices };
    renderMenu();
    expect(screen.getByTestId('command-cost-imagine').textContent).toBe('· 2 积分');
    expect(screen.getByTestId('command-cost-blend').textContent).toBe('· 5 积分');
    expect(screen.getByTestId('command-cost-describe').textContent).toBe('· 1 积分');
    expect(screen.queryByTestId('command-cost-settings')).toBeNull();
    expect(screen.getByRole('option', { name: /\/imagine.*2 积分/ })).toBeTruthy();
  });

  it('shows no cost before the account is known rather than a guess', () => {
    renderMenu();
    expect(screen.queryByTestId('command-cost-imagine')).toBeNull();
  });
});
