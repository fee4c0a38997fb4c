import Type from 'typebox';
import { ArchiveKind, ArchiveRatio, ArchiveScope } from '../archive';
import {
  BlendDimensions,
  BotType,
  EngineFeature,
  IMAGE_MIME_TYPES,
  ImageEngineName,
  Language,
  LoginType,
  Period,
  TaskAction,
  TaskStatus,
  Theme,
  VideoMotion,
} from '../constants';
import { MENTIONS_MAX, NotifyLevel, Reactions } from '../chat';
import { MessageKind, ModalKind } from '../entities';
import { JobSpeed } from '../prompt';
import { ReferenceKind } from '../references';
import { TaskFailureCode } from '../tasks';
import { OrderStatus, PaymentProviderName } from '../api';

/**
 * The schemas of what the routes carry: entities and answer bodies, declared once. The named types
 * of `entities.ts`, `api.ts`, `archive.ts` and `tasks.ts` are derived from them (`Static<typeof …>`)
 * or from the route table (`BodyOf`, `AnswerOf`), so a field exists in one place only. A field's
 * comment here is its documentation on the derived type too.
 */
const values = <T extends Record<string, string>>(set: T) => Type.Enum(Object.values(set) as T[keyof T][]);

export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** Epoch milliseconds. */
export const Time = Type.Number({ description: 'epoch ms' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
export const NullableString = Nullable(Type.String());
export const NullableTime = Nullable(Time);

export const BotTypeSchema = values(BotType);
export const ThemeSchema = values(Theme);
export const LoginTypeSchema = values(LoginType);
export const PeriodSchema = values(Period);
export const TaskActionSchema = values(TaskAction);
export const ImageEngineNameSchema = values(ImageEngineName);
export const NotifyLevelSchema = values(NotifyLevel);

const userInfoFields = {
  id: Type.String(),
  avatar: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  name: Type.String(),
  description: Type.String(),
  nijiRemix: Type.Boolean(),
  mjRemix: Type.Boolean(),
  theme: ThemeSchema,
  isAdmin: Type.Boolean(),
  /** The language the person last chose (absent until they choose one); applied at sign-in. */
  language: Type.Optional(values(Language)),
};
export const UserInfoSchema = Type.Object(userInfoFields);

export const SessionInfoSchema = Type.Union([
  Type.Object({
    ...userInfoFields,
    auth: Type.Literal(true),
    /** While moderation pauses the person's drawing: when it ends (absent when not paused). */
    pausedUntil: Type.Optional(Time),
  }),
  Type.Object({ auth: Type.Literal(false) }),
]);

/** What GET /api/home/company-info answers: the company's fields and what the drawing engine offers. */
export const CompanyInfoWithEngineSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  keywords: Type.String(),
  isShowChatGPT: Type.Boolean(),
  isShowDiscord: Type.Boolean(),
  /** The features the current engine serves (a midjourney-proxy line may lack /shorten or video). */
  engineFeatures: Type.Array(values(EngineFeature)),
  translatesPrompts: Type.Boolean({
    description:
      'Chinese prompts are translated into English before drawing (TRANSLATE_PROVIDER is not none)',
  }),
});

const channelFields = {
  id: Type.String(),
  title: Type.String(),
  isBan: Type.Boolean(),
  isCreator: Type.Boolean(),
  creatorId: Type.String(),
  memberCount: Type.Integer(),
  createdAt: Time,
  /** The channel's default engine, set by its creator; null = the site's default. */
  engine: Type.Union([ImageEngineNameSchema, Type.Null()]),
  /** Whether any member may make a public link to a result (set by the creator); else only its author. */
  membersMayShare: Type.Optional(Type.Boolean()),
};
export const ChannelSchema = Type.Object(channelFields);

/** GET /api/draw/engines: one enabled engine. */
export const EngineInfoSchema = Type.Object({
  id: ImageEngineNameSchema,
  /** Display name ("Built-in sketch engine", "Midjourney", "ComfyUI", "OpenAI Images"). */
  name: Type.String(),
  /** What it offers beyond imagine and the buttons. */
  features: Type.Array(values(EngineFeature)),
  /** The site's default engine. */
  isDefault: Type.Boolean(),
  /** Its last health probe (every 30 s, in the background) found it answering. */
  available: Type.Boolean(),
  /** What each action costs on it, in credits. */
  prices: Type.Object(
    Object.fromEntries(Object.values(TaskAction).map((action) => [action, Type.Number()])) as Record<
      TaskAction,
      ReturnType<typeof Type.Number>
    >,
  ),
});

export const MemberSchema = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  isCreator: Type.Boolean(),
  joinedAt: Time,
});

export const ChannelDetailSchema = Type.Object({
  ...channelFields,
  members: Type.Array(MemberSchema),
  seq: Type.Integer(),
});

/** A user kept out of a channel by its creator (GET /api/draw/channel/{id}/bans). */
export const ChannelBanSchema = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  /** Who banned them (the channel's creator). */
  bannedBy: Type.String(),
  bannedAt: Time,
  reason: NullableString,
});

export const AuthorSchema = Type.Object({ id: Type.String(), name: Type.String(), avatar: Type.String() });

export const TaskButtonSchema = Type.Object({
  customId: Type.String(),
  emoji: Type.String(),
  label: Type.String(),
});

/** What a MODAL task still needs before it can run, and the prompt its editor starts from. */
export const TaskModalSchema = Type.Object({ kind: values(ModalKind), defaultPrompt: Type.String() });

/**
 * Why a task failed (or was cancelled by something other than a person): a closed code with its
 * parameters (tasks.ts `TaskFailureCode`), stored in `Task.properties.failure`.
 */
export const TaskFailureSchema = Type.Object(
  {
    code: values(TaskFailureCode),
    params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  },
  { additionalProperties: false },
);

/**
 * `Task.properties`: a task's facts beyond its columns, each written by the server at one moment
 * of its life (the closed list: nothing else is stored there). All optional: tasks stored before a
 * key existed lack it.
 */
export const TaskPropertiesSchema = Type.Object(
  {
    /** At submit: the job mode the task was sent in (relax, fast, turbo). */
    speed: Type.Optional(values(JobSpeed)),
    /** At submit, while MODAL: what the task waits for. */
    modal: Type.Optional(TaskModalSchema),
    /** At submit: the translator failed and the prompt went to the engine as typed. */
    translationFailed: Type.Optional(Type.Boolean()),
    /** At submit: the images it was given (imagine, describe, blend), as `/files/…` URLs. */
    referenceUrls: Type.Optional(Type.Array(Type.String())),
    /** At submit: what each of `referenceUrls` is for, when the person said (imagine). */
    referenceKinds: Type.Optional(Type.Array(values(ReferenceKind))),
    /** At submit: a blend's shape. */
    dimensions: Type.Optional(values(BlendDimensions)),
    /** At submit: which image of the parent's grid a U or V button took. */
    index: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)])),
    /** At submit: a clip's motion; `extend` when it extends the parent's clip. */
    motion: Type.Optional(values(VideoMotion)),
    extend: Type.Optional(Type.Boolean()),
    /** Anytime: the people who bookmarked it (❤️). */
    bookmarkedBy: Type.Optional(Type.Array(Type.String())),
    /** While it waits at an upstream: its place in the upstream's queue. */
    queuePosition: Type.Optional(Type.Number()),
    /** At the end: a describe's or shorten's suggested prompts. */
    prompts: Type.Optional(Type.Array(Type.String())),
    /** At the end: the image's size and shape bucket (the archive filters on `ratio`). */
    width: Type.Optional(Type.Number()),
    height: Type.Optional(Type.Number()),
    ratio: Type.Optional(values(ArchiveRatio)),
    /** At the end, when it failed or the engine cancelled it: why, as a code the reader's language words. */
    failure: Type.Optional(TaskFailureSchema),
  },
  { additionalProperties: false },
);

export const TaskSchema = Type.Object({
  id: Type.String(),
  channelId: Type.String(),
  userId: Type.String(),
  botType: BotTypeSchema,
  action: TaskActionSchema,
  status: values(TaskStatus),
  prompt: Type.String(),
  promptEn: Type.String(),
  finalPrompt: Type.String(),
  description: Type.String(),
  submitTime: Time,
  startTime: NullableTime,
  finishTime: NullableTime,
  progress: Type.String(),
  previewUrl: NullableString,
  /** A still: the picture, or for a VIDEO task the clip's poster frame. */
  imageUrl: NullableString,
  /** VIDEO tasks: the clip (`.mp4` or an animated `.webp`), copied into our own store. */
  videoUrl: NullableString,
  failReason: NullableString,
  buttons: Type.Array(TaskButtonSchema),
  parentId: NullableString,
  seed: NullableString,
  engine: Type.String(),
  properties: TaskPropertiesSchema,
});

/** Who a message names (`<@id>` tokens of channel members, and the creator's `@everyone`): see chat.ts. */
export const MentionsSchema = Type.Object({
  userIds: Type.Array(Type.String(), { maxItems: MENTIONS_MAX }),
  everyone: Type.Boolean(),
});

/** The message a reply answers, as much as its quote needs and enough to jump to it. */
export const ReplyPreviewSchema = Type.Object({
  id: Type.String(),
  /** Its author now (a task's result: the task's author). */
  author: AuthorSchema,
  kind: values(MessageKind),
  /** The start of its content (`REPLY_EXCERPT_CHARS`), mention tokens kept; '' once it is deleted. */
  excerpt: Type.String(),
  /** A result's task, for its thumbnail. */
  taskId: NullableString,
  /** Deleted since: the web says so instead of quoting, and cannot jump. */
  deleted: Type.Boolean(),
});

/** One emoji on a message: how many reacted, whether the asker did, and the first who did. */
export const ReactionSchema = Type.Object({
  emoji: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  /** The asker reacted with it (events carry `userId` instead: see `ReactionChange`). */
  me: Type.Boolean(),
  /** The first people who reacted, oldest first, at most `Reactions.userIdsShown`. */
  userIds: Type.Array(Type.String(), { maxItems: Reactions.userIdsShown }),
});

export const MessageSchema = Type.Object({
  id: Type.String(),
  channelId: Type.String(),
  author: AuthorSchema,
  kind: values(MessageKind),
  content: Type.String(),
  taskId: NullableString,
  createdAt: Time,
  /** The message this one answers (null: not a reply). */
  replyTo: Nullable(ReplyPreviewSchema),
  /** When its author last edited it (null: never); earlier versions are not kept. */
  editedAt: NullableTime,
  /** In the order each emoji was first used, at most `Reactions.perMessageMax`. */
  reactions: Type.Array(ReactionSchema, { maxItems: Reactions.perMessageMax }),
  /** Whom it pings. A task's message names its author: their result is a mention of them. */
  mentions: MentionsSchema,
});

/** `message.updated`: an edit, as every member's feed applies it. */
export const MessageEditSchema = Type.Object({
  id: Type.String(),
  channelId: Type.String(),
  content: Type.String(),
  editedAt: Time,
  mentions: MentionsSchema,
});

/**
 * `message.reactions`: one person added or took back one emoji. `count` is the emoji's count
 * afterwards (0: it is gone from the message); a client sets its own `me` when `userId` is its user.
 */
export const ReactionChangeSchema = Type.Object({
  /** The message's id. */
  id: Type.String(),
  channelId: Type.String(),
  emoji: Type.String(),
  userId: Type.String(),
  added: Type.Boolean(),
  count: Type.Integer({ minimum: 0 }),
});

export const InviteInfoSchema = Type.Object({
  inviteCode: Type.String(),
  inviteExpireTimeFormat: Type.String(),
  expireAt: NullableTime,
});

export const PublicInviteSchema = Type.Object({
  valid: Type.Boolean(),
  title: Type.String(),
  creatorName: Type.String(),
  memberCount: Type.Integer(),
  channelId: NullableString,
  /** The signed-in asker is banned from the channel: joining will be refused, whatever the code. */
  banned: Type.Boolean(),
});

export const ProductSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Integer({ description: 'cents' }),
  currency: Type.String(),
  period: PeriodSchema,
  credits: Type.Integer(),
});

export const DrawStyleSchema = Type.Enum(['raw', 'standard']);
export const DrawSpeedSchema = Type.Enum(['relax', 'fast', 'turbo']);

export const DrawSettingsSchema = Type.Object({
  botType: BotTypeSchema,
  version: Type.String(),
  stylize: Type.Number(),
  style: DrawStyleSchema,
  speed: DrawSpeedSchema,
  remix: Type.Boolean(),
  suffix: Type.String(),
});

/** The plan a user holds: the product last paid for (or redeemed), until `expiresAt`. */
export const PlanInfoSchema = Type.Object({
  productId: Type.String(),
  name: Type.String(),
  period: PeriodSchema,
  /** Epoch ms at which the plan ends (it does not renew by itself). */
  expiresAt: Time,
});

/** POST /api/home/order → Order; GET /api/home/orders → Order[]; GET /api/home/orders/{id} → Order */
export const OrderSchema = Type.Object({
  id: Type.String(),
  /** Unique, human-readable order number (the merchant order number at the payment provider). */
  orderNo: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  period: PeriodSchema,
  credits: Type.Integer(),
  amount: Type.Integer({ description: 'cents' }),
  currency: Type.String(),
  status: values(OrderStatus),
  provider: Type.Union([values(PaymentProviderName), Type.Null()]),
  createdAt: Time,
  /** An unpaid order expires at this time. */
  expiresAt: Time,
  paidAt: NullableTime,
  cancelledAt: NullableTime,
});

export const ArchiveItemSchema = Type.Object({
  task: TaskSchema,
  author: AuthorSchema,
  channel: Type.Object({
    id: Type.String(),
    title: Type.String(),
    /** The asker is a member now and the channel exists: "open in channel" works. */
    open: Type.Boolean(),
  }),
  favorite: Type.Boolean(),
});

export const ArchiveScopeSchema = values(ArchiveScope);
export const ArchiveKindSchema = values(ArchiveKind);
export const ArchiveRatioSchema = values(ArchiveRatio);

/** Sent to every socket of the person (`archive:favorite`) and answered by the favourite routes. */
export const FavoriteChangeSchema = Type.Object({ taskId: Type.String(), favorite: Type.Boolean() });

/** One stored file as answered by POST /api/upload. */
export const UploadedFileSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  mime: Type.Enum([...IMAGE_MIME_TYPES]),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer({ description: 'bytes' }),
});

/** `data: null`: the call answers nothing but its success. */
export const Nothing = Type.Null();
