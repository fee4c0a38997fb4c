import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { ErrorReason, PaymentProviderName, type CreateOrderRequest } from '@draw/shared';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schemaOf } from '../../http/schema';
import { languageOf } from '../../i18n/messages';
import { CODE_PARAM_PATTERN } from './codes';
import { ORDER_ID_PATTERN } from './orders';
import { PRODUCT_ID_PATTERN, localizedProduct } from './products';
import { SANDBOX_PAGE_PREFIX } from './providers/sandbox';
import { WECHAT_CALLBACK_PATH } from './providers/wechat';
import { QR_URL_MAX_CHARS, classifyPaymentUrl, qrPng } from './qrcode';
import { sandboxPage } from './sandboxPage';
import type { BillingService } from './service';

const source = (pattern: RegExp) => pattern.source;
const OrderParams = Type.Object({ id: Type.String({ pattern: source(ORDER_ID_PATTERN) }) });
const SandboxParams = Type.Object({
  orderId: Type.String({ pattern: source(ORDER_ID_PATTERN) }),
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }),
});
const OrderBody = schemaOf<CreateOrderRequest>()(
  Type.Object({ productId: Type.String({ pattern: source(PRODUCT_ID_PATTERN) }) }, { additionalProperties: false }),
);

export interface BillingPluginOptions {
  billing: BillingService;
  /** PUBLIC_URL: the origin payment links use; else the origin the request came to. */
  publicUrl: string;
}

/**
 * Plans, orders, payments, credits and redeem codes: the `/api/home/…` calls of the subscribe
 * dialog, the providers' `/api/open/…` callbacks, and the sandbox payment page.
 */
export const billingPlugin: FastifyPluginAsync<BillingPluginOptions> = async (app, { billing, publicUrl }) => {
  const guarded = { preHandler: requireUser };
  // Through URL, so `http://host:80` and `http://host` are the same origin.
  const normalize = (origin: string) => {
    try {
      return new URL(origin).origin;
    } catch {
      return '';
    }
  };
  const configuredOrigin = publicUrl ? normalize(publicUrl) : '';
  const requestOrigin = (request: FastifyRequest) => normalize(`${request.protocol}://${request.host}`);
  const originOf = (request: FastifyRequest) => configuredOrigin || requestOrigin(request);
  const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

  // ---- The subscribe dialog ----------------------------------------------------------------

  app.get('/api/home/products', { schema: { tags: ['billing'] } }, async (request) => ok(await billing.products.forSale(language(request))));

  app.get('/api/home/credits', { ...guarded, schema: { tags: ['billing'] } }, async (request) =>
    ok(await billing.ledger.account(currentUser(request)._id)),
  );

  app.post('/api/home/order', { ...guarded, schema: { tags: ['billing'], body: OrderBody } }, async (request) =>
    ok(await billing.orders.create(currentUser(request)._id, (request.body as CreateOrderRequest).productId)),
  );

  app.get('/api/home/orders', { ...guarded, schema: { tags: ['billing'] } }, async (request) => ok(await billing.orders.list(currentUser(request)._id)));

  app.get('/api/home/orders/:id', { ...guarded, schema: { tags: ['billing'], params: OrderParams } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await billing.orders.get(currentUser(request)._id, id));
  });

  app.post('/api/home/cancel-order/:id', { ...guarded, schema: { tags: ['billing'], params: OrderParams } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await billing.orders.cancel(currentUser(request)._id, id));
  });

  app.post('/api/home/pay/:id', { ...guarded, schema: { tags: ['billing'], params: OrderParams } }, async (request) => {
    const { id } = request.params as { id: string };
    return ok(await billing.orders.pay(currentUser(request)._id, id, originOf(request)));
  });

  app.post(
    '/api/home/redeem/:code',
    { ...guarded, schema: { tags: ['billing'], params: Type.Object({ code: Type.String({ pattern: source(CODE_PARAM_PATTERN) }) }) } },
    async (request) => {
      const { code } = request.params as { code: string };
      return ok(await billing.codes.redeem(currentUser(request)._id, code));
    },
  );

  // An <img src>, so no Authorization header: public, but it only draws our own payment links.
  app.get(
    '/api/home/qrcode',
    { schema: { tags: ['billing'], querystring: Type.Object({ url: Type.String({ minLength: 1, maxLength: QR_URL_MAX_CHARS }) }) } },
    async (request, reply) => {
      const { url } = request.query as { url: string };
      const origins = [...new Set([configuredOrigin, requestOrigin(request)].filter(Boolean))];
      const kind = classifyPaymentUrl(url, origins);
      const order =
        kind === null ? null : kind.kind === 'sandbox' ? await billing.orders.bySandboxLink(kind.orderId, kind.token) : await billing.orders.byWechatCode(url);
      if (!order) throw new AppError(ErrorReason.BadRequest, 'billing.qrcodeRefused');
      return reply
        .header('Cache-Control', 'private, max-age=600')
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/png')
        .send(await qrPng(url));
    },
  );

  // ---- Providers ----------------------------------------------------------------------------

  // WeChat Pay signs the exact bytes it sends: this route reads the body as text, unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    raw.post(WECHAT_CALLBACK_PATH, { schema: { tags: ['open'] } }, async (request, reply) => {
      const answer = await billing.wechatNotification(request.headers, typeof request.body === 'string' ? request.body : '');
      return reply.status(answer.status).type('application/json').send(answer.body);
    });
  });

  const sandboxOn = billing.provider.name === PaymentProviderName.Sandbox;

  app.post(
    '/api/open/sandbox/:orderId/:token/confirm',
    { schema: { tags: ['open'], params: SandboxParams } },
    async (request) => {
      if (!sandboxOn) throw new AppError(ErrorReason.NotFound, 'billing.sandboxDisabled');
      const { orderId, token } = request.params as { orderId: string; token: string };
      const order = await billing.orders.confirmSandbox(orderId, token);
      return ok({ id: order.id, orderNo: order.orderNo, status: order.status });
    },
  );

  app.get(`${SANDBOX_PAGE_PREFIX}/:orderId/:token`, { schema: { hide: true, params: SandboxParams } }, async (request, reply) => {
    const { orderId, token } = request.params as { orderId: string; token: string };
    const order = sandboxOn ? await billing.orders.bySandboxLink(orderId, token) : null;
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').header('X-Frame-Options', 'DENY');
    if (!order) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const nonce = randomBytes(16).toString('base64');
    reply.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    const confirmUrl = `/api/open/sandbox/${encodeURIComponent(orderId)}/${token}/confirm`;
    const product = await billing.products.get(order.productId);
    const productName = product ? localizedProduct(product, language(request)).name : order.productName;
    return reply.type('text/html; charset=utf-8').send(sandboxPage(order, productName, confirmUrl, language(request), nonce));
  });
};
