import Type from 'typebox';
import { routePaths } from './paths';
import { AnswerKind, Access, MINUTE_MS, RatePer, route } from './route';
import { OrderSchema, PlanInfoSchema, ProductSchema } from './schemas';
import { TaskAction } from '../constants';
import { OrderStatus, PaymentProviderName } from '../api';

const tag = 'billing';
/** The server's ORDER_ID_PATTERN, PRODUCT_ID_PATTERN and CODE_PARAM_PATTERN (a server test keeps them equal). */
export const BillingPatterns = {
  orderId: '^[A-Za-z0-9-]{1,64}$',
  productId: '^[A-Za-z0-9_-]{1,64}$',
  redeemCode: '^[A-Za-z0-9 -]{4,64}$',
  sandboxToken: '^[A-Za-z0-9_-]{16,64}$',
} as const;
/** The longest URL the QR code route draws (the server's QR_URL_MAX_CHARS). */
export const QR_URL_MAX_LENGTH = 512;
const OrderParams = Type.Object({ id: Type.String({ pattern: BillingPatterns.orderId }) });

export const billingRoutes = {
  products: route({
    ...routePaths.billing.products,
    access: Access.Anyone,
    tag,
    answer: Type.Array(ProductSchema),
  }),
  credits: route({
    ...routePaths.billing.credits,
    access: Access.SignedIn,
    tag,
    summary: 'The balance (from the ledger) and the plan',
    answer: Type.Object({
      balance: Type.Number(),
      free: Type.Number({ description: 'the part of balance that is today’s free allowance' }),
      dailyAllowance: Type.Number(),
      plan: Type.Union([PlanInfoSchema, Type.Null()]),
      prices: Type.Object(
        Object.fromEntries(Object.values(TaskAction).map((action) => [action, Type.Number()])) as Record<
          TaskAction,
          ReturnType<typeof Type.Number>
        >,
      ),
    }),
  }),
  order: route({
    ...routePaths.billing.order,
    access: Access.SignedIn,
    tag,
    body: Type.Object(
      { productId: Type.String({ pattern: BillingPatterns.productId }) },
      { additionalProperties: false },
    ),
    answer: OrderSchema,
  }),
  orders: route({
    ...routePaths.billing.orders,
    access: Access.SignedIn,
    tag,
    answer: Type.Array(OrderSchema),
  }),
  orderById: route({
    ...routePaths.billing.orderById,
    access: Access.Owner,
    tag,
    params: OrderParams,
    answer: OrderSchema,
  }),
  cancelOrder: route({
    ...routePaths.billing.cancelOrder,
    access: Access.Owner,
    tag,
    params: OrderParams,
    answer: OrderSchema,
  }),
  pay: route({
    ...routePaths.billing.pay,
    access: Access.Owner,
    tag,
    params: OrderParams,
    answer: Type.Object({
      orderId: Type.String(),
      provider: Type.Enum(Object.values(PaymentProviderName)),
      codeUrl: Type.String({ description: 'what the QR code encodes' }),
      qrcodeUrl: Type.String({ description: '/api/home/qrcode?url=<codeUrl>' }),
      expiresAt: Type.Number({ description: 'epoch ms' }),
    }),
  }),
  redeem: route({
    ...routePaths.billing.redeem,
    access: Access.SignedIn,
    tag,
    // Guessing codes is the attack: a handful of tries a minute.
    bounds: { rate: { max: 10, windowMs: MINUTE_MS, per: RatePer.User } },
    params: Type.Object({ code: Type.String({ pattern: BillingPatterns.redeemCode }) }),
    answer: Type.Object({
      kind: Type.Enum(['credits', 'plan']),
      credits: Type.Number(),
      plan: Type.Union([PlanInfoSchema, Type.Null()]),
      balance: Type.Number(),
    }),
  }),
  // An <img src>, so no Authorization header: public, but it only draws our own payment links.
  qrcode: route({
    ...routePaths.billing.qrcode,
    access: Access.Anyone,
    tag,
    summary: 'A PNG of the QR code of one of our own payment links',
    query: Type.Object({ url: Type.String({ minLength: 1, maxLength: QR_URL_MAX_LENGTH }) }),
    answer: Type.String({ format: 'binary' }),
    kind: AnswerKind.File,
    contentType: 'image/png',
  }),
  // WeChat Pay signs the exact bytes it sends: the body is read as text and answered in its protocol.
  wechatCallback: route({
    ...routePaths.billing.wechatCallback,
    access: Access.Token,
    tag: 'open',
    summary: 'WeChat Pay v3 payment notifications (signed, encrypted); answered in WeChat Pay’s own protocol',
    // Read as text (WeChat Pay signs the bytes); its retries come from a few addresses.
    bounds: { bodyBytes: 64 * 1024, rate: null, concurrent: 64 },
    answer: Type.Object({ code: Type.String(), message: Type.Optional(Type.String()) }),
    kind: AnswerKind.Raw,
  }),
  sandboxConfirm: route({
    ...routePaths.billing.sandboxConfirm,
    access: Access.Token,
    tag: 'open',
    summary: 'The sandbox payment page’s “pay” button (sandbox provider only)',
    params: Type.Object({
      orderId: Type.String({ pattern: BillingPatterns.orderId }),
      token: Type.String({ pattern: BillingPatterns.sandboxToken }),
    }),
    answer: Type.Object({
      id: Type.String(),
      orderNo: Type.String(),
      status: Type.Enum(Object.values(OrderStatus)),
    }),
  }),
} as const;
