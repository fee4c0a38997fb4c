import type { Static } from 'typebox';
import type * as Api from '../api';
import type * as Archive from '../archive';
import type * as Entities from '../entities';
import type { PreConnectAnswer } from '../socket';
import type { ImagineReference, ReferenceWeightsRequest } from '../references';
import type { AnswerOf, BodyOf, QueryOf, Same } from './route';
import type { api } from './index';
import type * as S from './schemas';

/*
 * Compile-time proof that the table and the named types of entities.ts, api.ts and archive.ts
 * describe the same things: change one without the other and the typecheck fails here. (Nothing
 * runs: these are types only.)
 */
type Check<A, B> = Same<A, B>;
/** Every element must be `true`: one that is `false` names the pair that differs. */
type AllSame<T extends true[]> = T;

// Entities.
export type Entities_ = AllSame<
  [
    Check<Static<typeof S.UserInfoSchema>, Entities.UserInfo>,
    Check<Static<typeof S.SessionInfoSchema>, Entities.SessionInfo>,
    Check<Static<typeof S.CompanyInfoWithEngineSchema>, Entities.CompanyInfoWithEngine>,
    Check<Static<typeof S.ChannelSchema>, Entities.Channel>,
    Check<Static<typeof S.EngineInfoSchema>, Entities.EngineInfo>,
    Check<Static<typeof S.MemberSchema>, Entities.Member>,
    Check<Static<typeof S.ChannelBanSchema>, Entities.ChannelBan>,
    Check<Static<typeof S.TaskSchema>, Entities.Task>,
    Check<Static<typeof S.TaskPropertiesSchema>, Entities.TaskProperties>,
    Check<Static<typeof S.MessageSchema>, Entities.Message>,
    Check<Static<typeof S.InviteInfoSchema>, Entities.InviteInfo>,
    Check<Static<typeof S.PublicInviteSchema>, Entities.PublicInvite>,
    Check<Static<typeof S.ProductSchema>, Entities.Product>,
    Check<Static<typeof S.DrawSettingsSchema>, Entities.DrawSettings>,
    Check<Static<typeof S.OrderSchema>, Api.Order>,
    Check<Static<typeof S.PlanInfoSchema>, Api.PlanInfo>,
    Check<Omit<Static<typeof S.ArchiveItemSchema>, 'task'>, Omit<Archive.ArchiveItem, 'task'>>,
  ]
>;

type Tasked<T> = T extends { tasks: unknown } ? Omit<T, 'tasks'> : T;

// Requests and answers.
export type Routes_ = AllSame<
  [
    Check<BodyOf<typeof api.login.login>, Api.LoginRequest>,
    Check<AnswerOf<typeof api.login.login>, Api.LoginAnswer>,
    Check<AnswerOf<typeof api.login.sendLoginCode>, Api.SendCodeAnswer>,
    Check<BodyOf<typeof api.login.resetPassword>, Api.ResetPasswordRequest>,
    Check<AnswerOf<typeof api.login.invitePreview>, Entities.PublicInvite>,
    Check<AnswerOf<typeof api.home.session>, Api.HomeIndexAnswer>,
    Check<BodyOf<typeof api.home.updateInfo>, Api.UpdateUserInfoRequest>,
    Check<AnswerOf<typeof api.company.info>, Api.CompanyInfoAnswer>,
    Check<AnswerOf<typeof api.realtime.preConnect>, PreConnectAnswer>,
    Check<BodyOf<typeof api.channels.create>, Api.ChannelRequest>,
    Check<BodyOf<typeof api.channels.update>, Api.ChannelRequest>,
    Check<AnswerOf<typeof api.engines.list>, Api.EnginesAnswer>,
    Check<Omit<AnswerOf<typeof api.channels.detail>, 'members'>, Omit<Api.ChannelDetail, 'members'>>,
    Check<BodyOf<typeof api.channels.ban>, Api.BanRequest>,
    Check<NonNullable<BodyOf<typeof api.channels.invite>>, Api.InviteCodeRequest>,
    Check<Tasked<AnswerOf<typeof api.messages.page>>, Tasked<Api.MessagePage>>,
    Check<BodyOf<typeof api.messages.post>, Api.PostMessageRequest>,
    Check<BodyOf<typeof api.tasks.byIds>, Api.TasksRequest>,
    Check<NonNullable<BodyOf<typeof api.tasks.imagine>['references']>[number], ImagineReference>,
    Check<NonNullable<BodyOf<typeof api.tasks.imagine>['weights']>, ReferenceWeightsRequest>,
    Check<BodyOf<typeof api.settings.update>, Api.DrawSettingsUpdate>,
    Check<BodyOf<typeof api.settings.suffix>, Api.DrawSuffixRequest>,
    Check<AnswerOf<typeof api.settings.options>, Api.DrawSettingsOptions>,
    Check<AnswerOf<typeof api.settings.info>, Api.DrawInfo>,
    Check<AnswerOf<typeof api.billing.credits>, Api.CreditAccount>,
    Check<BodyOf<typeof api.billing.order>, Api.CreateOrderRequest>,
    Check<AnswerOf<typeof api.billing.pay>, Api.PaymentStart>,
    Check<AnswerOf<typeof api.billing.redeem>, Api.RedeemAnswer>,
    Check<QueryOf<typeof api.archive.page>, Archive.ArchiveQuery>,
    Check<BodyOf<typeof api.archive.zip>, Archive.ArchiveZipRequest>,
    Check<AnswerOf<typeof api.archive.star>, Archive.FavoriteChange>,
    Check<Omit<AnswerOf<typeof api.archive.page>, 'items'>, Omit<Archive.ArchivePage, 'items'>>,
  ]
>;
