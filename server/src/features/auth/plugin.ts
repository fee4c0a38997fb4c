import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { languageOf } from '../../i18n/messages';
import { serve } from '../../http/routes';
import { toUserInfo, type AuthService } from './service';

export const authPlugin: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  serve(app, api.login.login, (request) => auth.login(request.body, request.ip));

  serve(app, api.login.logout, async (request) => {
    if (request.token) await auth.logout(request.token);
    return null;
  });

  serve(app, api.login.sendLoginCode, (request) =>
    auth.sendLoginCode(request.query, request.ip, languageOf(request.headers['accept-language'])),
  );

  serve(app, api.login.resetPassword, async (request) => {
    const { phone, code, password } = request.body;
    await auth.resetPassword(phone, code, password, request.ip);
    return null;
  });

  // The route guard relies on this never answering 401: an unknown token is `auth: false`.
  serve(app, api.home.session, (request) =>
    request.user ? { ...toUserInfo(request.user), auth: true as const } : { auth: false as const },
  );

  serve(app, api.home.updateInfo, (request) => auth.updateInfo(currentUser(request), request.body));
};
