import { Schema } from 'mongoose';
import {
  OrderStatus,
  PaymentProviderName,
  Period,
  type Language,
  type Order,
  type PlanInfo,
  type TaskAction,
} from '@draw/shared';
import { defineCollection, type BaseDoc, type Collection, type Storage } from '../../storage/port';
import { documentSchema, type StoredFields } from '../../storage/schema';

// ---- Products ------------------------------------------------------------------------------

export interface ProductDoc extends BaseDoc {
  name: string;
  description: string;
  /** Integer cents. */
  price: number;
  currency: string;
  period: Period;
  /** Credits granted by one purchase (one period). */
  credits: number;
  /** Lower first within a period. */
  sort: number;
  enabled: boolean;
  /** Names and descriptions in other languages; `name`/`description` are the fallback. */
  translations: Partial<Record<Language, { name: string; description: string }>>;
  createdAt: number;
  updatedAt: number;
}

const productSchema = documentSchema({
  name: { type: String, required: true, maxlength: 64 },
  description: { type: String, default: '', maxlength: 500 },
  price: { type: Number, required: true, min: 1, validate: Number.isInteger },
  currency: { type: String, required: true, default: 'CNY' },
  period: { type: String, required: true, enum: Object.values(Period) },
  credits: { type: Number, required: true, min: 0, validate: Number.isInteger },
  sort: { type: Number, default: 0 },
  enabled: { type: Boolean, default: true },
  translations: { type: Schema.Types.Mixed, default: {} },
  createdAt: { type: Number, required: true },
  updatedAt: { type: Number, required: true },
} satisfies StoredFields<ProductDoc>);

// ---- Orders --------------------------------------------------------------------------------

export interface PaymentAttempt {
  provider: PaymentProviderName;
  codeUrl: string;
  startedAt: number;
  /** Sandbox only: the secret in the payment page's path. */
  token: string | null;
}

/** The stored order: the public `Order` (route table) but its id and provider, plus what only the server keeps. */
export interface OrderDoc extends BaseDoc, Omit<Order, 'id' | 'provider'> {
  userId: string;
  /** The payment started last (its provider is the order's `provider`). */
  payment: PaymentAttempt | null;
  /** The provider's transaction id, once paid. */
  transactionId: string | null;
  /** Set once the credits and the plan have been granted (the ledger entry is the real guard). */
  fulfilledAt: number | null;
}

const orderSchema = documentSchema({
  orderNo: { type: String, required: true, unique: true },
  userId: { type: String, required: true },
  productId: { type: String, required: true },
  productName: { type: String, required: true },
  period: { type: String, required: true, enum: Object.values(Period) },
  credits: { type: Number, required: true },
  amount: { type: Number, required: true },
  currency: { type: String, required: true },
  status: { type: String, required: true, enum: Object.values(OrderStatus) },
  createdAt: { type: Number, required: true },
  expiresAt: { type: Number, required: true },
  paidAt: { type: Schema.Types.Mixed, default: null },
  cancelledAt: { type: Schema.Types.Mixed, default: null },
  payment: { type: Schema.Types.Mixed, default: null },
  transactionId: { type: Schema.Types.Mixed, default: null },
  fulfilledAt: { type: Schema.Types.Mixed, default: null },
} satisfies StoredFields<OrderDoc>);
orderSchema.index({ userId: 1, createdAt: -1 });
orderSchema.index({ status: 1, expiresAt: 1 });

// ---- The credits ledger --------------------------------------------------------------------

export const LedgerKind = {
  Daily: 'daily',
  Plan: 'plan',
  Code: 'code',
  Spend: 'spend',
  Refund: 'refund',
  Adjust: 'adjust',
} as const;
export type LedgerKind = (typeof LedgerKind)[keyof typeof LedgerKind];

/**
 * One append-only entry of a user's credits. `_id` is the entry's idempotency key
 * (`spend:<taskId>`, `refund:<taskId>`, `order:<orderId>`, `code:<code>:<userId>`,
 * `daily:<userId>:<day>`), so an operation lands at most once. Entries chain per user by `seq`
 * (unique with `userId`): each one carries the account's state after it (balance, free part,
 * plan), so the latest entry *is* the account and two writers can never both extend the same
 * state. Nothing is ever updated or deleted.
 */
export interface LedgerDoc extends BaseDoc {
  userId: string;
  seq: number;
  kind: LedgerKind;
  /** Change of the whole balance (negative for spends). */
  delta: number;
  /** Change of the free (daily) part. */
  freeDelta: number;
  balanceAfter: number;
  freeAfter: number;
  plan: PlanInfo | null;
  at: number;
  taskId: string | null;
  action: TaskAction | null;
  orderId: string | null;
  code: string | null;
  note: string | null;
}

const ledgerSchema = documentSchema({
  userId: { type: String, required: true, index: true },
  seq: { type: Number, required: true, min: 1 },
  kind: { type: String, required: true, enum: Object.values(LedgerKind) },
  delta: { type: Number, required: true },
  freeDelta: { type: Number, required: true },
  balanceAfter: { type: Number, required: true, min: 0 },
  freeAfter: { type: Number, required: true, min: 0 },
  plan: { type: Schema.Types.Mixed, default: null },
  at: { type: Number, required: true },
  taskId: { type: Schema.Types.Mixed, default: null },
  action: { type: Schema.Types.Mixed, default: null },
  orderId: { type: Schema.Types.Mixed, default: null },
  code: { type: Schema.Types.Mixed, default: null },
  note: { type: Schema.Types.Mixed, default: null },
} satisfies StoredFields<LedgerDoc>);
ledgerSchema.index({ userId: 1, seq: 1 }, { unique: true });
// The credit reconciliation reads recent spends, paged in (at, _id) order.
ledgerSchema.index({ kind: 1, at: 1, _id: 1 });

// ---- Redeem codes --------------------------------------------------------------------------

export interface RedeemCodeDoc extends BaseDoc {
  /** `_id` is the code itself (upper case). */
  batchId: string;
  kind: 'credits' | 'plan';
  credits: number;
  productId: string | null;
  /** How many different users may redeem it (each once). */
  maxUses: number;
  uses: number;
  expiresAt: number | null;
  /** When an operator revoked it (absent on codes minted before revoking had its own state). */
  revokedAt?: number | null;
  createdAt: number;
  note: string;
}

const codeSchema = documentSchema({
  batchId: { type: String, required: true, index: true },
  kind: { type: String, required: true, enum: ['credits', 'plan'] },
  credits: { type: Number, required: true, min: 0 },
  productId: { type: Schema.Types.Mixed, default: null },
  maxUses: { type: Number, required: true, min: 1 },
  uses: { type: Number, required: true, min: 0 },
  expiresAt: { type: Schema.Types.Mixed, default: null },
  revokedAt: { type: Schema.Types.Mixed, default: null },
  createdAt: { type: Number, required: true },
  note: { type: String, default: '' },
} satisfies StoredFields<RedeemCodeDoc>);

export interface RedemptionDoc extends BaseDoc {
  /**
   * `_id` is `<code>#<n>`: use number n of the code (1…maxUses), so taking a use and saying whose
   * it is are one insert. Unique per code and user: a user redeems a code at most once. (Rows
   * written before use numbers have `<code>:<userId>`.)
   */
  code: string;
  userId: string;
  /** n (absent on old rows). */
  use?: number;
  at: number;
  /** When the use was taken (null only on old rows whose claim never happened). */
  claimedAt: number | null;
  /** Set once the grant is in the ledger; a row left without it is granted by the repair. */
  grantedAt?: number | null;
}

const redemptionSchema = documentSchema({
  code: { type: String, required: true, index: true },
  userId: { type: String, required: true },
  use: { type: Number, min: 1 },
  at: { type: Number, required: true },
  claimedAt: { type: Schema.Types.Mixed, default: null },
  grantedAt: { type: Schema.Types.Mixed, default: null },
} satisfies StoredFields<RedemptionDoc>);
redemptionSchema.index({ code: 1, userId: 1 }, { unique: true });
redemptionSchema.index({ grantedAt: 1, at: 1 });

export const Products = defineCollection<ProductDoc>('products', productSchema);
export const Orders = defineCollection<OrderDoc>('orders', orderSchema);
export const Ledger = defineCollection<LedgerDoc>('credit_ledger', ledgerSchema);
export const RedeemCodes = defineCollection<RedeemCodeDoc>('redeem_codes', codeSchema);
export const Redemptions = defineCollection<RedemptionDoc>('redemptions', redemptionSchema);

export const productsRepository = (products: Collection<ProductDoc>) => ({
  byId: (id: string) => products.findOne({ _id: id }),
  /** Whether any product is stored (a first start has none). */
  any: async () => (await products.count({})) > 0,
  create: (doc: ProductDoc) => products.insertOne(doc),
  /** The products on sale (any order). */
  enabled: () => products.find({ enabled: true }),
  /** Every product (any order). */
  all: () => products.find({}),
  /** Changes a product's fields; the product as written, or null when there is none. */
  setFields: (id: string, fields: Partial<Omit<ProductDoc, '_id'>>) =>
    products.findOneAndUpdate({ _id: id }, { $set: fields }),
});

/** Orders a payment may still settle after they stopped being payable. */
const PAYABLE_LATE = [OrderStatus.Unpaid, OrderStatus.Expired, OrderStatus.Cancelled];

export const ordersRepository = (orders: Collection<OrderDoc>) => ({
  byId: (id: string) => orders.findOne({ _id: id }),
  /** The user's order, or null (someone else's is none). */
  ofUser: (id: string, userId: string) => orders.findOne({ _id: id, userId }),
  byOrderNo: (orderNo: string) => orders.findOne({ orderNo }),
  /** How many unpaid orders the user has open. */
  unpaidCountOf: (userId: string) => orders.count({ userId, status: OrderStatus.Unpaid }),
  create: (doc: OrderDoc) => orders.insertOne(doc),
  /** The user's newest orders, newest first. */
  newestOf: (userId: string, limit: number) => orders.find({ userId }, { sort: { createdAt: -1 }, limit }),
  /** Paid orders whose grant never completed (at most `limit`). */
  paidUnfulfilled: (limit: number) => orders.find({ status: OrderStatus.Paid, fulfilledAt: null }, { limit }),
  /** Unpaid orders (of a user, or one order) past their time become expired. */
  expireDue: (scope: { userId?: string; _id?: string }, now: number) =>
    orders.updateMany(
      { ...scope, status: OrderStatus.Unpaid, expiresAt: { $lte: now } },
      { $set: { status: OrderStatus.Expired } },
    ),
  /** Records a payment on an order not paid yet; the order as written, or null when it already was. */
  markPaid: (id: string, at: number, transactionId: string | null) =>
    orders.findOneAndUpdate(
      { _id: id, status: { $in: PAYABLE_LATE } },
      { $set: { status: OrderStatus.Paid, paidAt: at, transactionId } },
    ),
  /** Notes, once, that a paid order's plan was granted. */
  markFulfilled: (id: string, at: number) =>
    orders.updateOne({ _id: id, fulfilledAt: null }, { $set: { fulfilledAt: at } }),
  /** Cancels the user's order while it is unpaid; null when it is not (any more). */
  cancelUnpaid: (id: string, userId: string, at: number) =>
    orders.findOneAndUpdate(
      { _id: id, userId, status: OrderStatus.Unpaid },
      { $set: { status: OrderStatus.Cancelled, cancelledAt: at } },
    ),
  /** Keeps the payment started for an order while it is unpaid; null when it is not (any more). */
  setPayment: (id: string, payment: PaymentAttempt) =>
    orders.findOneAndUpdate({ _id: id, status: OrderStatus.Unpaid }, { $set: { payment } }),
  /** The unpaid, unexpired order whose WeChat Pay payment shows this code URL. */
  unpaidByWechatCode: (codeUrl: string, now: number) =>
    orders.findOne({
      status: OrderStatus.Unpaid,
      expiresAt: { $gt: now },
      'payment.provider': PaymentProviderName.Wechat,
      'payment.codeUrl': codeUrl,
    }),
});

export const ledgerRepository = (ledger: Collection<LedgerDoc>) => ({
  /** An entry by its key, or null. */
  byKey: (key: string) => ledger.findOne({ _id: key }),
  hasKey: async (key: string) => (await ledger.count({ _id: key })) > 0,
  /** The user's last entry (their account as it stands), or null. */
  latestOf: (userId: string) => ledger.findOne({ userId }, { sort: { seq: -1 } }),
  /** The user's newest entries, newest first. */
  newestOf: (userId: string, limit: number) => ledger.find({ userId }, { sort: { seq: -1 }, limit }),
  /** A new entry (a duplicate-key refusal when its key or its seq is taken). */
  append: (entry: LedgerDoc) => ledger.insertOne(entry),
  /** Spends after the position (at, id), in that order: the pages of a long history. */
  spendsAfter: (after: { at: number; id: string }, limit: number) =>
    ledger.find(
      {
        kind: LedgerKind.Spend,
        at: { $gte: after.at },
        $or: [{ at: { $gt: after.at } }, { _id: { $gt: after.id } }],
      },
      { sort: { at: 1, _id: 1 }, limit },
    ),
  /** The refunds of these tasks that exist. */
  refundsOf: (taskIds: readonly string[]) =>
    ledger.find({ _id: { $in: taskIds.map((taskId) => `refund:${taskId}`) } }),
});

export const redeemCodesRepository = (codes: Collection<RedeemCodeDoc>) => ({
  byCode: (code: string) => codes.findOne({ _id: code }),
  createMany: (docs: RedeemCodeDoc[]) => codes.insertMany(docs),
  /** The codes of a batch (every code without one), newest first. */
  list: (batchId?: string) => codes.find(batchId ? { batchId } : {}, { sort: { createdAt: -1 } }),
  /** The code's counter of uses moves up to `use`, never back. */
  raiseUses: (code: string, use: number) =>
    codes.updateOne({ _id: code, uses: { $lt: use } }, { $set: { uses: use } }),
  /** Codes of a batch (or these codes) nobody has used, neither revoked nor expired, are revoked at `at`. */
  revokeUnused: (target: { batchId?: string; codes?: readonly string[] }, at: number) =>
    codes.updateMany(
      {
        uses: 0,
        revokedAt: null,
        ...(target.batchId ? { batchId: target.batchId } : {}),
        ...(target.codes ? { _id: { $in: [...target.codes] } } : {}),
        $or: [{ expiresAt: null }, { expiresAt: { $gt: at } }],
      },
      { $set: { revokedAt: at } },
    ),
});

export const redemptionsRepository = (redemptions: Collection<RedemptionDoc>) => ({
  /** Takes a use (a duplicate-key refusal when that use is taken). */
  claim: (doc: RedemptionDoc) => redemptions.insertOne(doc),
  /** The user's use of the code, or null. */
  ofUser: (code: string, userId: string) => redemptions.findOne({ code, userId }),
  /** Drops a row whose claim never happened. */
  dropUnclaimed: (id: string) => redemptions.deleteOne({ _id: id, claimedAt: null }),
  markGranted: (code: string, userId: string, at: number) =>
    redemptions.updateOne({ code, userId }, { $set: { grantedAt: at } }),
  /** Uses taken before `before` whose grant never happened (a crash cut them off). */
  cutOff: (before: number, limit: number) =>
    redemptions.find({ grantedAt: null, claimedAt: { $ne: null }, at: { $lt: before } }, { limit }),
});

export function billingRepository(storage: Storage) {
  return {
    products: productsRepository(storage.collection(Products)),
    orders: ordersRepository(storage.collection(Orders)),
    ledger: ledgerRepository(storage.collection(Ledger)),
    codes: redeemCodesRepository(storage.collection(RedeemCodes)),
    redemptions: redemptionsRepository(storage.collection(Redemptions)),
  };
}
export type BillingRepository = ReturnType<typeof billingRepository>;
