import { AdminAudit, DisabledAccounts, SiteSettings } from './features/admin/repository';
import { Favorites } from './features/archive/repository';
import { Counters, LoginCodes, Sessions, Slowdowns, Users } from './features/auth/repository';
import { Ledger, Orders, Products, RedeemCodes, Redemptions } from './features/billing/repository';
import { Bans, Channels, Departures, Invites, Members } from './features/channels/repository';
import { CompanyCollection } from './features/company/repository';
import { MessageReactions, Messages } from './features/messages/repository';
import {
  BannedWords,
  HiddenImages,
  ModerationHits,
  Reports,
  Standings,
} from './features/moderation/repository';
import { NotifyLevels, ReadMarks } from './features/reads/repository';
import { Shares } from './features/share/repository';
import { DrawSettingsCollection } from './features/settings/repository';
import { Tasks } from './features/tasks/repository';
import { Uploads } from './features/uploads/repository';
import { Events, Seqs, Tickets } from './realtime/repository';
import type { BaseDoc, CollectionDef } from './storage/port';

/**
 * Every stored collection, for work on the store as a whole: a moved NeDB folder gets each one's
 * declared indexes before it is put in place, so tools reading it before any server start
 * (replay after `ops migrate`) read it on its indexes too. A test keeps the list complete.
 */
export const ALL_COLLECTIONS: readonly CollectionDef<BaseDoc>[] = [
  Users,
  Sessions,
  LoginCodes,
  Counters,
  Slowdowns,
  Tasks,
  Channels,
  Members,
  Invites,
  Bans,
  Departures,
  DrawSettingsCollection,
  Products,
  Orders,
  Ledger,
  RedeemCodes,
  Redemptions,
  Uploads,
  CompanyCollection,
  Messages,
  Events,
  Seqs,
  Tickets,
  Favorites,
  ReadMarks,
  AdminAudit,
  DisabledAccounts,
  SiteSettings,
  BannedWords,
  ModerationHits,
  Standings,
  Reports,
  HiddenImages,
  MessageReactions,
  NotifyLevels,
  Shares,
] as unknown as CollectionDef<BaseDoc>[];
