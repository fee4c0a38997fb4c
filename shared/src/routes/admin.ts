import Type, { type Static } from 'typebox';
import { ImageEngineName, Language, Period, TaskAction, TaskStatus } from '../constants';
import { OrderStatus } from '../api';
import { TaskFailureCode } from '../tasks';
import { adminRoutePaths as paths } from './admin-paths';
import { BillingPatterns } from './billing';
import { AnswerKind, Access, MINUTE_MS, RatePer, route } from './route';
import {
  Id,
  MemberSchema,
  Nothing,
  NullableString,
  NullableTime,
  OrderSchema,
  PlanInfoSchema,
  TaskSchema,
  Time,
} from './schemas';

/**
 * The operator's console (`/admin`): every route is `Access.Admin` — a signed-in site admin
 * (`isAdmin`, read from the store on each request, so a revoked admin is refused at once). To
 * anyone else signed in the console does not exist: 404 `not_found`, like an unknown /api path;
 * without a session, 401 as on every signed-in route. Every write is recorded in the audit log
 * (who, when, what, before and after) and answers what it changed.
 */

const tag = 'admin';
const strict = { additionalProperties: false } as const;
const values = <T extends Record<string, string>>(set: T) => Type.Enum(Object.values(set) as T[keyof T][]);

/** Bounds the console's inputs share with the server (`server/src/features/admin`). */
export const AdminLimits = {
  /** Rows of one page of any list. */
  pageMax: 100,
  pageDefault: 50,
  queryMaxChars: 100,
  reasonMaxChars: 200,
  /** One adjustment moves a balance by at most this many credits either way. */
  creditsDeltaMax: 1_000_000,
  bannedWordMaxChars: 50,
  /** Words a site may keep: the matcher is built once per change over all of them. */
  bannedWordsMax: 10_000,
  announcementMaxChars: 500,
  /** Days the overview reaches back. */
  overviewDaysMax: 90,
  overviewDaysDefault: 14,
  /** Codes one batch may hold (as the ops CLI's `codes mint`). */
  mintMax: 10_000,
  productNameMaxChars: 64,
  productDescriptionMaxChars: 500,
  priceMax: 100_000,
} as const;

export const ModerationLimits = {
  /** Hits within `windowMs` that pause the person's submits. */
  hitsToPause: 3,
  windowMs: 60 * MINUTE_MS,
  /** The pause grows with each one within a day: 1 h, 2 h, then 10 h. */
  pauseSteps: [60 * MINUTE_MS, 120 * MINUTE_MS, 600 * MINUTE_MS],
  reportReasonMaxChars: 200,
} as const;

// ---- Shared pieces ----------------------------------------------------------------------------

const Page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AdminLimits.pageMax })),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_:.-]+$' })),
};
const PageOf = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null at the end' }),
  });
const IdParams = Type.Object({ id: Id });
const Reason = Type.String({ minLength: 1, maxLength: AdminLimits.reasonMaxChars });
const DateMs = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'epoch ms' });
const PriceTable = Type.Record(Type.String(), Type.Number());

// ---- Answers ----------------------------------------------------------------------------------

export const AdminUserSchema = Type.Object({
  id: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  isAdmin: Type.Boolean(),
  createdAt: Time,
  /** Set while the account is disabled: the reason the person is told at login. */
  disabledReason: NullableString,
  disabledAt: NullableTime,
  /** Submits paused by moderation until then (null: not paused). */
  pausedUntil: NullableTime,
});

export const LedgerEntrySchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(['daily', 'plan', 'code', 'spend', 'refund', 'adjust']),
  delta: Type.Number(),
  balanceAfter: Type.Number(),
  at: Time,
  taskId: NullableString,
  orderId: NullableString,
  code: NullableString,
  note: NullableString,
});

export const AdminTaskSchema = Type.Object({
  task: TaskSchema,
  author: Type.Object({ id: Type.String(), name: Type.String() }),
  channel: Type.Object({ id: Type.String(), title: Type.String() }),
  /** Hidden by an admin (reports): gone for everyone else. */
  hidden: Type.Boolean(),
});

export const AdminChannelSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  creatorId: Type.String(),
  creatorName: Type.String(),
  memberCount: Type.Integer(),
  createdAt: Time,
});

export const AdminUserDetailSchema = Type.Object({
  user: AdminUserSchema,
  balance: Type.Number(),
  free: Type.Number(),
  plan: Type.Union([PlanInfoSchema, Type.Null()]),
  ledger: Type.Array(LedgerEntrySchema),
  orders: Type.Array(OrderSchema),
  channels: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), isCreator: Type.Boolean() })),
  tasks: Type.Array(AdminTaskSchema),
  moderation: Type.Object({
    pausedUntil: NullableTime,
    /** Hits in the current window. */
    recentHits: Type.Integer(),
    /** Pauses so far within a day (which step the next one takes). */
    pauses: Type.Integer(),
  }),
});

const DayCount = Type.Object({
  day: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  count: Type.Integer(),
});

export const OverviewSchema = Type.Object({
  days: Type.Integer(),
  tasksByDay: Type.Array(
    Type.Object({
      day: Type.String(),
      byStatus: Type.Record(Type.String(), Type.Integer()),
      byEngine: Type.Record(Type.String(), Type.Integer()),
    }),
  ),
  failuresByCode: Type.Array(Type.Object({ code: Type.String(), count: Type.Integer() })),
  newUsersByDay: Type.Array(DayCount),
  creditsSpentByDay: Type.Array(DayCount),
  revenueByDay: Type.Array(
    Type.Object({
      day: Type.String(),
      amount: Type.Integer({ description: 'cents' }),
      currency: Type.String(),
    }),
  ),
  queue: Type.Array(Type.Object({ engine: Type.String(), waiting: Type.Integer(), running: Type.Integer() })),
});

export const AdminProductSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Integer({ description: 'cents' }),
  currency: Type.String(),
  period: values(Period),
  credits: Type.Integer(),
  sort: Type.Integer(),
  enabled: Type.Boolean({ description: 'false: retired (no longer sold; plans held keep running)' }),
  translations: Type.Record(Type.String(), Type.Object({ name: Type.String(), description: Type.String() })),
  createdAt: Time,
  updatedAt: Time,
});

const Translation = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: AdminLimits.productNameMaxChars }),
    description: Type.String({ maxLength: AdminLimits.productDescriptionMaxChars }),
  },
  strict,
);
const ProductFields = {
  name: Type.String({ minLength: 1, maxLength: AdminLimits.productNameMaxChars }),
  description: Type.String({ maxLength: AdminLimits.productDescriptionMaxChars }),
  price: Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'cents' }),
  period: values(Period),
  credits: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  sort: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  translations: Type.Object(
    {
      [Language.EnUS]: Type.Optional(Translation),
      [Language.ZhCN]: Type.Optional(Translation),
      [Language.ZhTW]: Type.Optional(Translation),
    },
    strict,
  ),
};

export const PricesSchema = Type.Object({
  /** The site's price of each action. */
  site: PriceTable,
  /** Per engine, every action's price there (its own where set, else the site's). */
  engines: Type.Record(Type.String(), PriceTable),
  /** What the console set apart from the server's configuration (ENGINE_PRICES and TASK_PRICES). */
  overrides: Type.Array(
    Type.Object({
      engine: Type.Union([Type.String(), Type.Null()]),
      action: values(TaskAction),
      price: Type.Integer(),
    }),
  ),
});

/** What a code gives: credits, or a plan (the product `productId`) with the credits it came with. */
const CodeGrantsSchema = Type.Object({
  kind: Type.Enum(['credits', 'plan']),
  credits: Type.Integer(),
  productId: Type.Union([Type.String(), Type.Null()], {
    description: 'the plan’s product; null for credits',
  }),
});

export const CodeSchema = Type.Object({
  code: Type.String(),
  batchId: Type.String(),
  grants: CodeGrantsSchema,
  uses: Type.Integer(),
  maxUses: Type.Integer(),
  expiresAt: NullableTime,
  createdAt: Time,
  note: Type.String(),
  state: Type.Enum(['unused', 'partly used', 'used up', 'expired', 'revoked']),
});

export const EngineStatusSchema = Type.Object({
  id: values(ImageEngineName),
  name: Type.String(),
  isDefault: Type.Boolean(),
  reachable: Type.Boolean(),
  waiting: Type.Integer(),
  running: Type.Integer(),
  lastError: Type.Union([Type.Object({ at: Time, message: Type.String() }), Type.Null()]),
});

export const CompanyInfoSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  keywords: Type.String(),
  isShowChatGPT: Type.Boolean(),
  isShowDiscord: Type.Boolean(),
});

/** The banner every open page shows (null text: none). Also `GET /api/home/announcement` and `site:announcement`. */
export const AnnouncementSchema = Type.Object({
  text: NullableString,
  updatedAt: NullableTime,
});

export const SiteSettingsSchema = Type.Object({
  /** Chat messages are checked against the banned words too. */
  moderateChat: Type.Boolean(),
});

export const BannedWordSchema = Type.Object({
  id: Type.String(),
  word: Type.String(),
  /** The form it is matched in (case, width, script, spacing folded). */
  normalized: Type.String(),
  createdAt: Time,
  createdBy: Type.String(),
});

export const ModerationHitSchema = Type.Object({
  id: Type.String(),
  at: Time,
  user: Type.Object({ id: Type.String(), name: Type.String() }),
  channelId: NullableString,
  /** Where it was caught: a prompt, its translation, a chat message, or the engine's own refusal. */
  source: Type.Enum(['prompt', 'translation', 'chat', 'engine']),
  text: Type.String(),
  word: Type.String(),
  /** This hit paused the person's submits until then. */
  pausedUntil: NullableTime,
});

export const ReportStatus = { Open: 'open', Hidden: 'hidden', Dismissed: 'dismissed' } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];

export const ReportSchema = Type.Object({
  id: Type.String({ description: 'the reported task’s id: one report per image, with every reporter' }),
  status: values(ReportStatus),
  item: AdminTaskSchema,
  reporters: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), reason: Type.String(), at: Time }),
  ),
  firstAt: Time,
  resolvedAt: NullableTime,
  resolvedBy: NullableString,
});

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  at: Time,
  admin: Type.Object({ id: Type.String(), name: Type.String() }),
  action: Type.String({ description: 'e.g. users.credits, banned-words.add, products.update' }),
  target: Type.String({ description: 'what it acted on (a user, product, word, channel, task id…)' }),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

// ---- The routes -------------------------------------------------------------------------------

const admin = { access: Access.Admin, tag } as const;

export const adminRoutes = {
  overview: route({
    ...paths.overview,
    ...admin,
    summary:
      'Tasks per day by status and engine, failures by code, new users, credits spent, revenue; the live queue',
    query: Type.Object(
      { days: Type.Optional(Type.Integer({ minimum: 1, maximum: AdminLimits.overviewDaysMax })) },
      strict,
    ),
    // Reads up to 90 days of tasks and ledger: a few at once, a few a minute.
    bounds: { rate: { max: 30, windowMs: MINUTE_MS, per: RatePer.User }, concurrent: 2 },
    answer: OverviewSchema,
  }),

  // ---- Users
  users: route({
    ...paths.users,
    ...admin,
    summary: 'People whose phone, email, name or id contains q (all, newest first, without q)',
    query: Type.Object(
      { q: Type.Optional(Type.String({ maxLength: AdminLimits.queryMaxChars })), ...Page },
      strict,
    ),
    answer: PageOf(AdminUserSchema),
  }),
  user: route({ ...paths.user, ...admin, params: IdParams, answer: AdminUserDetailSchema }),
  adjustCredits: route({
    ...paths.adjustCredits,
    ...admin,
    summary:
      'Adds (or takes, never below zero) credits: a ledger entry the person sees, their meter updates live',
    params: IdParams,
    body: Type.Object(
      {
        delta: Type.Integer({
          minimum: -AdminLimits.creditsDeltaMax,
          maximum: AdminLimits.creditsDeltaMax,
          description: 'not 0',
        }),
        reason: Reason,
      },
      strict,
    ),
    answer: Type.Object({ balance: Type.Number(), entry: LedgerEntrySchema }),
  }),
  disableUser: route({
    ...paths.disableUser,
    ...admin,
    summary: 'Disables the account: every session ends and every socket closes at once; login says why',
    params: IdParams,
    body: Type.Object({ reason: Reason }, strict),
    answer: AdminUserSchema,
  }),
  enableUser: route({ ...paths.enableUser, ...admin, params: IdParams, answer: AdminUserSchema }),
  setAdmin: route({
    ...paths.setAdmin,
    ...admin,
    summary: 'Grants or revokes site admin (an admin cannot revoke their own)',
    params: IdParams,
    body: Type.Object({ isAdmin: Type.Boolean() }, strict),
    answer: AdminUserSchema,
  }),
  signOutUser: route({
    ...paths.signOutUser,
    ...admin,
    summary: 'Ends every session of the person (each device signs in again)',
    params: IdParams,
    answer: Type.Object({ sessionsEnded: Type.Integer() }),
  }),
  liftPause: route({
    ...paths.liftPause,
    ...admin,
    summary: 'Lifts the moderation pause on the person’s submits (and forgets their recent hits)',
    params: IdParams,
    answer: AdminUserSchema,
  }),

  // ---- Billing
  orders: route({
    ...paths.orders,
    ...admin,
    summary: 'Orders, newest first, by status and creation date',
    query: Type.Object(
      {
        status: Type.Optional(values(OrderStatus)),
        userId: Type.Optional(Id),
        from: Type.Optional(DateMs),
        to: Type.Optional(DateMs),
        ...Page,
      },
      strict,
    ),
    answer: PageOf(
      Type.Object({ order: OrderSchema, user: Type.Object({ id: Type.String(), name: Type.String() }) }),
    ),
  }),
  products: route({
    ...paths.products,
    ...admin,
    summary: 'Every product, retired ones too',
    answer: Type.Array(AdminProductSchema),
  }),
  createProduct: route({
    ...paths.createProduct,
    ...admin,
    body: Type.Object(
      {
        id: Type.Optional(Type.String({ pattern: BillingPatterns.productId })),
        name: ProductFields.name,
        description: Type.Optional(ProductFields.description),
        price: ProductFields.price,
        period: ProductFields.period,
        credits: ProductFields.credits,
        sort: Type.Optional(ProductFields.sort),
        translations: Type.Optional(ProductFields.translations),
      },
      strict,
    ),
    answer: AdminProductSchema,
  }),
  updateProduct: route({
    ...paths.updateProduct,
    ...admin,
    summary: 'Changes the named fields; `enabled: true` sells a retired product again',
    params: Type.Object({ id: Type.String({ pattern: BillingPatterns.productId }) }),
    body: Type.Object(
      {
        name: Type.Optional(ProductFields.name),
        description: Type.Optional(ProductFields.description),
        price: Type.Optional(ProductFields.price),
        credits: Type.Optional(ProductFields.credits),
        sort: Type.Optional(ProductFields.sort),
        enabled: Type.Optional(Type.Boolean()),
        translations: Type.Optional(ProductFields.translations),
      },
      { ...strict, minProperties: 1 },
    ),
    answer: AdminProductSchema,
  }),
  retireProduct: route({
    ...paths.retireProduct,
    ...admin,
    summary: 'Stops selling the product (kept for its orders and plans)',
    params: Type.Object({ id: Type.String({ pattern: BillingPatterns.productId }) }),
    answer: AdminProductSchema,
  }),
  prices: route({ ...paths.prices, ...admin, answer: PricesSchema }),
  setPrice: route({
    ...paths.setPrice,
    ...admin,
    summary:
      'Sets what an action costs, on one engine (or site-wide without `engine`); without `price`, the configured price again',
    body: Type.Object(
      {
        engine: Type.Optional(values(ImageEngineName)),
        action: values(TaskAction),
        price: Type.Optional(Type.Integer({ minimum: 0, maximum: AdminLimits.priceMax })),
      },
      strict,
    ),
    answer: PricesSchema,
  }),
  codes: route({
    ...paths.codes,
    ...admin,
    summary: 'Redeem codes, newest first (one batch, or all)',
    query: Type.Object({ batchId: Type.Optional(Id), ...Page }, strict),
    answer: PageOf(CodeSchema),
  }),
  mintCodes: route({
    ...paths.mintCodes,
    ...admin,
    summary: 'Mints a batch: credits or a plan (productId), each code usable by `uses` people',
    bounds: { rate: { max: 10, windowMs: MINUTE_MS, per: RatePer.User }, concurrent: 1 },
    body: Type.Object(
      {
        credits: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
        productId: Type.Optional(Type.String({ pattern: BillingPatterns.productId })),
        count: Type.Integer({ minimum: 1, maximum: AdminLimits.mintMax }),
        uses: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        expiresDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
        note: Type.Optional(Type.String({ maxLength: AdminLimits.reasonMaxChars })),
      },
      strict,
    ),
    answer: Type.Object({ batchId: Type.String(), codes: Type.Array(Type.String()) }),
  }),
  exportCodes: route({
    ...paths.exportCodes,
    ...admin,
    summary: 'One batch as CSV (code, grants, uses, max uses, expires, state)',
    bounds: { concurrent: 2 },
    query: Type.Object({ batchId: Id }, strict),
    answer: Type.String({ format: 'binary' }),
    kind: AnswerKind.File,
    contentType: 'text/csv; charset=utf-8',
  }),
  revokeCodes: route({
    ...paths.revokeCodes,
    ...admin,
    summary:
      'Revokes the batch’s (or the listed) codes nobody has used yet; used, expired and revoked ones stay (`revoked` counts those revoked now)',
    body: Type.Object(
      {
        batchId: Type.Optional(Id),
        codes: Type.Optional(
          Type.Array(Type.String({ pattern: BillingPatterns.redeemCode }), { minItems: 1, maxItems: 1000 }),
        ),
      },
      { ...strict, minProperties: 1 },
    ),
    answer: Type.Object({ revoked: Type.Integer() }),
  }),

  // ---- Channels and tasks
  channels: route({
    ...paths.channels,
    ...admin,
    summary: 'Channels whose title or id contains q, newest first',
    query: Type.Object(
      { q: Type.Optional(Type.String({ maxLength: AdminLimits.queryMaxChars })), ...Page },
      strict,
    ),
    answer: PageOf(AdminChannelSchema),
  }),
  channel: route({
    ...paths.channel,
    ...admin,
    params: IdParams,
    answer: Type.Object({ channel: AdminChannelSchema, members: Type.Array(MemberSchema) }),
  }),
  deleteChannel: route({
    ...paths.deleteChannel,
    ...admin,
    summary: 'Deletes the channel for abuse, as its creator would (members are told live)',
    params: IdParams,
    answer: Nothing,
  }),
  tasks: route({
    ...paths.tasks,
    ...admin,
    summary:
      'Tasks, newest first, by status, engine, person and channel; a failure shows the upstream’s words',
    query: Type.Object(
      {
        status: Type.Optional(values(TaskStatus)),
        engine: Type.Optional(values(ImageEngineName)),
        userId: Type.Optional(Id),
        channelId: Type.Optional(Id),
        failureCode: Type.Optional(values(TaskFailureCode)),
        ...Page,
      },
      strict,
    ),
    answer: PageOf(AdminTaskSchema),
  }),
  cancelTask: route({
    ...paths.cancelTask,
    ...admin,
    summary: 'Cancels an unfinished task, refunded as its author’s own cancel is',
    params: IdParams,
    answer: AdminTaskSchema,
  }),
  hideImage: route({
    ...paths.hideImage,
    ...admin,
    summary:
      'Hides (or shows again) an image: gone from every feed, the archive and /files for all but admins, live',
    params: IdParams,
    body: Type.Object({ hidden: Type.Boolean() }, strict),
    answer: AdminTaskSchema,
  }),
  engines: route({
    ...paths.engines,
    ...admin,
    summary: 'Each configured engine: reachable, queue (waiting, running), last error',
    answer: Type.Array(EngineStatusSchema),
  }),

  // ---- Site
  company: route({ ...paths.company, ...admin, answer: CompanyInfoSchema }),
  updateCompany: route({
    ...paths.updateCompany,
    ...admin,
    body: Type.Object(
      {
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        description: Type.Optional(Type.String({ maxLength: 500 })),
        keywords: Type.Optional(Type.String({ maxLength: 500 })),
        isShowChatGPT: Type.Optional(Type.Boolean()),
        isShowDiscord: Type.Optional(Type.Boolean()),
      },
      { ...strict, minProperties: 1 },
    ),
    answer: CompanyInfoSchema,
  }),
  announcement: route({ ...paths.announcement, ...admin, answer: AnnouncementSchema }),
  setAnnouncement: route({
    ...paths.setAnnouncement,
    ...admin,
    summary: 'Shows the banner on every open page at once (`site:announcement`); null or "" takes it down',
    body: Type.Object(
      { text: Type.Union([Type.String({ maxLength: AdminLimits.announcementMaxChars }), Type.Null()]) },
      strict,
    ),
    answer: AnnouncementSchema,
  }),
  settings: route({ ...paths.settings, ...admin, answer: SiteSettingsSchema }),
  updateSettings: route({
    ...paths.updateSettings,
    ...admin,
    body: Type.Object({ moderateChat: Type.Optional(Type.Boolean()) }, { ...strict, minProperties: 1 }),
    answer: SiteSettingsSchema,
  }),

  // ---- Moderation
  bannedWords: route({ ...paths.bannedWords, ...admin, answer: Type.Array(BannedWordSchema) }),
  addBannedWord: route({
    ...paths.addBannedWord,
    ...admin,
    summary: 'Adds a word (refused when it normalises to nothing or is already listed)',
    body: Type.Object(
      { word: Type.String({ minLength: 1, maxLength: AdminLimits.bannedWordMaxChars }) },
      strict,
    ),
    answer: BannedWordSchema,
  }),
  removeBannedWord: route({ ...paths.removeBannedWord, ...admin, params: IdParams, answer: Nothing }),
  hits: route({
    ...paths.hits,
    ...admin,
    summary: 'Banned-word and engine refusals, newest first',
    query: Type.Object({ userId: Type.Optional(Id), ...Page }, strict),
    answer: PageOf(ModerationHitSchema),
  }),
  reports: route({
    ...paths.reports,
    ...admin,
    summary: 'Reported images, oldest open first (or those resolved, newest first)',
    query: Type.Object({ status: Type.Optional(values(ReportStatus)), ...Page }, strict),
    answer: PageOf(ReportSchema),
  }),
  resolveReport: route({
    ...paths.resolveReport,
    ...admin,
    summary: 'Hides the reported image, or dismisses the report',
    params: IdParams,
    body: Type.Object({ decision: Type.Enum(['hide', 'dismiss']) }, strict),
    answer: ReportSchema,
  }),
  audit: route({
    ...paths.audit,
    ...admin,
    summary: 'Every admin action, newest first',
    query: Type.Object(
      { adminId: Type.Optional(Id), target: Type.Optional(Type.String({ maxLength: 200 })), ...Page },
      strict,
    ),
    answer: PageOf(AuditEntrySchema),
  }),
} as const;

export type AdminUser = Static<typeof AdminUserSchema>;
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;
export type LedgerEntry = Static<typeof LedgerEntrySchema>;
export type AdminTask = Static<typeof AdminTaskSchema>;
export type AdminChannel = Static<typeof AdminChannelSchema>;
export type Overview = Static<typeof OverviewSchema>;
export type AdminProduct = Static<typeof AdminProductSchema>;
export type Prices = Static<typeof PricesSchema>;
export type AdminCode = Static<typeof CodeSchema>;
export type EngineStatus = Static<typeof EngineStatusSchema>;
export type AdminCompanyInfo = Static<typeof CompanyInfoSchema>;
export type Announcement = Static<typeof AnnouncementSchema>;
export type SiteSettings = Static<typeof SiteSettingsSchema>;
export type BannedWord = Static<typeof BannedWordSchema>;
export type ModerationHit = Static<typeof ModerationHitSchema>;
export type Report = Static<typeof ReportSchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;
