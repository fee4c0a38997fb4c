import { Access, routeKey, type ApiRoute } from '@draw/shared/routes';
import { Roles, type Role } from './permissions-scene';

/**
 * What each role of the permissions scene gets from each route, generated from the route's
 * `access` rule in the table (`shared/src/routes`). A route needs no hand-kept expectation: its
 * rule says who passes, and the few answers a rule cannot say (a thing that is someone else's, a
 * wrong secret) are the overrides below, each with its reason.
 */

// ---- Outcomes --------------------------------------------------------------------------------

/** What a cell expects: allowed, or refused in one precise way. */
export type Outcome =
  | { kind: 'allowed'; note?: string }
  | { kind: 'refused'; via: 'http'; status: number; reason: string }
  | { kind: 'refused'; via: 'ack'; reason: string }
  | { kind: 'refused'; via: 'handshake' }
  /** Subscribed while it still could; after the change its socket no longer receives the room's events. */
  | { kind: 'refused'; via: 'live' };

export type Expectations = Record<Role, Outcome>;

export const allowed = (note?: string): Outcome => (note ? { kind: 'allowed', note } : { kind: 'allowed' });
export const refusedHttp = (status: number, reason: string): Outcome => ({
  kind: 'refused',
  via: 'http',
  status,
  reason,
});
export const UNAUTHENTICATED = refusedHttp(401, 'unauthorized');
/** Refused inside the product: 400, never 403 (the spec's client signs out on 401/403; see the server's httpStatusOf). */
export const FORBIDDEN = refusedHttp(400, 'forbidden');
export const MUTED = refusedHttp(423, 'channel_muted');
export const NOT_FOUND = refusedHttp(404, 'not_found');
export const GONE = refusedHttp(410, 'gone');
export const BAD_REQUEST = refusedHttp(400, 'bad_request');
export const HANDSHAKE: Outcome = { kind: 'refused', via: 'handshake' };
export const ACK_FORBIDDEN: Outcome = { kind: 'refused', via: 'ack', reason: 'forbidden' };
export const EVICTED: Outcome = { kind: 'refused', via: 'live' };

export function describeOutcome(outcome: Outcome): string {
  if (outcome.kind === 'allowed') return outcome.note ? `allowed (${outcome.note})` : 'allowed';
  switch (outcome.via) {
    case 'http':
      return `refused ${outcome.status} ${outcome.reason}`;
    case 'ack':
      return `refused by the subscribe ack: ${outcome.reason}`;
    case 'handshake':
      return 'refused at the socket handshake';
    case 'live':
      return 'refused: its socket, subscribed earlier, gets no further events';
  }
}

export function columns(base: Outcome, overrides: Partial<Expectations> = {}): Expectations {
  return Object.fromEntries(Roles.map((role) => [role, overrides[role] ?? base])) as Expectations;
}

/** The roles without a live session: no token, or a logged-out one. */
export const signedOut = { anonymous: UNAUTHENTICATED, 'revoked token': UNAUTHENTICATED } as const;
/**
 * The signed-in roles that do not belong to the channel they act on. The site admin is one of them:
 * being an admin opens the console, not the rooms (a channel's messages, tasks and images are its
 * members'; the console reaches them through its own routes).
 */
export const outsiders = (outcome: Outcome) =>
  ({ 'non-member': outcome, 'removed member': outcome, 'expired invite': outcome, admin: outcome }) as const;
/** Every role with a live session gets the same answer. */
const everySignedIn = (outcome: Outcome): Partial<Expectations> =>
  Object.fromEntries(Roles.filter((role) => !(role in signedOut)).map((role) => [role, outcome]));

// ---- The generator ------------------------------------------------------------------------------

/**
 * Each rule's answers, for the request the scene builds for each role: the role's channel (the
 * creator and the muted member act on the muted room, the others on the open one), the role's own
 * message, task or order (the bystander's for a role that never had one), the right secret.
 */
const byAccess: Record<Access, Expectations> = {
  [Access.Anyone]: columns(allowed()),
  [Access.SignedIn]: columns(allowed(), signedOut),
  [Access.Member]: columns(allowed(), { ...signedOut, ...outsiders(FORBIDDEN) }),
  // Under 全员禁言 only the creator posts.
  [Access.Poster]: columns(allowed(), { ...signedOut, ...outsiders(FORBIDDEN), 'muted member': MUTED }),
  [Access.Creator]: columns(FORBIDDEN, { ...signedOut, creator: allowed() }),
  // Its own thing: a member may act on it (a muted one too: deleting or cancelling is not posting);
  // the removed member's own and, for those who never belonged, the bystander's are refused as a non-member's.
  [Access.Author]: columns(allowed(), { ...signedOut, ...outsiders(FORBIDDEN) }),
  // Outside the image's channel, and not its author: the image does not exist.
  [Access.Viewer]: columns(allowed(), { ...signedOut, ...outsiders(NOT_FOUND) }),
  // Each signed-in role asks about its own order.
  [Access.Owner]: columns(allowed(), signedOut),
  // The right secret opens it, whoever holds it.
  [Access.Token]: columns(allowed()),
  // The console: to anyone signed in but a site admin it does not exist.
  [Access.Admin]: columns(NOT_FOUND, { ...signedOut, admin: allowed() }),
};

/** How a row names its case: the route, and the variant when a route has several. */
export const caseKey = (key: string, variant?: string) => (variant ? `${key} (${variant})` : key);

/**
 * Answers the rule alone cannot give, by case (`METHOD /path (variant)`): the row asks about
 * something that is not the role's, or with a wrong secret. A test fails when one names no row.
 */
export const OVERRIDES: Readonly<Record<string, Partial<Expectations>>> = {
  // A wrong secret opens nothing, whoever sends it: the sandbox refuses the link as malformed…
  'POST /api/open/sandbox/:orderId/:token/confirm (a wrong token)': columns(BAD_REQUEST),
  // …WeChat Pay's callback answers in WeChat Pay's protocol (`code: FAIL`) when it is not signed…
  'POST /api/open/wechat/callback (unsigned, sandbox provider)': columns(refusedHttp(404, 'FAIL')),
  // …and a wrong hook token does not reveal that the task exists.
  'POST /api/open/notify/:id/:token (a wrong hook token)': columns(NOT_FOUND),
  // Someone else's order does not exist for anyone but its owner.
  'GET /api/home/orders/:id (someone else’s order)': everySignedIn(NOT_FOUND),
  'POST /api/home/cancel-order/:id (someone else’s order)': everySignedIn(NOT_FOUND),
  'POST /api/home/pay/:id (someone else’s order)': everySignedIn(NOT_FOUND),
  // An expired code lets nobody in, member or not.
  'POST /api/draw/join-channel/:code (an expired code)': everySignedIn(GONE),
  // A channel id is no invite code: outsiders find nothing; members are already in.
  'POST /api/draw/join-channel/:code (the channel id instead of a code)': outsiders(NOT_FOUND),
  // The creator cannot leave (or be removed or banned from) its own channel: it deletes it instead.
  'POST /api/draw/quit-channel/:id': { creator: FORBIDDEN },
  'POST /api/draw/remove-user/:channelId/:userId (the creator)': { creator: FORBIDDEN },
  'POST /api/draw/channel/:id/ban (the creator)': { creator: FORBIDDEN },
  // Another's message: only the creator moderates.
  'DELETE /api/draw/chat/:id (someone else’s message)': { member: FORBIDDEN, 'muted member': FORBIDDEN },
  // Editing is posting again: under 全员禁言 only the creator may; another's message nobody edits.
  'PUT /api/draw/chat/:id (own message (posted before the mute or removal))': { 'muted member': MUTED },
  'PUT /api/draw/chat/:id (someone else’s message)': {
    member: FORBIDDEN,
    'muted member': FORBIDDEN,
    creator: FORBIDDEN,
  },
  // A member may not draw from another person's upload, press a button of another channel's task,
  // or fill in another's waiting task: none of them exists for it (the muted member is stopped by the mute first).
  'POST /api/mj/submit/imagine/:channelId (with someone else’s upload)': {
    member: NOT_FOUND,
    creator: NOT_FOUND,
  },
  'POST /api/mj/submit/action/:channelId (a button on a task of another channel)': {
    member: NOT_FOUND,
    creator: NOT_FOUND,
  },
  'POST /api/mj/submit/modal/:channelId (someone else’s task waiting for input)': {
    member: NOT_FOUND,
    creator: NOT_FOUND,
  },
  // A task waiting in its editor is its author's alone: to anyone else it does not exist, whatever
  // their role (the non-member, the expired invitee and the admin are handed the bystander's).
  'POST /api/mj/task/:id/cancel (own unfinished task)': {
    'non-member': NOT_FOUND,
    'expired invite': NOT_FOUND,
    admin: NOT_FOUND,
  },
  'POST /api/mj/task/:id/cancel (someone else’s unfinished task)': everySignedIn(NOT_FOUND),
  // Another's result is its author's to share unless the channel's creator lets members share.
  'POST /api/share/:taskId (someone else’s result, members may not share)': {
    member: FORBIDDEN,
    'muted member': FORBIDDEN,
    creator: FORBIDDEN,
  },
};

/** Every role's expected answer for one case of a route of the table: its rule's, then the case's override. */
export function expectationsOf(route: ApiRoute, variant?: string): Expectations {
  const override = OVERRIDES[caseKey(routeKey(route.method, route.path), variant)] ?? {};
  return { ...byAccess[route.access], ...override };
}
