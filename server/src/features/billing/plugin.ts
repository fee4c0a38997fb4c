import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorReason, PaymentProviderName } from '@draw/shared';
import { api, pathOf } from '@draw/shared/routes';
import { AppError } from '../../errors';
import { currentUser } from '../../http/auth';
import { serve, serveRaw } from '../../http/routes';
import { languageOf } from '../../i18n/messages';
import { localizedProduct } from './products';
import { SANDBOX_PAGE_PREFIX } from './providers/sandbox';
import { classifyPaymentUrl, qrPng } from './qrcode';
import { sandboxPage } from './sandboxPage';
import type { BillingService } from './service';

const routes = api.billing;

export interface BillingPluginOptions {
  billing: BillingService;
  /** PUBLIC_URL: the origin payment links use; else the origin the request came to. */
  publicUrl: string;
}

/**
 * Plans, orders, payments, credits and redeem codes: the `/api/home/…` calls of the subscribe
 * dialog, the providers' `/api/open/…` callbacks, and the sandbox payment page.
 */
export const billingPlugin: FastifyPluginAsync<BillingPluginOptions> = async (
  app,
  { billing, publicUrl },
) => {
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

  serve(app, routes.products, (request) => billing.products.forSale(language(request)));
  serve(app, routes.credits, (request) => billing.ledger.account(currentUser(request)._id));
  serve(app, routes.order, (request) =>
    billing.orders.create(currentUser(request)._id, request.body.productId),
  );
  serve(app, routes.orders, (request) => billing.orders.list(currentUser(request)._id));
  serve(app, routes.orderById, (request) => billing.orders.get(currentUser(request)._id, request.params.id));
  serve(app, routes.cancelOrder, (request) =>
    billing.orders.cancel(currentUser(request)._id, request.params.id),
  );
  serve(app, routes.pay, (request) =>
    billing.orders.pay(currentUser(request)._id, request.params.id, originOf(request)),
  );
  serve(app, routes.redeem, (request) => billing.codes.redeem(currentUser(request)._id, request.params.code));

  // An <img src>, so no Authorization header: public, but it only draws our own payment links.
  serveRaw(app, routes.qrcode, async (request, reply) => {
    const { url } = request.query;
    const origins = [...new Set([configuredOrigin, requestOrigin(request)].filter(Boolean))];
    const kind = classifyPaymentUrl(url, origins);
    const order =
      kind === null
        ? null
        : kind.kind === 'sandbox'
          ? await billing.orders.bySandboxLink(kind.orderId, kind.token)
          : await billing.orders.byWechatCode(url);
    if (!order) throw new AppError(ErrorReason.BadRequest, 'billing.qrcodeRefused');
    return reply
      .header('Cache-Control', 'private, max-age=600')
      .header('X-Content-Type-Options', 'nosniff')
      .type('image/png')
      .send(await qrPng(url));
  });

  // ---- Providers ----------------------------------------------------------------------------

  // WeChat Pay signs the exact bytes it sends: this route reads the body as text, unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    // Its size is the route's bodyLimit (the table's bounds).
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    serveRaw(raw, routes.wechatCallback, async (request, reply) => {
      const answer = await billing.wechatNotification(
        request.headers,
        typeof request.body === 'string' ? request.body : '',
      );
      return reply.status(answer.status).type('application/json').send(answer.body);
    });
  });

  const sandboxOn = billing.provider.name === PaymentProviderName.Sandbox;

  serve(app, routes.sandboxConfirm, async (request) => {
    if (!sandboxOn) throw new AppError(ErrorReason.NotFound, 'billing.sandboxDisabled');
    const order = await billing.orders.confirmSandbox(request.params.orderId, request.params.token);
    return { id: order.id, orderNo: order.orderNo, status: order.status };
  });

  // The sandbox's payment page (HTML, outside /api): typed by the same params as its confirm call.
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      `${SANDBOX_PAGE_PREFIX}/:orderId/:token`,
      { schema: { hide: true, params: routes.sandboxConfirm.params } },
      async (request, reply) => {
        const { orderId, token } = request.params;
        const order = sandboxOn ? await billing.orders.bySandboxLink(orderId, token) : null;
        reply
          .header('Cache-Control', 'no-store')
          .header('Referrer-Policy', 'no-referrer')
          .header('X-Frame-Options', 'DENY');
        if (!order) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        const nonce = randomBytes(16).toString('base64');
        reply.header(
          'Content-Security-Policy',
          `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        );
        const confirmUrl = pathOf(routes.sandboxConfirm.path, { orderId, token });
        const product = await billing.products.get(order.productId);
        const productName = product ? localizedProduct(product, language(request)).name : order.productName;
        return reply
          .type('text/html; charset=utf-8')
          .send(sandboxPage(order, productName, confirmUrl, language(request), nonce));
      },
    );
};
