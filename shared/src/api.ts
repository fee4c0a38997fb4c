import type { Static } from 'typebox';
import type { CompanyInfoWithEngine, SessionInfo } from './entities';
import type { api } from './routes/index';
import type { AnswerOf, BodyOf } from './routes/route';
import type { OrderSchema, PlanInfoSchema } from './routes/schemas';

/**
 * REST request and answer bodies, by the names both sides use. Every one is derived from the
 * route table (`shared/src/routes`), where each shape is declared once as a TypeBox schema; every
 * answer is wrapped in the envelope (envelope.ts), these are the `data` parts. Route → types:
 */

// ---- Login -------------------------------------------------------------------------------
/** POST /api/login/login. `account`: a phone (11-digit mainland number, or +country) or an email for Password; a phone for Captcha. */
export type LoginRequest = BodyOf<typeof api.login.login>;
/** `expiresAt`: epoch ms at which the token stops working. */
export type LoginAnswer = AnswerOf<typeof api.login.login>;
/**
 * GET /api/login/send-login-code?phone=. `resendAfter`: seconds before another code may be asked
 * for this phone; `devCode` only outside production with the console SMS sender (the dev banner).
 */
export type SendCodeAnswer = AnswerOf<typeof api.login.sendLoginCode>;
/** POST /api/login/forget-reset-pwd */
export type ResetPasswordRequest = BodyOf<typeof api.login.resetPassword>;
/** POST /api/login/logout → null */

/** GET /api/login/channel/{code} → PublicInvite */

// ---- Home --------------------------------------------------------------------------------
/** GET /api/home/index → SessionInfo (never a 401: auth false instead) */
export type HomeIndexAnswer = SessionInfo;
/** GET /api/home/company-info → CompanyInfoWithEngine */
export type CompanyInfoAnswer = CompanyInfoWithEngine;
/** PUT /api/home/info → UserInfo. `avatar`: a URL returned by POST /api/upload. */
export type UpdateUserInfoRequest = BodyOf<typeof api.home.updateInfo>;
/** GET /api/home/products → Product[] */
/** POST /api/home/order */
export type CreateOrderRequest = BodyOf<typeof api.billing.order>;

// ---- Channels ----------------------------------------------------------------------------
/** GET /api/draw/channels → Channel[] */
/**
 * POST /api/draw/channel, PUT /api/draw/channel/{id} → Channel. `engine`: the channel's default
 * engine (creator only; an engine the site has not enabled is refused); null = the site's default;
 * absent = unchanged.
 */
export type ChannelRequest = BodyOf<typeof api.channels.create>;

/** GET /api/draw/engines */
export type EnginesAnswer = AnswerOf<typeof api.engines.list>;
/** GET /api/draw/channel/{id} → ChannelDetail */
export type ChannelDetail = AnswerOf<typeof api.channels.detail>;
/** POST /api/draw/invite-code/{channelId} → InviteInfo */
export type InviteCodeRequest = NonNullable<BodyOf<typeof api.channels.invite>>;
/** POST /api/draw/join-channel/{code} → Channel */
/**
 * POST /api/draw/quit-channel/{id}, POST /api/draw/remove-user/{channelId}/{userId} → null.
 * Removal is a kick: the removed member may rejoin with a usable invite.
 */
/**
 * POST /api/draw/channel/{id}/ban → null (creator only). A ban removes the user if they are a
 * member and keeps them out, whatever invite code they use, until it is lifted. `reason` is shown
 * to the creator in the banned list; at most `Limits.banReasonMaxChars`.
 */
export type BanRequest = BodyOf<typeof api.channels.ban>;
/** DELETE /api/draw/channel/{id}/ban/{userId} → null (creator only): they may join again with a usable invite. */
/** GET /api/draw/channel/{id}/bans → ChannelBan[] (creator only), newest first */

// ---- Messages and tasks --------------------------------------------------------------------
/**
 * GET /api/draw/chat/{channelId}?before=&limit= → MessagePage. `tasks`: those referenced by the
 * task messages of this page; `seq`: the channel's sequence number when the page was read
 * (subscribe with afterSeq = seq).
 */
export type MessagePage = AnswerOf<typeof api.messages.page>;
/** POST /api/draw/chat/{channelId} → Message */
export type PostMessageRequest = BodyOf<typeof api.messages.post>;
/** POST /api/draw/tasks/{channelId} → Task[] */
export type TasksRequest = BodyOf<typeof api.tasks.byIds>;

// ---- Draw settings and /info ---------------------------------------------------------------

/** GET /api/draw/settings/{channelId}?botType= → DrawSettings (botType defaults to MID_JOURNEY) */
/**
 * PUT /api/draw/settings?botType= → DrawSettings. Only the fields given change. `botType` may be
 * sent back as it was read; it must then agree with the query (without a query it picks the bot).
 */
export type DrawSettingsUpdate = BodyOf<typeof api.settings.update>;
/** PUT /api/draw/settings/version/{version}?botType= → DrawSettings */
/** PUT /api/draw/settings/suffix?botType= → DrawSettings */
export type DrawSuffixRequest = BodyOf<typeof api.settings.suffix>;
/** PUT /api/draw/settings/option?botType= → DrawSettings (`DrawOptionRequestSchema`) */
export type DrawOptionRequest = BodyOf<typeof api.settings.option>;
export type DrawOptionName = DrawOptionRequest['name'];

/** GET /api/draw/settings/options?botType= → DrawSettingsOptions: the choices of the settings panel. */
export type DrawSettingsOptions = AnswerOf<typeof api.settings.options>;
/**
 * `value` goes after `--v` (Midjourney) or `--niji` (Niji); `label` e.g. 'Midjourney V6.1';
 * `styles`: those this version understands (Niji V5 has no raw style: `--style raw` is then not sent).
 */
export type DrawVersionOption = DrawSettingsOptions['versions'][number];
export type DrawStylizePreset = DrawSettingsOptions['stylize']['presets'][number];

/**
 * GET /api/draw/info/{channelId}?botType= → DrawInfo: Midjourney's /info. `engine`: the display
 * name of the engine that draws; `plan` and `credits` are null while plans and credits do not
 * exist for this user / this installation; `renewsAt`: epoch ms at which the plan renews, or null.
 */
export type DrawInfo = AnswerOf<typeof api.settings.info>;

// ---- Plans, payments, credits and redeem codes ----------------------------------------------

/** An order's life: unpaid → paid | cancelled (by its owner) | expired (30 min unpaid). */
export const OrderStatus = {
  Unpaid: 'unpaid',
  Paid: 'paid',
  Cancelled: 'cancelled',
  Expired: 'expired',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const PaymentProviderName = { Sandbox: 'sandbox', Wechat: 'wechat' } as const;
export type PaymentProviderName = (typeof PaymentProviderName)[keyof typeof PaymentProviderName];

/** The plan a user holds: the product last paid for (or redeemed), until `expiresAt`. */
export type PlanInfo = Static<typeof PlanInfoSchema>;

/**
 * GET /api/home/credits → CreditAccount: the balance (derived from the ledger) and the plan.
 * `balance`: every credit the user can spend now, today's free allowance (`free`, spent first,
 * does not roll over) included; `dailyAllowance`: free credits given each day; `prices`: what each
 * task action costs, in credits.
 */
export type CreditAccount = AnswerOf<typeof api.billing.credits>;

/** POST /api/home/order → Order; GET /api/home/orders → Order[]; GET /api/home/orders/{id} → Order. `amount` in integer cents. */
export type Order = Static<typeof OrderSchema>;

/**
 * POST /api/home/pay/{orderId} → PaymentStart: what the subscribe dialog shows. `codeUrl`: what
 * the QR code encodes (a `weixin://wxpay/…` code URL, or the sandbox payment page); `qrcodeUrl`:
 * `/api/home/qrcode?url=<codeUrl>`, a PNG of the QR code.
 */
export type PaymentStart = AnswerOf<typeof api.billing.pay>;

/** POST /api/home/redeem/{code} → RedeemAnswer: the credits granted, the plan now held (when the code granted one). */
export type RedeemAnswer = AnswerOf<typeof api.billing.redeem>;
