import Type, { type Static } from 'typebox';
import { BotType } from '../constants';
import { routePaths } from './paths';
import { Access, route } from './route';
import { BotTypeSchema, DrawSettingsSchema, DrawSpeedSchema, DrawStyleSchema, Id } from './schemas';

const tag = 'settings';
const IdParams = Type.Object({ id: Id });
/** Checked by the service (not the schema) so a wrong value gets a message naming the choices. */
const BotQuery = Type.Object({
  botType: Type.Optional(
    Type.String({
      maxLength: 32,
      description: `One of ${Object.values(BotType).join(', ')}; default ${BotType.MidJourney}`,
    }),
  ),
});
/** Four times the server's suffix limit (500 characters): the body is bounded here, the suffix's own rule is the service's. */
const SUFFIX_MAX_LENGTH = 2000;

/** PUT /api/draw/settings/option: one option of the settings panel and its value. */
export const DrawOptionRequestSchema = Type.Union([
  Type.Object({ name: Type.Literal('stylize'), value: Type.Integer({ minimum: 0, maximum: 1000 }) }),
  Type.Object({ name: Type.Literal('style'), value: DrawStyleSchema }),
  Type.Object({ name: Type.Literal('speed'), value: DrawSpeedSchema }),
  Type.Object({ name: Type.Literal('remix'), value: Type.Boolean() }),
]);
export type DrawOptionRequest = Static<typeof DrawOptionRequestSchema>;
const OptionNames: readonly DrawOptionRequest['name'][] = ['stylize', 'style', 'speed', 'remix'];
/**
 * The option body as the route validates it: typed as `DrawOptionRequestSchema` (what a caller may
 * send), checked here for its outline only. The service checks the value against the option named
 * and words each refusal ("Stylize must be a whole number from 0 to 1000", "There is no setting
 * called chaos…"); validating the union here would answer in the validator's words instead, and its
 * type coercion would accept `'250'` or `true` as a stylize.
 */
const OptionBody = Type.Unsafe<DrawOptionRequest>(
  Type.Object(
    {
      name: Type.String({ maxLength: 32, description: `One of ${OptionNames.join(', ')}` }),
      value: Type.Unknown({
        description:
          'stylize: integer 0–1000; style: standard | raw; speed: relax | fast | turbo; remix: boolean',
      }),
    },
    { additionalProperties: false },
  ),
);

const DrawVersionOptionSchema = Type.Object({
  value: Type.String(),
  label: Type.String(),
  styles: Type.Array(DrawStyleSchema),
});
const StylizePresetSchema = Type.Object({
  name: Type.Enum(['low', 'med', 'high', 'veryHigh']),
  value: Type.Number(),
});

export const settingsRoutes = {
  // A static path: find-my-way prefers it to `/api/draw/settings/:id`, so `options` is never a channel id.
  options: route({
    ...routePaths.settings.options,
    access: Access.SignedIn,
    tag,
    summary: 'The choices of the settings panel',
    query: BotQuery,
    answer: Type.Object({
      botType: BotTypeSchema,
      versions: Type.Array(DrawVersionOptionSchema, { description: 'newest first' }),
      stylize: Type.Object({
        min: Type.Number(),
        max: Type.Number(),
        presets: Type.Array(StylizePresetSchema),
      }),
      styles: Type.Array(DrawStyleSchema),
      speeds: Type.Array(DrawSpeedSchema),
      options: Type.Array(Type.Enum([...OptionNames])),
      suffixMaxChars: Type.Integer(),
      defaults: Type.Object({
        version: Type.String(),
        stylize: Type.Number(),
        style: DrawStyleSchema,
        speed: DrawSpeedSchema,
        suffix: Type.String(),
      }),
    }),
  }),
  get: route({
    ...routePaths.settings.get,
    access: Access.Member,
    tag,
    params: IdParams,
    query: BotQuery,
    answer: DrawSettingsSchema,
  }),
  // Field types are checked here; ranges, versions and lengths by the service, with clear messages.
  update: route({
    ...routePaths.settings.update,
    access: Access.SignedIn,
    tag,
    summary:
      'Only the fields given change; `botType` may be sent back as read (without a query it picks the bot)',
    query: BotQuery,
    body: Type.Object(
      {
        botType: Type.Optional(BotTypeSchema),
        version: Type.Optional(Type.String({ maxLength: 32 })),
        stylize: Type.Optional(Type.Number()),
        style: Type.Optional(DrawStyleSchema),
        speed: Type.Optional(DrawSpeedSchema),
        remix: Type.Optional(Type.Boolean()),
        suffix: Type.Optional(Type.String({ maxLength: SUFFIX_MAX_LENGTH })),
      },
      { additionalProperties: false },
    ),
    answer: DrawSettingsSchema,
  }),
  version: route({
    ...routePaths.settings.version,
    access: Access.SignedIn,
    tag,
    params: Type.Object({ version: Type.String({ minLength: 1, maxLength: 32 }) }),
    query: BotQuery,
    answer: DrawSettingsSchema,
  }),
  suffix: route({
    ...routePaths.settings.suffix,
    access: Access.SignedIn,
    tag,
    query: BotQuery,
    body: Type.Object(
      { suffix: Type.String({ maxLength: SUFFIX_MAX_LENGTH }) },
      { additionalProperties: false },
    ),
    answer: DrawSettingsSchema,
  }),
  option: route({
    ...routePaths.settings.option,
    access: Access.SignedIn,
    tag,
    query: BotQuery,
    body: OptionBody,
    answer: DrawSettingsSchema,
  }),
  info: route({
    ...routePaths.settings.info,
    access: Access.Member,
    tag,
    summary: 'Midjourney’s /info',
    params: IdParams,
    query: BotQuery,
    answer: Type.Object({
      engine: Type.String(),
      plan: Type.Union([Type.String(), Type.Null()]),
      credits: Type.Union([Type.Number(), Type.Null()]),
      renewsAt: Type.Union([Type.Number(), Type.Null()]),
      jobMode: DrawSpeedSchema,
      remix: Type.Boolean(),
      version: Type.String(),
      runningTasks: Type.Integer(),
      queuedTasks: Type.Integer(),
      channelId: Type.String(),
    }),
  }),
} as const;
