import Type from 'typebox';
import { UNREAD_CAP } from '../reads';
import { routePaths } from './paths';
import { Access, route } from './route';
import { Id, NotifyLevelSchema } from './schemas';

const tag = 'reads';
const Seq = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const ChannelUnreadSchema = Type.Object({
  channelId: Type.String(),
  lastReadSeq: Type.Integer({ description: 'the seq read up to; 0 when the channel was never opened' }),
  seq: Type.Integer({ description: "the channel's newest event seq" }),
  unread: Type.Integer({
    description: `messages by others after the mark, counted up to ${UNREAD_CAP} (shown as 99+)`,
  }),
  mentions: Type.Integer({
    description: `of those after the mark, the ones that ping the person (named, @everyone by the creator) plus their own tasks that ended, up to ${UNREAD_CAP}`,
  }),
  /** What the person chose to hear from this channel (default `all`). */
  notify: NotifyLevelSchema,
});

/** Unread marks, per person and channel (shared/src/reads.ts). Membership is checked on each call. */
export const readRoutes = {
  list: route({
    ...routePaths.reads.list,
    access: Access.SignedIn,
    tag,
    summary: "The asker's unread state in every channel they are a member of",
    answer: Type.Array(ChannelUnreadSchema),
  }),
  mark: route({
    ...routePaths.reads.mark,
    access: Access.Member,
    tag,
    summary:
      "Marks the channel read up to `seq` (never backwards; past the channel's newest seq counts as the newest); the asker's other devices hear `unread:read`",
    params: Type.Object({ channelId: Id }),
    body: Type.Object({ seq: Type.Optional(Seq) }, { additionalProperties: false }),
    answer: ChannelUnreadSchema,
  }),
  notifications: route({
    ...routePaths.reads.notifications,
    access: Access.Member,
    tag,
    summary:
      "Sets what the asker hears from this channel (`all`, `mentions`, `none`); the asker's other devices hear `unread:notify`",
    params: Type.Object({ channelId: Id }),
    body: Type.Object({ level: NotifyLevelSchema }, { additionalProperties: false }),
    answer: ChannelUnreadSchema,
  }),
} as const;
