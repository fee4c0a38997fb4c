import Type from 'typebox';
import { Language, Limits } from '../constants';
import { routePaths } from './paths';
import { Access, MINUTE_MS, RatePer, route } from './route';
import {
  Id,
  LoginTypeSchema,
  Nothing,
  PublicInviteSchema,
  SessionInfoSchema,
  ThemeSchema,
  UserInfoSchema,
} from './schemas';

const tag = 'login';
const Phone = Type.String({ minLength: 3, maxLength: 32 });
const Code = Type.String({ minLength: 1, maxLength: 12 });
const Email = Type.String({ minLength: 3, maxLength: 254 });
/** Attempts against accounts, per address (stricter per-account and per-phone limits live in the auth service). */
const perAddress = (max: number) => ({ rate: { max, windowMs: MINUTE_MS, per: RatePer.Ip } });

/** Signing in and out, and the invite preview a visitor sees before signing in. */
export const loginRoutes = {
  login: route({
    ...routePaths.login.login,
    access: Access.Anyone,
    tag,
    bounds: perAddress(20),
    body: Type.Object({
      loginType: LoginTypeSchema,
      account: Type.String({ minLength: 3, maxLength: 128 }),
      password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      code: Type.Optional(Code),
    }),
    answer: Type.Object({
      token: Type.String(),
      expiresAt: Type.Number({ description: 'epoch ms' }),
      user: UserInfoSchema,
    }),
  }),
  logout: route({ ...routePaths.login.logout, access: Access.Anyone, tag, answer: Nothing }),
  sendLoginCode: route({
    ...routePaths.login.sendLoginCode,
    access: Access.Anyone,
    tag,
    bounds: perAddress(10),
    summary:
      'Sends a 6-digit login code to a phone (a mainland number, or + and a country code) or an email address: exactly one of them',
    query: Type.Object({ phone: Type.Optional(Phone), email: Type.Optional(Email) }),
    answer: Type.Object({
      resendAfter: Type.Integer({ description: 'seconds before another code may be asked for' }),
      devCode: Type.Optional(Type.String({ description: 'outside production with the console sender only' })),
    }),
  }),
  resetPassword: route({
    ...routePaths.login.resetPassword,
    access: Access.Anyone,
    tag,
    bounds: perAddress(10),
    body: Type.Object({ phone: Phone, code: Code, password: Type.String({ minLength: 8, maxLength: 128 }) }),
    answer: Nothing,
  }),
  invitePreview: route({
    ...routePaths.login.invitePreview,
    access: Access.Anyone,
    tag,
    summary: 'What an invite link leads to, shown before the visitor signs in',
    params: Type.Object({ code: Id }),
    answer: PublicInviteSchema,
  }),
} as const;

/** The signed-in person's own session and profile. */
export const homeRoutes = {
  // The route guard relies on this never answering 401: an unknown token is `auth: false`.
  session: route({
    ...routePaths.home.session,
    access: Access.Anyone,
    tag: 'home',
    answer: SessionInfoSchema,
  }),
  updateInfo: route({
    ...routePaths.home.updateInfo,
    access: Access.SignedIn,
    tag: 'home',
    body: Type.Object(
      {
        name: Type.Optional(Type.String({ maxLength: 64 })),
        description: Type.Optional(Type.String({ maxLength: Limits.userDescriptionMaxChars })),
        avatar: Type.Optional(
          Type.String({ maxLength: 256, description: 'a URL answered by POST /api/upload' }),
        ),
        theme: Type.Optional(ThemeSchema),
        nijiRemix: Type.Optional(Type.Boolean()),
        mjRemix: Type.Optional(Type.Boolean()),
        language: Type.Optional(Type.Enum([Language.ZhCN, Language.EnUS, Language.ZhTW])),
      },
      { additionalProperties: false },
    ),
    answer: UserInfoSchema,
  }),
} as const;
