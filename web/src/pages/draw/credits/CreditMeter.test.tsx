// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import type { CreditAccount } from '@draw/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { drawDialogs } from '../drawDialogs';
import { billingStore, resetBilling } from '../subscribe/billingStore';
import { CreditMeter } from './CreditMeter';

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
const account = (balance: number, free = 0): CreditAccount => ({
  balance,
  free,
  dailyAllowance: 10,
  plan: null,
  prices,
});

function renderMeter(variant: 'sidebar' | 'header') {
  render(
    <TooltipProvider>
      <CreditMeter variant={variant} />
    </TooltipProvider>,
  );
  return screen.getByTestId(variant === 'sidebar' ? 'credit-meter' : 'credit-meter-header');
}

beforeEach(() => {
  resetBilling();
  drawDialogs.subscribe = false;
});

describe('CreditMeter', () => {
  it('shows the balance and today’s free part, and opens 订阅 in one click', () => {
    billingStore.account = account(12, 8);
    const meter = renderMeter('sidebar');
    expect(meter.getAttribute('data-level')).toBe('ok');
    expect(screen.getByRole('button', { name: /^12 积分 · 含今日免费 8 订阅$/ })).toBe(meter);
    fireEvent.click(meter);
    expect(drawDialogs.subscribe).toBe(true);
  });

  it('warns in words (not colour alone) when two imagines no longer fit', () => {
    billingStore.account = account(3);
    const meter = renderMeter('sidebar');
    expect(meter.getAttribute('data-level')).toBe('low');
    expect(meter.textContent).toContain('积分不多了');
    expect(meter.querySelector('svg.lucide-triangle-alert')).not.toBeNull();
  });

  it('says when the credits are gone, and the phone’s pill offers 订阅', () => {
    billingStore.account = account(0);
    const pill = renderMeter('header');
    expect(pill.getAttribute('data-level')).toBe('empty');
    expect(pill.textContent).toContain('积分已用完');
    expect(screen.getByRole('button', { name: /^0 积分 · 积分已用完 订阅$/ })).toBe(pill);
    fireEvent.click(pill);
    expect(drawDialogs.subscribe).toBe(true);
  });

  it('follows the store: a refund or a purchase shows at once', async () => {
    billingStore.account = account(2);
    const meter = renderMeter('header');
    expect(screen.getByTestId('credit-balance').textContent).toBe('2');
    expect(meter.getAttribute('data-level')).toBe('low');
    await act(async () => {
      billingStore.account = account(402);
    });
    expect(screen.getByTestId('credit-balance').textContent).toBe('402');
    expect(meter.getAttribute('data-level')).toBe('ok');
  });
});
