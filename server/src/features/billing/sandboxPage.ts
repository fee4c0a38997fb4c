import { OrderStatus, type Language } from '@draw/shared';
import { translate } from '../../i18n/messages';
import type { OrderDoc } from './repository';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A value inside the inline script: JSON, with `<` escaped so no string can close the tag. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function formatAmount(cents: number, currency: string): string {
  return `${currency === 'CNY' ? '¥' : `${currency} `}${(cents / 100).toFixed(2)}`;
}

/**
 * The sandbox payment page the QR code leads to: the order, and one button that pays it. Plain
 * HTML with one inline script (allowed by nonce only), readable on a phone.
 */
export function sandboxPage(
  order: OrderDoc,
  productName: string,
  confirmUrl: string,
  language: Language,
  nonce: string,
): string {
  const t = (key: Parameters<typeof translate>[0]) => escapeHtml(translate(key, language));
  const done: Partial<Record<OrderStatus, string>> = {
    [OrderStatus.Paid]: t('billing.sandbox.paid'),
    [OrderStatus.Expired]: t('billing.sandbox.expired'),
    [OrderStatus.Cancelled]: t('billing.sandbox.cancelled'),
  };
  const finished = done[order.status];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${t('billing.sandbox.title')}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f2f3f5; color: #1e1f22; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 16px; box-shadow: 0 8px 32px rgb(0 0 0 / .12); padding: 28px 24px; }
  h1 { margin: 0 0 4px; font-size: 20px; }
  .notice { margin: 0 0 20px; font-size: 13px; color: #5c5e66; }
  .amount { font-size: 36px; font-weight: 700; margin: 8px 0 20px; color: #067a3c; }
  dl { display: grid; grid-template-columns: auto 1fr; align-items: baseline; gap: 10px 16px; margin: 0 0 24px; font-size: 14px; }
  dt { color: #5c5e66; } dd { margin: 0; text-align: right; word-break: break-all; }
  button { width: 100%; height: 48px; border: 0; border-radius: 10px; background: #067a3c; color: #fff; font-size: 16px; font-weight: 600; cursor: pointer; }
  button:disabled { opacity: .6; cursor: default; }
  .status { margin: 16px 0 0; text-align: center; font-size: 15px; min-height: 1.4em; }
  .status.ok { color: #067a3c; } .status.bad { color: #c42b30; }
  @media (prefers-color-scheme: dark) {
    body { background: #1e1f22; color: #f2f3f5; } main { background: #2b2d31; }
    .notice, dt { color: #b5bac1; } .amount, .status.ok { color: #2dd37a; } .status.bad { color: #fa777c; }
  }
</style>
</head>
<body>
<main>
  <h1>${t('billing.sandbox.title')}</h1>
  <p class="notice">${t('billing.sandbox.notice')}</p>
  <div class="amount" data-testid="sandbox-amount">${escapeHtml(formatAmount(order.amount, order.currency))}</div>
  <dl>
    <dt>${t('billing.sandbox.product')}</dt><dd>${escapeHtml(productName)}</dd>
    <dt>${t('billing.sandbox.orderNo')}</dt><dd>${escapeHtml(order.orderNo)}</dd>
  </dl>
  ${finished ? '' : `<button id="pay" data-testid="sandbox-confirm">${t('billing.sandbox.confirm')}</button>`}
  <p id="status" class="status${order.status === OrderStatus.Paid ? ' ok' : finished ? ' bad' : ''}" data-testid="sandbox-status" role="status">${finished ?? ''}</p>
</main>
${
  finished
    ? ''
    : `<script nonce="${nonce}">
  const button = document.getElementById('pay');
  const status = document.getElementById('status');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const res = await fetch(${js(confirmUrl)}, { method: 'POST', headers: { 'Accept-Language': ${js(language)} } });
      const body = await res.json();
      if (body.success) {
        status.textContent = ${js(translate('billing.sandbox.paid', language))};
        status.className = 'status ok';
        button.remove();
      } else {
        status.textContent = body.message || ${js(translate('billing.sandbox.failed', language))};
        status.className = 'status bad';
        button.disabled = false;
      }
    } catch {
      status.textContent = ${js(translate('billing.sandbox.failed', language))};
      status.className = 'status bad';
      button.disabled = false;
    }
  });
</script>`
}
</body>
</html>`;
}
