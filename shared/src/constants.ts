/** Closed sets used by both sides. `as const` objects with derived union types, never TS enums. */
type ValueOf<T> = T[keyof T];

export const TaskStatus = {
  NotStart: 'NOT_START',
  Submitted: 'SUBMITTED',
  InProgress: 'IN_PROGRESS',
  Failure: 'FAILURE',
  Success: 'SUCCESS',
  Modal: 'MODAL',
  Cancel: 'CANCEL',
} as const;
export type TaskStatus = ValueOf<typeof TaskStatus>;
export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = [
  TaskStatus.Success,
  TaskStatus.Failure,
  TaskStatus.Cancel,
];

// Declared with every action in one table (`actions/registry.ts`).
export { TaskAction, EngineFeature, ENGINE_FEATURES } from './actions/registry';

/** Animate's and Extend's motion: Midjourney's `--motion low|high`. */
export const VideoMotion = { Low: 'low', High: 'high' } as const;
export type VideoMotion = ValueOf<typeof VideoMotion>;

export const BotType = { MidJourney: 'MID_JOURNEY', NijiJourney: 'NIJI_JOURNEY' } as const;
export type BotType = ValueOf<typeof BotType>;

export const LoginType = { Password: 'Password', Captcha: 'Captcha' } as const;
export type LoginType = ValueOf<typeof LoginType>;

export const Period = { Day: 'Day', Month: 'Month', Year: 'Year' } as const;
export type Period = ValueOf<typeof Period>;

export const Theme = { Auto: 'auto', Light: 'light', Dark: 'dark' } as const;
export type Theme = ValueOf<typeof Theme>;

export const Language = { EnUS: 'en-US', ZhCN: 'zh-CN', ZhTW: 'zh-TW' } as const;
export type Language = ValueOf<typeof Language>;
export const LANGUAGES: readonly Language[] = [Language.ZhCN, Language.EnUS, Language.ZhTW];
export const DEFAULT_LANGUAGE: Language = Language.ZhCN;
export const FALLBACK_LANGUAGE: Language = Language.EnUS;

export const ImageEngineName = {
  Builtin: 'builtin',
  MidjourneyProxy: 'midjourney-proxy',
  OpenaiImages: 'openai-images',
  ComfyUI: 'comfyui',
} as const;
export type ImageEngineName = ValueOf<typeof ImageEngineName>;

/**
 * Whether an engine reads Midjourney's own parameters (`--v`, `--niji`, `--stylize`, `--style`,
 * `--relax/--fast/--turbo`), which the person's settings add to every prompt: the midjourney-proxy,
 * and the built-in engine that stands in for it. ComfyUI and the OpenAI Images API do not (their
 * prompts get no such parameters, and none is shown on their cards).
 */
export function takesMidjourneyParameters(engine: string | null | undefined): boolean {
  return !engine || engine === ImageEngineName.MidjourneyProxy || engine === ImageEngineName.Builtin;
}

export const BlendDimensions = { Portrait: 'PORTRAIT', Square: 'SQUARE', Landscape: 'LANDSCAPE' } as const;
export type BlendDimensions = ValueOf<typeof BlendDimensions>;

/** Invite expiry choices in hours; -1 means the link never expires. */
export const INVITE_EXPIRE_HOURS = [1, 6, 12, 24, 168, -1] as const;
export type InviteExpireHours = (typeof INVITE_EXPIRE_HOURS)[number];

/** A clip as stored: an MP4 from an upstream, or an animated WebP the built-in engine makes. */
export const CLIP_MIME_TYPES = ['video/mp4', 'image/webp'] as const;
export type ClipMimeType = (typeof CLIP_MIME_TYPES)[number];

/** Images an upload may be: what phones and browsers make (WebP included); HEIC is converted in the browser first. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export const Limits = {
  promptMaxChars: 4000,
  imageMaxBytes: 1024 * 1024,
  imagineMaxImages: 5,
  blendMinImages: 2,
  blendMaxImages: 6,
  upstreamBlendMaxImages: 5,
  uploadMaxFiles: 5,
  /** Bytes one person may upload in any 24 hours (what is stored, summed over their uploads). */
  uploadBytesPerDay: 200 * 1024 * 1024,
  /** Channels one person may have created and not deleted (Discord's cap on servers). */
  channelsOwnedMax: 100,
  /** Channels one person may be a member of, their own included. */
  channelMembershipsMax: 200,
  zoomMin: 1,
  zoomMax: 2,
  channelTitleMaxChars: 32,
  banReasonMaxChars: 200,
  userNameMaxChars: 32,
  userDescriptionMaxChars: 190,
  messageMaxChars: 2000,
  smsCodeLength: 6,
  smsCodeTtlSeconds: 300,
  smsCodeResendSeconds: 60,
} as const;

/** Client-side constants the spec fixes. */
export const Ui = {
  sidebarWidth: 240,
  sidebarCollapsedWidth: 0,
  mobileBreakpoint: 640,
  channelDeleteDebounceMs: 600,
  transientResetMs: 2000,
  createDialogWidth: 460,
  inviteDialogWidth: 520,
  subscribeDialogWidth: 1100,
  storageDefaultExpirySeconds: 604800,
} as const;

export const StorageKeys = {
  auth: 'SECRET_TOKEN',
  appSetting: 'appSetting',
  userInfo: 'userInfo',
} as const;
