import Type from 'typebox';
import { ArchiveLimits } from '../archive';
import { ModerationLimits } from './admin';
import { routePaths } from './paths';
import { AnswerKind, Access, MINUTE_MS, RatePer, route } from './route';
import {
  ArchiveItemSchema,
  ArchiveKindSchema,
  ArchiveRatioSchema,
  ArchiveScopeSchema,
  FavoriteChangeSchema,
  Id,
} from './schemas';

const tag = 'archive';
const strict = { additionalProperties: false } as const;
const Time = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const TaskParams = Type.Object({ taskId: Id });
const TaskIds = (maxItems: number) =>
  Type.Object({ taskIds: Type.Array(Id, { minItems: 1, maxItems }) }, strict);

export const archiveRoutes = {
  page: route({
    ...routePaths.archive.page,
    access: Access.SignedIn,
    tag,
    summary: 'Finished images the asker may see, newest first, paged by cursor',
    query: Type.Object(
      {
        scope: Type.Optional(ArchiveScopeSchema),
        channelId: Type.Optional(Id),
        q: Type.Optional(Type.String({ maxLength: ArchiveLimits.queryMaxChars })),
        favorite: Type.Optional(Type.Boolean()),
        kind: Type.Optional(ArchiveKindSchema),
        ratio: Type.Optional(ArchiveRatioSchema),
        from: Type.Optional(Time),
        to: Type.Optional(Time),
        cursor: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ArchiveLimits.pageMax })),
      },
      strict,
    ),
    answer: Type.Object({
      items: Type.Array(ArchiveItemSchema),
      nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null at the end' }),
    }),
  }),
  star: route({
    ...routePaths.archive.star,
    access: Access.Viewer,
    tag,
    params: TaskParams,
    answer: FavoriteChangeSchema,
  }),
  unstar: route({
    ...routePaths.archive.unstar,
    access: Access.Viewer,
    tag,
    params: TaskParams,
    answer: FavoriteChangeSchema,
  }),
  starredAmong: route({
    ...routePaths.archive.starredAmong,
    access: Access.SignedIn,
    tag,
    summary: 'Which of these tasks the asker starred',
    body: TaskIds(ArchiveLimits.starLookupMax),
    answer: Type.Array(Type.String()),
  }),
  family: route({
    ...routePaths.archive.family,
    access: Access.Viewer,
    tag,
    params: TaskParams,
    answer: Type.Object({
      ancestors: Type.Array(ArchiveItemSchema),
      item: ArchiveItemSchema,
      children: Type.Array(ArchiveItemSchema),
    }),
  }),
  // Answers the ZIP itself; a refusal (checked before the first byte) is enveloped.
  zip: route({
    ...routePaths.archive.zip,
    access: Access.Viewer,
    tag,
    summary: 'The images as a ZIP, with a prompts.json',
    // Up to 500 images read and streamed each: two at once and a few a minute per person.
    bounds: { rate: { max: 10, windowMs: MINUTE_MS, per: RatePer.User }, concurrent: 2 },
    body: TaskIds(ArchiveLimits.zipMaxImages),
    answer: Type.String({ format: 'binary' }),
    kind: AnswerKind.File,
    contentType: 'application/zip',
  }),
  report: route({
    ...routePaths.archive.report,
    access: Access.Viewer,
    tag,
    summary: 'Reports an image to the site’s admins (once per person; a second report changes nothing)',
    bounds: { rate: { max: 20, windowMs: MINUTE_MS, per: RatePer.User } },
    params: TaskParams,
    body: Type.Object({ reason: Type.String({ maxLength: ModerationLimits.reportReasonMaxChars }) }, strict),
    answer: Type.Object({ taskId: Type.String(), reported: Type.Literal(true) }),
  }),
} as const;
