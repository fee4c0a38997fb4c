import type { ImageEngineName, InviteExpireHours, Language, LoginType, Theme } from './constants';
import type {
  Channel,
  CompanyInfoWithEngine,
  EngineInfo,
  Member,
  Message,
  SessionInfo,
  Task,
  UserInfo,
} from './entities';

/**
 * REST request and answer bodies, declared once for both sides. Every answer is wrapped in the
 * envelope (envelope.ts); these are the `data` parts. Route → types:
 */

// ---- Login -------------------------------------------------------------------------------
/** POST /api/login/login */
export interface LoginRequest {
  loginType: LoginType;
  /** Phone (11-digit mainland number, or +country) or email for Password; phone for Captcha. */
  account: string;
  password?: string;
  code?: string;
}
export interface LoginAnswer {
  token: string;
  /** Epoch ms at which the token stops working. */
  expiresAt: number;
  user: UserInfo;
}
/** GET /api/login/send-login-code?phone= */
export interface SendCodeAnswer {
  /** Seconds before another code may be asked for this phone. */
  resendAfter: number;
  /** Only outside production with the console SMS sender: the code itself, for the dev banner. */
  devCode?: string;
}
/** POST /api/login/forget-reset-pwd */
export interface ResetPasswordRequest {
  phone: string;
  code: string;
  password: string;
}
/** POST /api/login/logout → null */

/** GET /api/login/channel/{code} → PublicInvite */

// ---- Home --------------------------------------------------------------------------------
/** GET /api/home/index → SessionInfo (never a 401: auth false instead) */
export type HomeIndexAnswer = SessionInfo;
/** GET /api/home/company-info → CompanyInfoWithEngine */
export type CompanyInfoAnswer = CompanyInfoWithEngine;
/** PUT /api/home/info → UserInfo */
export interface UpdateUserInfoRequest {
  name?: string;
  description?: string;
  /** A URL returned by POST /api/upload. */
  avatar?: string;
  theme?: Theme;
  nijiRemix?: boolean;
  mjRemix?: boolean;
  language?: Language;
}
/** GET /api/home/products → Product[] */
/** POST /api/home/order */
export interface CreateOrderRequest {
  productId: string;
}

// ---- Channels ----------------------------------------------------------------------------
/** GET /api/draw/channels → Channel[] */
/** POST /api/draw/channel, PUT /api/draw/channel/{id} → Channel */
export interface ChannelRequest {
  title: string;
  isBan: boolean;
  /** The channel's default engine (creator only; an engine the site has not enabled is refused); null = the site's default; absent = unchanged. */
  engine?: ImageEngineName | null;
}

/** GET /api/draw/engines */
export interface EnginesAnswer {
  engines: EngineInfo[];
}
/** GET /api/draw/channel/{id} → ChannelDetail */
export interface ChannelDetail extends Channel {
  members: Member[];
  seq: number;
}
/** POST /api/draw/invite-code/{channelId} → InviteInfo */
export type InviteCodeRequest =
  | Record<string, never>
  | { isNew: true; expireHours: InviteExpireHours }
  | { expireHours: InviteExpireHours };
/** POST /api/draw/join-channel/{code} → Channel */
/**
 * POST /api/draw/quit-channel/{id}, POST /api/draw/remove-user/{channelId}/{userId} → null.
 * Removal is a kick: the removed member may rejoin with a usable invite.
 */
/**
 * POST /api/draw/channel/{id}/ban → null (creator only). A ban removes the user if they are a
 * member and keeps them out, whatever invite code they use, until it is lifted.
 */
export interface BanRequest {
  userId: string;
  /** Shown to the creator in the banned list; at most `Limits.banReasonMaxChars`. */
  reason?: string;
}
/** DELETE /api/draw/channel/{id}/ban/{userId} → null (creator only): they may join again with a usable invite. */
/** GET /api/draw/channel/{id}/bans → ChannelBan[] (creator only), newest first */

// ---- Messages and tasks --------------------------------------------------------------------
/** GET /api/draw/chat/{channelId}?before=&limit= → MessagePage */
export interface MessagePage {
  messages: Message[];
  /** Tasks referenced by the task messages of this page. */
  tasks: Task[];
  hasMore: boolean;
  /** The channel's sequence number when the page was read: subscribe with afterSeq = seq. */
  seq: number;
}
/** POST /api/draw/chat/{channelId} → Message */
export interface PostMessageRequest {
  content: string;
}
/** POST /api/draw/tasks/{channelId} → Task[] */
export interface TasksRequest {
  ids: string[];
}

// ---- Draw settings and /info ---------------------------------------------------------------
// (Imports for this section sit here so the section can be appended without touching the top.)
import type { BotType } from './constants';
import type { DrawSettings } from './entities';

/** GET /api/draw/settings/{channelId}?botType= → DrawSettings (botType defaults to MID_JOURNEY) */
/**
 * PUT /api/draw/settings?botType= → DrawSettings. Only the fields given change. `botType` may be
 * sent back as it was read; it must then agree with the query (without a query it picks the bot).
 */
export type DrawSettingsUpdate = Partial<DrawSettings>;
/** PUT /api/draw/settings/version/{version}?botType= → DrawSettings */
/** PUT /api/draw/settings/suffix?botType= → DrawSettings */
export interface DrawSuffixRequest {
  suffix: string;
}
/** PUT /api/draw/settings/option?botType= → DrawSettings */
export type DrawOptionName = 'stylize' | 'style' | 'speed' | 'remix';
export type DrawOptionRequest =
  | { name: 'stylize'; value: number }
  | { name: 'style'; value: DrawSettings['style'] }
  | { name: 'speed'; value: DrawSettings['speed'] }
  | { name: 'remix'; value: boolean };

export interface DrawVersionOption {
  /** What goes after `--v` (Midjourney) or `--niji` (Niji): '6.1', '6'… */
  value: string;
  /** e.g. 'Midjourney V6.1', 'Niji V6'. */
  label: string;
  /** The styles this version understands (Niji V5 has no raw style: `--style raw` is then not sent). */
  styles: DrawSettings['style'][];
}
export interface DrawStylizePreset {
  name: 'low' | 'med' | 'high' | 'veryHigh';
  value: number;
}
/** GET /api/draw/settings/options?botType= → DrawSettingsOptions: the choices of the settings panel. */
export interface DrawSettingsOptions {
  botType: BotType;
  /** Newest first. */
  versions: DrawVersionOption[];
  stylize: { min: number; max: number; presets: DrawStylizePreset[] };
  styles: DrawSettings['style'][];
  speeds: DrawSettings['speed'][];
  options: DrawOptionName[];
  suffixMaxChars: number;
  /** What a user who never changed anything has. */
  defaults: Omit<DrawSettings, 'botType' | 'remix'>;
}

/** GET /api/draw/info/{channelId}?botType= → DrawInfo: Midjourney's /info. */
export interface DrawInfo {
  /** Display name of the engine that draws (e.g. "Built-in sketch engine"). */
  engine: string;
  /** null while plans and credits do not exist for this user / this installation. */
  plan: string | null;
  credits: number | null;
  /** Epoch ms at which the plan renews, or null. */
  renewsAt: number | null;
  jobMode: DrawSettings['speed'];
  remix: boolean;
  version: string;
  runningTasks: number;
  queuedTasks: number;
  channelId: string;
}

// ---- Plans, payments, credits and redeem codes ----------------------------------------------
// (Imports for this section sit here so the section can be appended without touching the top.)
import type { Period, TaskAction } from './constants';

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
export interface PlanInfo {
  productId: string;
  name: string;
  period: Period;
  /** Epoch ms at which the plan ends (it does not renew by itself). */
  expiresAt: number;
}

/** GET /api/home/credits → CreditAccount: the balance (derived from the ledger) and the plan. */
export interface CreditAccount {
  /** Every credit the user can spend now, today's free allowance included. */
  balance: number;
  /** The part of `balance` that is today's free allowance (spent first, does not roll over). */
  free: number;
  /** Free credits given each day (the allowance is topped up to this). */
  dailyAllowance: number;
  plan: PlanInfo | null;
  /** What each task action costs, in credits. */
  prices: Record<TaskAction, number>;
}

/** POST /api/home/order → Order; GET /api/home/orders → Order[]; GET /api/home/orders/{id} → Order */
export interface Order {
  id: string;
  /** Unique, human-readable order number (the merchant order number at the payment provider). */
  orderNo: string;
  productId: string;
  productName: string;
  period: Period;
  credits: number;
  /** Integer cents. */
  amount: number;
  currency: string;
  status: OrderStatus;
  provider: PaymentProviderName | null;
  createdAt: number;
  /** An unpaid order expires at this time. */
  expiresAt: number;
  paidAt: number | null;
  cancelledAt: number | null;
}

/** POST /api/home/pay/{orderId} → PaymentStart: what the subscribe dialog shows. */
export interface PaymentStart {
  orderId: string;
  provider: PaymentProviderName;
  /** What the QR code encodes: a `weixin://wxpay/…` code URL, or the sandbox payment page. */
  codeUrl: string;
  /** `/api/home/qrcode?url=<codeUrl>`: a PNG of the QR code. */
  qrcodeUrl: string;
  expiresAt: number;
}

/** POST /api/home/redeem/{code} → RedeemAnswer */
export interface RedeemAnswer {
  kind: 'credits' | 'plan';
  /** Credits granted by this code. */
  credits: number;
  /** The plan now held, when the code granted one. */
  plan: PlanInfo | null;
  balance: number;
}
