import type { BotType, EngineFeature, Language, Period, TaskAction, TaskStatus, Theme } from './constants';

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
  properties: Record<string, unknown>;
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
  speed: 'relax' | 'fast' | 'turbo';
  remix: boolean;
  suffix: string;
}

export interface UserPreferences {
  language: Language;
}
