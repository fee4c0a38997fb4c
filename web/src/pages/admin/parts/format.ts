import { dateTimeFormat } from '../../../lib/dateFormat';
import i18n from '../../../i18n';

/** A time as the console shows it: short date and time in the reader's language. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Cents as money: 1990 → ¥19.90. */
export function formatMoney(cents: number, currency = 'CNY'): string {
  return new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
}
