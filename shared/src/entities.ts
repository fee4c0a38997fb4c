import type {
  BlendDimensions,
  BotType,
  EngineFeature,
  ImageEngineName,
  ImageMimeType,
  Language,
  Period,
  TaskAction,
  TaskStatus,
  Theme,
  VideoMotion,
} from './constants';
import type { JobSpeed } from './prompt';
import type { ArchiveRatio } from './ratio';
import type { ReferenceKind } from './references';
import type { TaskFailure } from './tasks';

export interface UserInfo {
  id: string;
  avatar: string;
  phone: string;
  email: string;
  name: string;
  description: string;
  nijiRemix: boolean;
  mjRemix: boolean;
  theme: Theme;
  /** The language the person last chose (absent until they choose one); applied at sign-in. */
  language?: Language;
  isAdmin: boolean;
}

export type SessionInfo = (UserInfo & { auth: true }) | { auth: false };

export interface CompanyInfo {
  name: string;
  description: string;
  keywords: string;
  isShowChatGPT: boolean;
  isShowDiscord: boolean;
}

/** What GET /api/home/company-info answers: the company's fields and what the drawing engine offers. */
export interface CompanyInfoWithEngine extends CompanyInfo {
  /** The features the current engine serves (a midjourney-proxy line may lack /shorten or video). */
  engineFeatures: EngineFeature[];
  /** Whether Chinese prompts are translated into English before drawing (a translator is configured). */
  translatesPrompts: boolean;
}

/** The channel as the current user sees it. */
export interface Channel {
  id: string;
  title: string;
  isBan: boolean;
  isCreator: boolean;
  creatorId: string;
  memberCount: number;
  createdAt: number;
  /** The channel's default engine, set by its creator; null = the site's default. */
  engine: ImageEngineName | null;
}

/** GET /api/draw/engines: an engine the site has enabled. */
export interface EngineInfo {
  id: ImageEngineName;
  /** Display name ("Built-in sketch engine", "Midjourney", "ComfyUI", "OpenAI Images"). */
  name: string;
  /** What it offers beyond imagine and the buttons. */
  features: EngineFeature[];
  /** The site's default engine. */
  isDefault: boolean;
  /** Its last health probe (every 30 s, in the background) found it answering. */
  available: boolean;
  /** What each action costs on it, in credits. */
  prices: Record<TaskAction, number>;
}

/** The channel as carried in live events: the same for every member, so no `isCreator`. */
export type ChannelState = Omit<Channel, 'isCreator'>;

export interface Member {
  userId: string;
  name: string;
  avatar: string;
  isCreator: boolean;
  joinedAt: number;
}

/** A user kept out of a channel by its creator (GET /api/draw/channel/{id}/bans). */
export interface ChannelBan {
  userId: string;
  name: string;
  avatar: string;
  /** Who banned them (the channel's creator). */
  bannedBy: string;
  bannedAt: number;
  reason: string | null;
}

export interface Author {
  id: string;
  name: string;
  avatar: string;
}

export interface TaskButton {
  customId: string;
  emoji: string;
  label: string;
}

export interface Task {
  id: string;
  channelId: string;
  userId: string;
  botType: BotType;
  action: TaskAction;
  status: TaskStatus;
  prompt: string;
  promptEn: string;
  finalPrompt: string;
  description: string;
  submitTime: number;
  startTime: number | null;
  finishTime: number | null;
  progress: string;
  previewUrl: string | null;
  /** A still: the picture, or for a VIDEO task the clip's poster frame. */
  imageUrl: string | null;
  /** VIDEO tasks: the clip (`.mp4` or an animated `.webp`), copied into our own store. */
  videoUrl: string | null;
  failReason: string | null;
  buttons: TaskButton[];
  parentId: string | null;
  seed: string | null;
  engine: string;
  properties: TaskProperties;
}

/** What a MODAL task still needs before it can run. */
export const ModalKind = {
  Remix: 'remix',
  Region: 'region',
  CustomZoom: 'customZoom',
  Prompt: 'prompt',
} as const;
export type ModalKind = (typeof ModalKind)[keyof typeof ModalKind];

/** A MODAL task's wait: what for, and the prompt its editor starts from. */
export interface TaskModal {
  kind: ModalKind;
  defaultPrompt: string;
}

/**
 * A task's facts beyond its columns, each written by the server at one moment of its life (the
 * closed list: nothing else is stored there). All optional: tasks stored before a key existed lack it.
 */
export interface TaskProperties {
  /** At submit: the job mode the task was sent in (relax, fast, turbo). */
  speed?: JobSpeed;
  /** At submit, while MODAL: what the task waits for. */
  modal?: TaskModal;
  /** At submit: the translator failed and the prompt went to the engine as typed. */
  translationFailed?: boolean;
  /** At submit: the images it was given (imagine, describe, blend), as `/files/…` URLs. */
  referenceUrls?: string[];
  /** At submit: what each of `referenceUrls` is for, when the person said (imagine). */
  referenceKinds?: ReferenceKind[];
  /** At submit: a blend's shape. */
  dimensions?: BlendDimensions;
  /** At submit: which image of the parent's grid a U or V button took. */
  index?: 1 | 2 | 3 | 4;
  /** At submit: a clip's motion; `extend` when it extends the parent's clip. */
  motion?: VideoMotion;
  extend?: boolean;
  /** Anytime: the people who bookmarked it (❤️). */
  bookmarkedBy?: string[];
  /** While it waits at an upstream: its place in the upstream's queue. */
  queuePosition?: number;
  /** At the end: a describe's or shorten's suggested prompts. */
  prompts?: string[];
  /** At the end: the image's size and shape bucket (the archive filters on `ratio`). */
  width?: number;
  height?: number;
  ratio?: ArchiveRatio;
  /** At the end, when it failed or the engine cancelled it: why, as a code the reader's language words. */
  failure?: TaskFailure;
}

export const MessageKind = { Text: 'text', Task: 'task' } as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

export interface Message {
  id: string;
  channelId: string;
  author: Author;
  kind: MessageKind;
  content: string;
  taskId: string | null;
  createdAt: number;
}

export interface InviteInfo {
  inviteCode: string;
  inviteExpireTimeFormat: string;
  expireAt: number | null;
}

export interface PublicInvite {
  valid: boolean;
  title: string;
  creatorName: string;
  memberCount: number;
  channelId: string | null;
  /** The signed-in asker is banned from the channel: joining will be refused, whatever the code. */
  banned: boolean;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  period: Period;
  credits: number;
}

export interface DrawSettings {
  botType: BotType;
  version: string;
  stylize: number;
  style: 'raw' | 'standard';
  speed: JobSpeed;
  remix: boolean;
  suffix: string;
}

/** One stored file as answered by POST /api/upload. */
export interface UploadedFile {
  id: string;
  url: string;
  mime: ImageMimeType;
  width: number;
  height: number;
  size: number;
}

export interface UserPreferences {
  language: Language;
}
