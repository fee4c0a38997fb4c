import type { Language, Product } from '@draw/shared';
import { dateTimeFormat } from '../../../lib/dateFormat';

const SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€' };

/** `¥`, `29`, `.90`: the price of a plan card, in parts so the whole yuan can be large. */
export function priceParts(
  cents: number,
  currency: string,
): { symbol: string; whole: string; fraction: string } {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  const whole = Math.floor(cents / 100).toLocaleString('en-US');
  const rest = cents % 100;
  return { symbol, whole, fraction: rest === 0 ? '' : `.${String(rest).padStart(2, '0')}` };
}

/** `¥29.00` */
export function formatMoney(cents: number, currency: string): string {
  return `${SYMBOLS[currency] ?? `${currency} `}${(cents / 100).toFixed(2)}`;
}

export function formatDate(at: number, language: Language): string {
  return dateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(at);
}

export function formatDateTime(at: number, language: Language): string {
  return dateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

/** `29:05` (minutes:seconds left), never negative. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The product with the lowest price per credit among several (the "best value" badge), if it stands out. */
export function bestValueId(products: readonly Product[]): string | null {
  const priced = products.filter((p) => p.credits > 0);
  if (priced.length < 2) return null;
  const best = [...priced].sort((a, b) => a.price / a.credits - b.price / b.credits)[0]!;
  return best.id;
}
