/**
 * The method and path of every /api route, by feature, with no schema library: the browser
 * bundles this map (a few KB) to know where a call goes, and takes the rest of the route table
 * (`./index.ts`, TypeBox schemas) as types only. The table spreads each entry into its route, so
 * the two cannot disagree (`paths.test.ts` checks it both ways).
 */

import { EDITOR_ACTIONS, type EditorActionName } from '../actions/registry';

export const HttpMethod = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE' } as const;
export type HttpMethod = (typeof HttpMethod)[keyof typeof HttpMethod];

/** Where one route is: `path` in Fastify's form (`/api/draw/channel/:id`). */
export interface RoutePath {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
}

/** Each editor action of the action table (an image and a prompt) is submitted on its own route. */
type EditorPaths = {
  readonly [A in EditorActionName]: {
    readonly method: 'POST';
    readonly path: `/api/mj/submit/${A}/:channelId`;
  };
};
function editorPaths(): EditorPaths {
  return Object.fromEntries(
    EDITOR_ACTIONS.map((name) => [name, { method: 'POST', path: `/api/mj/submit/${name}/:channelId` }]),
  ) as EditorPaths;
}

export const routePaths = {
  login: {
    login: { method: 'POST', path: '/api/login/login' },
    logout: { method: 'POST', path: '/api/login/logout' },
    sendLoginCode: { method: 'GET', path: '/api/login/send-login-code' },
    resetPassword: { method: 'POST', path: '/api/login/forget-reset-pwd' },
    invitePreview: { method: 'GET', path: '/api/login/channel/:code' },
  },
  home: {
    session: { method: 'GET', path: '/api/home/index' },
    updateInfo: { method: 'PUT', path: '/api/home/info' },
  },
  company: {
    info: { method: 'GET', path: '/api/home/company-info' },
    announcement: { method: 'GET', path: '/api/home/announcement' },
  },
  engines: {
    list: { method: 'GET', path: '/api/draw/engines' },
  },
  realtime: {
    preConnect: { method: 'GET', path: '/api/ws/pre-connect' },
  },
  channels: {
    list: { method: 'GET', path: '/api/draw/channels' },
    create: { method: 'POST', path: '/api/draw/channel' },
    update: { method: 'PUT', path: '/api/draw/channel/:id' },
    detail: { method: 'GET', path: '/api/draw/channel/:id' },
    remove: { method: 'DELETE', path: '/api/draw/channel/:id' },
    invite: { method: 'POST', path: '/api/draw/invite-code/:channelId' },
    join: { method: 'POST', path: '/api/draw/join-channel/:code' },
    quit: { method: 'POST', path: '/api/draw/quit-channel/:id' },
    removeMember: { method: 'POST', path: '/api/draw/remove-user/:channelId/:userId' },
    ban: { method: 'POST', path: '/api/draw/channel/:id/ban' },
    unban: { method: 'DELETE', path: '/api/draw/channel/:id/ban/:userId' },
    bans: { method: 'GET', path: '/api/draw/channel/:id/bans' },
  },
  messages: {
    page: { method: 'GET', path: '/api/draw/chat/:id' },
    post: { method: 'POST', path: '/api/draw/chat/:id' },
    remove: { method: 'DELETE', path: '/api/draw/chat/:id' },
    edit: { method: 'PUT', path: '/api/draw/chat/:id' },
    react: { method: 'PUT', path: '/api/draw/chat/:id/reactions/:emoji' },
    unreact: { method: 'DELETE', path: '/api/draw/chat/:id/reactions/:emoji' },
  },
  tasks: {
    imagine: { method: 'POST', path: '/api/mj/submit/imagine/:channelId' },
    describe: { method: 'POST', path: '/api/mj/submit/describe/:channelId' },
    blend: { method: 'POST', path: '/api/mj/submit/blend/:channelId' },
    shorten: { method: 'POST', path: '/api/mj/submit/shorten/:channelId' },
    action: { method: 'POST', path: '/api/mj/submit/action/:channelId' },
    modal: { method: 'POST', path: '/api/mj/submit/modal/:channelId' },
    fetch: { method: 'GET', path: '/api/mj/task/:id/fetch' },
    cancel: { method: 'POST', path: '/api/mj/task/:id/cancel' },
    imageSeed: { method: 'GET', path: '/api/mj/task/:id/image-seed' },
    byIds: { method: 'POST', path: '/api/draw/tasks/:channelId' },
    translate: { method: 'POST', path: '/api/mj/translate' },
    ...editorPaths(),
  },
  uploads: {
    upload: { method: 'POST', path: '/api/upload' },
  },
  settings: {
    options: { method: 'GET', path: '/api/draw/settings/options' },
    get: { method: 'GET', path: '/api/draw/settings/:id' },
    update: { method: 'PUT', path: '/api/draw/settings' },
    version: { method: 'PUT', path: '/api/draw/settings/version/:version' },
    suffix: { method: 'PUT', path: '/api/draw/settings/suffix' },
    option: { method: 'PUT', path: '/api/draw/settings/option' },
    info: { method: 'GET', path: '/api/draw/info/:id' },
  },
  archive: {
    page: { method: 'GET', path: '/api/archive' },
    star: { method: 'PUT', path: '/api/archive/favorite/:taskId' },
    unstar: { method: 'DELETE', path: '/api/archive/favorite/:taskId' },
    starredAmong: { method: 'POST', path: '/api/archive/favorites' },
    family: { method: 'GET', path: '/api/archive/task/:taskId/family' },
    zip: { method: 'POST', path: '/api/archive/zip' },
    report: { method: 'POST', path: '/api/archive/report/:taskId' },
  },
  billing: {
    products: { method: 'GET', path: '/api/home/products' },
    credits: { method: 'GET', path: '/api/home/credits' },
    order: { method: 'POST', path: '/api/home/order' },
    orders: { method: 'GET', path: '/api/home/orders' },
    orderById: { method: 'GET', path: '/api/home/orders/:id' },
    cancelOrder: { method: 'POST', path: '/api/home/cancel-order/:id' },
    pay: { method: 'POST', path: '/api/home/pay/:id' },
    redeem: { method: 'POST', path: '/api/home/redeem/:code' },
    qrcode: { method: 'GET', path: '/api/home/qrcode' },
    wechatCallback: { method: 'POST', path: '/api/open/wechat/callback' },
    sandboxConfirm: { method: 'POST', path: '/api/open/sandbox/:orderId/:token/confirm' },
  },
  upstream: {
    notify: { method: 'POST', path: '/api/open/notify/:id/:token' },
  },
  reads: {
    list: { method: 'GET', path: '/api/reads' },
    mark: { method: 'PUT', path: '/api/reads/:channelId' },
    notifications: { method: 'PUT', path: '/api/draw/channels/:channelId/notifications' },
  },
  share: {
    create: { method: 'POST', path: '/api/share/:taskId' },
    revoke: { method: 'DELETE', path: '/api/share/:taskId' },
  },
} as const satisfies Record<string, Record<string, RoutePath>>;

/** The URL of a call: each `:name` of the path replaced by its parameter, encoded. */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
