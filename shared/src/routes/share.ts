import Type from 'typebox';
import { routePaths } from './paths';
import { Access, MINUTE_MS, RatePer, route, type RouteBounds } from './route';
import { Id, Nothing } from './schemas';

const tag = 'share';
const TaskParams = Type.Object({ taskId: Id });
// Each link is a row and a page anyone may open: a person's clicking, never a script's loop.
const shareRate = { rate: { max: 30, windowMs: MINUTE_MS, per: RatePer.User } } as const;

/**
 * Public links to one result. The author may make one, and any member when the channel's creator
 * allows it (`membersMayShare`); the page itself (`/s/:token`, outside /api) is open to anyone
 * holding the link, until it is revoked.
 */
export const shareRoutes = {
  create: route({
    ...routePaths.share.create,
    access: Access.Author,
    tag,
    summary:
      'Makes (or gives again) the public link to this result: its author, or any member when the channel allows it',
    bounds: shareRate,
    params: TaskParams,
    answer: Type.Object({ url: Type.String({ description: 'absolute URL of the public page' }) }),
  }),
  revoke: route({
    ...routePaths.share.revoke,
    access: Access.Author,
    tag,
    summary: 'Stops the public link to this result at once (the page and its image answer 404)',
    bounds: shareRate,
    params: TaskParams,
    answer: Nothing,
  }),
} as const;

/**
 * The public page and its image (`GET /s/:token`, `GET /s/:token/image`): not /api routes, but
 * bounded like one, per address (anyone may call them).
 */
export const SharePageBounds = {
  rate: { max: 120, windowMs: MINUTE_MS, per: RatePer.Ip },
  concurrent: 8,
} as const satisfies Partial<RouteBounds>;
