import type { FastifyPluginAsync } from 'fastify';
import { BotType } from '@draw/shared';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve } from '../../http/routes';
import type { ChannelsService } from '../channels/service';
import { checkBotType, type DrawInfoSources, type SettingsService } from './service';

const routes = api.settings;
/** The query's bot, checked by the service so a wrong value gets a message naming the choices. */
const botTypeOf = (query: { botType?: string }) => checkBotType(query.botType ?? BotType.MidJourney);

export interface SettingsPluginOptions {
  settings: SettingsService;
  channels: Pick<ChannelsService, 'asMember'>;
  infoSources: DrawInfoSources;
}

export const settingsPlugin: FastifyPluginAsync<SettingsPluginOptions> = async (
  app,
  { settings, channels, infoSources },
) => {
  serve(app, routes.options, (request) => settings.options(botTypeOf(request.query)));

  serve(app, routes.get, async (request) => {
    const userId = currentUser(request)._id;
    const botType = botTypeOf(request.query);
    await channels.asMember(request.params.id, userId);
    return settings.get(userId, botType);
  });

  serve(app, routes.update, (request) => {
    const body = request.body ?? {};
    // The body may carry the botType it was read with: without a query it picks the bot.
    const botType = checkBotType(request.query.botType ?? body.botType ?? BotType.MidJourney);
    return settings.update(currentUser(request)._id, botType, body);
  });

  serve(app, routes.version, (request) =>
    settings.setVersion(currentUser(request)._id, botTypeOf(request.query), request.params.version),
  );
  serve(app, routes.suffix, (request) =>
    settings.setSuffix(currentUser(request)._id, botTypeOf(request.query), request.body.suffix),
  );
  serve(app, routes.option, (request) =>
    settings.setOption(
      currentUser(request)._id,
      botTypeOf(request.query),
      request.body.name,
      request.body.value,
    ),
  );

  serve(app, routes.info, async (request) => {
    const userId = currentUser(request)._id;
    const botType = botTypeOf(request.query);
    await channels.asMember(request.params.id, userId);
    return settings.info(userId, botType, request.params.id, infoSources);
  });
};
