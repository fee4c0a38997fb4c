import type { Static } from 'typebox';
import type { Language } from './constants';
import type * as S from './routes/schemas';

/**
 * The entities the routes and the live feed carry, by the names both sides use. Each is derived
 * from its schema in `routes/schemas.ts`, where it is declared once (with its fields' comments).
 */

export type UserInfo = Static<typeof S.UserInfoSchema>;

export type SessionInfo = Static<typeof S.SessionInfoSchema>;

/** What GET /api/home/company-info answers: the company's fields and what the drawing engine offers. */
export type CompanyInfoWithEngine = Static<typeof S.CompanyInfoWithEngineSchema>;
export type CompanyInfo = Omit<CompanyInfoWithEngine, 'engineFeatures' | 'translatesPrompts'>;

/** The channel as the current user sees it. */
export type Channel = Static<typeof S.ChannelSchema>;

/** GET /api/draw/engines: an engine the site has enabled. */
export type EngineInfo = Static<typeof S.EngineInfoSchema>;

/** The channel as carried in live events: the same for every member, so no `isCreator`. */
export type ChannelState = Omit<Channel, 'isCreator'>;

export type Member = Static<typeof S.MemberSchema>;

/** A user kept out of a channel by its creator (GET /api/draw/channel/{id}/bans). */
export type ChannelBan = Static<typeof S.ChannelBanSchema>;

export type Author = Static<typeof S.AuthorSchema>;

export type TaskButton = Static<typeof S.TaskButtonSchema>;

export type Task = Static<typeof S.TaskSchema>;

/** What a MODAL task still needs before it can run. */
export const ModalKind = {
  Remix: 'remix',
  Region: 'region',
  CustomZoom: 'customZoom',
  Prompt: 'prompt',
} as const;
export type ModalKind = (typeof ModalKind)[keyof typeof ModalKind];

/** A MODAL task's wait: what for, and the prompt its editor starts from. */
export type TaskModal = Static<typeof S.TaskModalSchema>;

/** A task's facts beyond its columns (the closed list, see `TaskPropertiesSchema`). */
export type TaskProperties = Static<typeof S.TaskPropertiesSchema>;

export const MessageKind = { Text: 'text', Task: 'task' } as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

export type Message = Static<typeof S.MessageSchema>;

export type InviteInfo = Static<typeof S.InviteInfoSchema>;

export type PublicInvite = Static<typeof S.PublicInviteSchema>;

export type Product = Static<typeof S.ProductSchema>;

export type DrawSettings = Static<typeof S.DrawSettingsSchema>;

/** One stored file as answered by POST /api/upload. */
export type UploadedFile = Static<typeof S.UploadedFileSchema>;

export interface UserPreferences {
  language: Language;
}
