import Type from 'typebox';
import { ArchiveKind, ArchiveRatio, ArchiveScope } from '../archive';
import {
  BlendDimensions,
  BotType,
  EngineFeature,
  ImageEngineName,
  Language,
  LoginType,
  Period,
  TaskAction,
  TaskStatus,
  Theme,
  VideoMotion,
} from '../constants';
import { MessageKind, ModalKind } from '../entities';
import { JobSpeed } from '../prompt';
import { ReferenceKind } from '../references';
import { TaskFailureCode } from '../tasks';
import { OrderStatus, PaymentProviderName } from '../api';

/**
 * The schemas of what the routes carry: entities and answer bodies. Each mirrors a type of
 * `entities.ts`, `api.ts` or `archive.ts`, and `checks.ts` proves at compile time that they agree,
 * so a field added on one side and not the other fails the typecheck.
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
  language: Type.Optional(values(Language)),
};
export const UserInfoSchema = Type.Object(userInfoFields);

export const SessionInfoSchema = Type.Union([
  Type.Object({ ...userInfoFields, auth: Type.Literal(true) }),
  Type.Object({ auth: Type.Literal(false) }),
]);

export const CompanyInfoWithEngineSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  keywords: Type.String(),
  isShowChatGPT: Type.Boolean(),
  isShowDiscord: Type.Boolean(),
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
};
export const ChannelSchema = Type.Object(channelFields);

/** GET /api/draw/engines: one enabled engine. */
export const EngineInfoSchema = Type.Object({
  id: ImageEngineNameSchema,
  name: Type.String(),
  features: Type.Array(values(EngineFeature)),
  isDefault: Type.Boolean(),
  available: Type.Boolean(),
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

export const ChannelBanSchema = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
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

/** `Task.properties`: the closed list of facts the server writes (entities.ts `TaskProperties`). */
export const TaskPropertiesSchema = Type.Object(
  {
    speed: Type.Optional(values(JobSpeed)),
    modal: Type.Optional(Type.Object({ kind: values(ModalKind), defaultPrompt: Type.String() })),
    translationFailed: Type.Optional(Type.Boolean()),
    referenceUrls: Type.Optional(Type.Array(Type.String())),
    referenceKinds: Type.Optional(Type.Array(values(ReferenceKind))),
    dimensions: Type.Optional(values(BlendDimensions)),
    index: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)])),
    motion: Type.Optional(values(VideoMotion)),
    extend: Type.Optional(Type.Boolean()),
    bookmarkedBy: Type.Optional(Type.Array(Type.String())),
    queuePosition: Type.Optional(Type.Number()),
    prompts: Type.Optional(Type.Array(Type.String())),
    width: Type.Optional(Type.Number()),
    height: Type.Optional(Type.Number()),
    ratio: Type.Optional(values(ArchiveRatio)),
    failure: Type.Optional(
      Type.Object(
        {
          code: values(TaskFailureCode),
          params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
        },
        { additionalProperties: false },
      ),
    ),
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
  imageUrl: NullableString,
  videoUrl: NullableString,
  failReason: NullableString,
  buttons: Type.Array(TaskButtonSchema),
  parentId: NullableString,
  seed: NullableString,
  engine: Type.String(),
  properties: TaskPropertiesSchema,
});

export const MessageSchema = Type.Object({
  id: Type.String(),
  channelId: Type.String(),
  author: AuthorSchema,
  kind: values(MessageKind),
  content: Type.String(),
  taskId: NullableString,
  createdAt: Time,
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

export const PlanInfoSchema = Type.Object({
  productId: Type.String(),
  name: Type.String(),
  period: PeriodSchema,
  expiresAt: Time,
});

export const OrderSchema = Type.Object({
  id: Type.String(),
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
  expiresAt: Time,
  paidAt: NullableTime,
  cancelledAt: NullableTime,
});

export const ArchiveItemSchema = Type.Object({
  task: TaskSchema,
  author: AuthorSchema,
  channel: Type.Object({ id: Type.String(), title: Type.String(), open: Type.Boolean() }),
  favorite: Type.Boolean(),
});

export const ArchiveScopeSchema = values(ArchiveScope);
export const ArchiveKindSchema = values(ArchiveKind);
export const ArchiveRatioSchema = values(ArchiveRatio);

export const FavoriteChangeSchema = Type.Object({ taskId: Type.String(), favorite: Type.Boolean() });

/** `data: null`: the call answers nothing but its success. */
export const Nothing = Type.Null();
