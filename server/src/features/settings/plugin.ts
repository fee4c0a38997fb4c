import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { BotType, type DrawSettingsUpdate, type DrawSuffixRequest } from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schemaOf } from '../../http/schema';
import type { ChannelsService } from '../channels/service';
import { BOT_TYPES, DRAW_OPTION_NAMES, DRAW_SPEEDS, DRAW_STYLES, SettingsLimits } from './options';
import { checkBotType, type DrawInfoSources, type SettingsService } from './service';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const IdParams = Type.Object({ id: Id });
/** Checked by the route (not the schema) so a wrong value gets a message naming the choices. */
const BotQuery = Type.Object({
  botType: Type.Optional(Type.String({ maxLength: 32, description: `One of ${BOT_TYPES.join(', ')}; default ${BotType.MidJourney}` })),
});

// Field types are checked here; ranges, versions and lengths by the service, with clear messages.
const SettingsBody = schemaOf<DrawSettingsUpdate>()(
  Type.Object(
    {
      botType: Type.Optional(Type.Enum([...BOT_TYPES])),
      version: Type.Optional(Type.String({ maxLength: 32 })),
      stylize: Type.Optional(Type.Number()),
      style: Type.Optional(Type.Enum([...DRAW_STYLES])),
      speed: Type.Optional(Type.Enum([...DRAW_SPEEDS])),
      remix: Type.Optional(Type.Boolean()),
      suffix: Type.Optional(Type.String({ maxLength: SettingsLimits.suffixMaxChars * 4 })),
    },
    { additionalProperties: false },
  ),
);
const SuffixBody = schemaOf<DrawSuffixRequest>()(
  Type.Object({ suffix: Type.String({ maxLength: SettingsLimits.suffixMaxChars * 4 }) }, { additionalProperties: false }),
);
// `value` is left untyped on purpose: the validator's type coercion would turn `true` into 1 for a
// number; the service checks the value against the option named.
const OptionBody = Type.Object(
  {
    name: Type.String({ maxLength: 32, description: `One of ${DRAW_OPTION_NAMES.join(', ')}` }),
    value: Type.Unknown({ description: 'stylize: integer 0–1000; style: standard | raw; speed: relax | fast | turbo; remix: boolean' }),
  },
  { additionalProperties: false },
);
const VersionParams = Type.Object({ version: Type.String({ minLength: 1, maxLength: 32 }) });

const botTypeOf = (request: FastifyRequest) => checkBotType((request.query as { botType?: string }).botType ?? BotType.MidJourney);

export interface SettingsPluginOptions {
  settings: SettingsService;
  channels: Pick<ChannelsService, 'asMember'>;
  infoSources: DrawInfoSources;
}

export const settingsPlugin: FastifyPluginAsync<SettingsPluginOptions> = async (app, { settings, channels, infoSources }) => {
  const guarded = { preHandler: requireUser };
  const tags = ['settings'];

  // Static paths: find-my-way prefers them to `/api/draw/settings/:id`, so `options` is never a channel id.
  app.get('/api/draw/settings/options', { ...guarded, schema: { tags, querystring: BotQuery } }, async (request) =>
    ok(settings.options(botTypeOf(request))),
  );

  app.get('/api/draw/settings/:id', { ...guarded, schema: { tags, params: IdParams, querystring: BotQuery } }, async (request) => {
    const { id } = request.params as { id: string };
    const userId = currentUser(request)._id;
    const botType = botTypeOf(request);
    await channels.asMember(id, userId);
    return ok(await settings.get(userId, botType));
  });

  app.put('/api/draw/settings', { ...guarded, schema: { tags, querystring: BotQuery, body: SettingsBody } }, async (request) => {
    const body = (request.body ?? {}) as DrawSettingsUpdate;
    // The body may carry the botType it was read with: without a query it picks the bot.
    const query = (request.query as { botType?: string }).botType;
    const botType = checkBotType(query ?? body.botType ?? BotType.MidJourney);
    return ok(await settings.update(currentUser(request)._id, botType, body));
  });

  app.put(
    '/api/draw/settings/version/:version',
    { ...guarded, schema: { tags, params: VersionParams, querystring: BotQuery } },
    async (request) => {
      const { version } = request.params as { version: string };
      return ok(await settings.setVersion(currentUser(request)._id, botTypeOf(request), version));
    },
  );

  app.put('/api/draw/settings/suffix', { ...guarded, schema: { tags, querystring: BotQuery, body: SuffixBody } }, async (request) => {
    const { suffix } = request.body as DrawSuffixRequest;
    return ok(await settings.setSuffix(currentUser(request)._id, botTypeOf(request), suffix));
  });

  app.put('/api/draw/settings/option', { ...guarded, schema: { tags, querystring: BotQuery, body: OptionBody } }, async (request) => {
    const { name, value } = request.body as { name: string; value: unknown };
    return ok(await settings.setOption(currentUser(request)._id, botTypeOf(request), name, value));
  });

  app.get('/api/draw/info/:id', { ...guarded, schema: { tags, params: IdParams, querystring: BotQuery } }, async (request) => {
    const { id } = request.params as { id: string };
    const userId = currentUser(request)._id;
    const botType = botTypeOf(request);
    await channels.asMember(id, userId);
    return ok(await settings.info(userId, botType, id, infoSources));
  });
};
