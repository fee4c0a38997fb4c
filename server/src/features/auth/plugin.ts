import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import {
  Language,
  LoginType,
  Limits,
  Theme,
  type LoginRequest,
  type ResetPasswordRequest,
  type UpdateUserInfoRequest,
} from '@draw/shared';
import { currentUser, requireUser } from '../../http/auth';
import { ok } from '../../http/envelope';
import { schemaOf } from '../../http/schema';
import { toUserInfo, type AuthService } from './service';

const Password = Type.String({ minLength: 8, maxLength: 128 });

const LoginBody = schemaOf<LoginRequest>()(
  Type.Object({
    loginType: Type.Enum([LoginType.Password, LoginType.Captcha]),
    account: Type.String({ minLength: 3, maxLength: 128 }),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
  }),
);

const ResetBody = schemaOf<ResetPasswordRequest>()(
  Type.Object({
    phone: Type.String({ minLength: 3, maxLength: 32 }),
    code: Type.String({ minLength: 1, maxLength: 12 }),
    password: Password,
  }),
);

const InfoBody = schemaOf<UpdateUserInfoRequest>()(
  Type.Object(
    {
      name: Type.Optional(Type.String({ maxLength: 64 })),
      description: Type.Optional(Type.String({ maxLength: Limits.userDescriptionMaxChars })),
      avatar: Type.Optional(Type.String({ maxLength: 256 })),
      theme: Type.Optional(Type.Enum([Theme.Auto, Theme.Light, Theme.Dark])),
      nijiRemix: Type.Optional(Type.Boolean()),
      mjRemix: Type.Optional(Type.Boolean()),
      language: Type.Optional(Type.Enum([Language.ZhCN, Language.EnUS, Language.ZhTW])),
    },
    { additionalProperties: false },
  ),
);

export const authPlugin: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/api/login/login', { schema: { tags: ['login'], body: LoginBody } }, async (request) =>
    ok(await auth.login(request.body as LoginRequest, request.ip)),
  );

  app.post('/api/login/logout', { schema: { tags: ['login'] } }, async (request) => {
    if (request.token) await auth.logout(request.token);
    return ok(null);
  });

  app.get(
    '/api/login/send-login-code',
    { schema: { tags: ['login'], querystring: Type.Object({ phone: Type.String({ minLength: 3, maxLength: 32 }) }) } },
    async (request) => ok(await auth.sendLoginCode((request.query as { phone: string }).phone, request.ip)),
  );

  app.post('/api/login/forget-reset-pwd', { schema: { tags: ['login'], body: ResetBody } }, async (request) => {
    const { phone, code, password } = request.body as ResetPasswordRequest;
    await auth.resetPassword(phone, code, password, request.ip);
    return ok(null);
  });

  // The route guard relies on this never answering 401: an unknown token is `auth: false`.
  app.get('/api/home/index', { schema: { tags: ['home'] } }, async (request) =>
    ok(request.user ? { ...toUserInfo(request.user), auth: true as const } : { auth: false as const }),
  );

  app.put('/api/home/info', { schema: { tags: ['home'], body: InfoBody }, preHandler: requireUser }, async (request) =>
    ok(await auth.updateInfo(currentUser(request), request.body as UpdateUserInfoRequest)),
  );
};
