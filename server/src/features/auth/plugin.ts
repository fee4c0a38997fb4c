import type { FastifyPluginAsync } from 'fastify';
import { api } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { languageOf } from '../../i18n/messages';
import { serve } from '../../http/routes';
import { toUserInfo, type AuthService } from './service';

export interface AuthPluginOptions {
  auth: AuthService;
  /** When moderation's pause of this person's drawing ends, while it lasts (else null). */
  pausedUntil: (userId: string) => Promise<number | null>;
}

export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, { auth, pausedUntil }) => {
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
  // A pause rides along so a page loaded during one counts down at once, not at the next refusal.
  serve(app, api.home.session, async (request) => {
    if (!request.user) return { auth: false as const };
    const until = await pausedUntil(request.user._id);
    return {
      ...toUserInfo(request.user),
      auth: true as const,
      ...(until === null ? {} : { pausedUntil: until }),
    };
  });

  serve(app, api.home.updateInfo, (request) => auth.updateInfo(currentUser(request), request.body));
};
