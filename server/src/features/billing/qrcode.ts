import QRCode from 'qrcode';
import { SANDBOX_PAGE_PREFIX } from './providers/sandbox';

/** Longest payment URL we draw: WeChat code URLs are ~40 characters, sandbox links ~150. */
export const QR_URL_MAX_CHARS = 512;

const WECHAT_CODE_URL = /^weixin:\/\/wxpay\/[A-Za-z0-9/?=&._~%-]{1,200}$/;
const SANDBOX_PATH = new RegExp(`^${SANDBOX_PAGE_PREFIX}/([A-Za-z0-9-]{1,64})/([A-Za-z0-9_-]{16,64})$`);

export type PaymentUrl = { kind: 'wechat' } | { kind: 'sandbox'; orderId: string; token: string };

/**
 * Which kind of our payment URLs this looks like, or null: a WeChat Pay `weixin://wxpay/…` code
 * URL, or a sandbox payment page on one of our origins. Looking like one is not enough: the QR
 * endpoint then checks it is an open order's own (anyone can write a `weixin://wxpay/` URL), so it
 * cannot be used to dress up other links, or other merchants' payments, as ours.
 */
export function classifyPaymentUrl(raw: string, origins: readonly string[]): PaymentUrl | null {
  if (!raw || raw.length > QR_URL_MAX_CHARS) return null;
  if (WECHAT_CODE_URL.test(raw)) return { kind: 'wechat' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (!origins.includes(url.origin)) return null;
  const match = SANDBOX_PATH.exec(url.pathname);
  return match ? { kind: 'sandbox', orderId: match[1]!, token: match[2]! } : null;
}

/** A PNG of the QR code (black on white, quiet zone included, 320 px). */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
