import { expect } from 'vitest';
import { Period, TaskAction, TaskStatus, type Task } from '@draw/shared';
import type { AdminCode, AdminProduct, AdminUserDetail, adminApi } from '@draw/shared/routes';
import { Users } from '../../../server/src/features/auth/repository';
import { AdminAudit } from '../../../server/src/features/admin/repository';
import { Channels } from '../../../server/src/features/channels/repository';
import { Products, RedeemCodes } from '../../../server/src/features/billing/repository';
import { BannedWords, HiddenImages, Reports } from '../../../server/src/features/moderation/repository';
import {
  Roles,
  dataOf,
  signInAt,
  type HttpAnswer,
  type Method,
  type Role,
  type Scene,
  type Session,
} from './permissions-scene';

/**
 * The request each role makes on each console route (`/api/admin/*`), built so that the site admin's
 * is one the console really makes and is answered 2xx, with its effect checked; everyone else asks
 * the very same thing and finds nothing (404, 401 without a session), and nothing moves — not even
 * a line of the audit log, which every console write adds to. What a write acts on is made for its
 * cell alone (a person, a channel, a product, a word, an image), so no cell changes another's world.
 */

export interface AdminRequest {
  url: string;
  method?: Method;
  payload?: unknown;
  observe?(): Promise<unknown>;
  confirm?(answer: HttpAnswer): Promise<void>;
}

type AdminPrepare = (scene: Scene, role: Role) => Promise<AdminRequest>;

const data = <T>(answer: HttpAnswer) => dataOf<T>(answer, 'request');
let unique = 0;
const nextUnique = () => {
  unique += 1;
  return unique;
};
/** Letters only: a banned word is matched after folding digits and punctuation away. */
const lettersOf = (n: number) =>
  n
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('');

/** What the scene's admin asks while preparing a cell (failing loudly when refused). */
async function asAdmin<T>(scene: Scene, method: Method, url: string, payload?: unknown): Promise<T> {
  return dataOf<T>(await scene.call(scene.admin, method, url, payload), `${method} ${url}`);
}

const auditLines = (scene: Scene) => scene.app.storage.collection(AdminAudit).count({});
const detailOf = (scene: Scene, userId: string) =>
  asAdmin<AdminUserDetail>(scene, 'GET', `/api/admin/users/${userId}`);
const signedInAs = async (scene: Scene, session: Session) =>
  data<{ auth: boolean }>(await scene.call(session, 'GET', '/api/home/index')).auth;

/**
 * A room of the console's cells, apart from the scene's: the people and images made for them would
 * otherwise push the open room's own messages off its first page.
 */
const consoleRoom = (scene: Scene) =>
  scene.once('console room', async () => {
    // The creator's, like the scene's rooms (it reads every task it waits for); the bystander
    // draws there too (the shorten a waiting task starts from).
    const room = dataOf<{ id: string }>(
      await scene.call(scene.creator, 'POST', '/api/draw/channel', { title: 'console room', isBan: false }),
      'create the console room',
    );
    const { inviteCode } = dataOf<{ inviteCode: string }>(
      await scene.call(scene.creator, 'POST', `/api/draw/invite-code/${room.id}`, {
        isNew: true,
        expireHours: -1,
      }),
      'invite to the console room',
    );
    dataOf(await scene.call(scene.bystander, 'POST', `/api/draw/join-channel/${inviteCode}`), 'join');
    return { id: room.id, code: inviteCode, muted: false };
  });

/** Someone of the cell's own, a member of the console room. */
async function freshMember(scene: Scene): Promise<Session> {
  const member = await signInAt(scene.app);
  const room = await consoleRoom(scene);
  dataOf(await scene.call(member, 'POST', `/api/draw/join-channel/${room.code}`), 'join');
  return member;
}

/** A finished image of the cell's own, drawn by a member of its own in the console room. */
async function freshImage(scene: Scene): Promise<{ author: Session; task: Task }> {
  const author = await freshMember(scene);
  const task = await scene.settled(
    await scene.submit(author, 'imagine', await consoleRoom(scene), { prompt: 'a kite over the dunes' }),
  );
  return { author, task };
}

async function freshProduct(scene: Scene): Promise<AdminProduct> {
  return asAdmin<AdminProduct>(scene, 'POST', '/api/admin/products', {
    id: `console-${nextUnique()}`,
    name: 'Console plan',
    price: 990,
    period: Period.Month,
    credits: 100,
  });
}

const productDoc = (scene: Scene, id: string) => scene.app.storage.collection(Products).findOne({ _id: id });

/** One batch with a code per role, minted once: each cell revokes its own. */
const sharedBatch = (scene: Scene) =>
  scene.once('console batch', () =>
    asAdmin<{ batchId: string; codes: string[] }>(scene, 'POST', '/api/admin/codes', {
      credits: 5,
      count: Roles.length,
      note: 'permissions',
    }),
  );

const admin: { [name in keyof typeof adminApi]: AdminPrepare } = {
  overview: async () => ({
    url: '/api/admin/overview?days=7',
    confirm: async (a) => expect(data<{ days: number }>(a).days).toBe(7),
  }),
  users: async (scene) => ({
    url: `/api/admin/users?q=${encodeURIComponent(scene.bystander.user.id)}`,
    confirm: async (a) =>
      expect(data<{ items: { id: string }[] }>(a).items.map((u) => u.id)).toContain(scene.bystander.user.id),
  }),
  user: async (scene) => ({
    url: `/api/admin/users/${scene.member.user.id}`,
    confirm: async (a) => {
      const detail = data<AdminUserDetail>(a);
      expect(detail.user.id).toBe(scene.member.user.id);
      expect(detail.channels.map((c) => c.id)).toContain(scene.open.id);
    },
  }),
  adjustCredits: async (scene) => {
    const target = await signInAt(scene.app);
    const balance = async () => (await detailOf(scene, target.user.id)).balance;
    const before = await balance();
    return {
      url: `/api/admin/users/${target.user.id}/credits`,
      payload: { delta: 7, reason: 'goodwill' },
      observe: async () => ({ audit: await auditLines(scene), balance: await balance() }),
      confirm: async (a) => {
        expect(data<{ entry: { kind: string } }>(a).entry.kind).toBe('adjust');
        expect(await balance()).toBe(before + 7);
      },
    };
  },
  disableUser: async (scene) => {
    const target = await signInAt(scene.app);
    return {
      url: `/api/admin/users/${target.user.id}/disable`,
      payload: { reason: 'spam' },
      observe: async () => ({ audit: await auditLines(scene), signedIn: await signedInAs(scene, target) }),
      confirm: async () => expect(await signedInAs(scene, target)).toBe(false),
    };
  },
  enableUser: async (scene) => {
    const target = await signInAt(scene.app);
    await asAdmin(scene, 'POST', `/api/admin/users/${target.user.id}/disable`, { reason: 'spam' });
    const disabledAt = async () => (await detailOf(scene, target.user.id)).user.disabledAt;
    return {
      url: `/api/admin/users/${target.user.id}/enable`,
      observe: async () => ({ audit: await auditLines(scene), disabledAt: await disabledAt() }),
      confirm: async () => expect(await disabledAt()).toBeNull(),
    };
  },
  setAdmin: async (scene) => {
    const target = await signInAt(scene.app);
    return {
      url: `/api/admin/users/${target.user.id}/admin`,
      payload: { isAdmin: true },
      observe: async () => ({
        audit: await auditLines(scene),
        isAdmin: (await scene.app.storage.collection(Users).findOne({ _id: target.user.id }))?.isAdmin,
      }),
      // The console opens for the new admin at once.
      confirm: async () =>
        expect((await scene.call(target, 'GET', '/api/admin/announcement')).status).toBe(200),
    };
  },
  signOutUser: async (scene) => {
    const target = await signInAt(scene.app);
    return {
      url: `/api/admin/users/${target.user.id}/sign-out`,
      observe: async () => ({ audit: await auditLines(scene), signedIn: await signedInAs(scene, target) }),
      confirm: async () => expect(await signedInAs(scene, target)).toBe(false),
    };
  },
  liftPause: async (scene) => {
    const target = await freshMember(scene);
    // Three refusals within the hour pause the person's submits (an engine's refusal counts as a hit).
    for (let i = 0; i < 3; i += 1)
      await scene.app.services.moderation.recordEngineRefusal({
        userId: target.user.id,
        channelId: (await consoleRoom(scene)).id,
        prompt: 'refused prompt',
        code: 'banned_prompt',
      });
    const pausedUntil = async () => (await detailOf(scene, target.user.id)).moderation.pausedUntil;
    expect(await pausedUntil()).not.toBeNull();
    return {
      url: `/api/admin/users/${target.user.id}/pause`,
      observe: async () => ({ audit: await auditLines(scene), pausedUntil: await pausedUntil() }),
      confirm: async () => expect(await pausedUntil()).toBeNull(),
    };
  },
  orders: async (scene) => {
    const orderId = await scene.once('bystander order', () => scene.order(scene.bystander));
    return {
      url: `/api/admin/orders?userId=${scene.bystander.user.id}`,
      confirm: async (a) =>
        expect(data<{ items: { order: { id: string } }[] }>(a).items.map((i) => i.order.id)).toContain(
          orderId,
        ),
    };
  },
  products: async () => ({
    url: '/api/admin/products',
    confirm: async (a) => expect(data<AdminProduct[]>(a).map((p) => p.id)).toContain('month-basic'),
  }),
  createProduct: async (scene) => {
    const id = `console-new-${nextUnique()}`;
    return {
      url: '/api/admin/products',
      payload: { id, name: 'New plan', price: 1990, period: Period.Month, credits: 300 },
      observe: async () => ({ audit: await auditLines(scene), product: await productDoc(scene, id) }),
      confirm: async () => {
        const sold = data<{ id: string }[]>(await scene.call(null, 'GET', '/api/home/products'));
        expect(sold.map((p) => p.id)).toContain(id);
      },
    };
  },
  updateProduct: async (scene) => {
    const product = await freshProduct(scene);
    return {
      url: `/api/admin/products/${product.id}`,
      payload: { name: 'Renamed plan' },
      observe: async () => ({
        audit: await auditLines(scene),
        name: (await productDoc(scene, product.id))?.name,
      }),
      confirm: async () => expect((await productDoc(scene, product.id))?.name).toBe('Renamed plan'),
    };
  },
  retireProduct: async (scene) => {
    const product = await freshProduct(scene);
    return {
      url: `/api/admin/products/${product.id}`,
      observe: async () => ({
        audit: await auditLines(scene),
        enabled: (await productDoc(scene, product.id))?.enabled,
      }),
      confirm: async () => {
        const sold = data<{ id: string }[]>(await scene.call(null, 'GET', '/api/home/products'));
        expect(sold.map((p) => p.id)).not.toContain(product.id);
      },
    };
  },
  prices: async () => ({
    url: '/api/admin/prices',
    confirm: async (a) =>
      expect(data<{ site: Record<string, number> }>(a).site[TaskAction.Imagine]).toEqual(expect.any(Number)),
  }),
  setPrice: async (scene) => ({
    // Without a price: the configured one again (the scene's submits keep their prices).
    url: '/api/admin/prices',
    payload: { action: TaskAction.Describe },
    observe: () => auditLines(scene),
    confirm: async () => expect(await auditLines(scene)).toBeGreaterThan(0),
  }),
  codes: async (scene) => {
    const batch = await sharedBatch(scene);
    return {
      url: `/api/admin/codes?batchId=${batch.batchId}`,
      confirm: async (a) =>
        expect(
          data<{ items: AdminCode[] }>(a)
            .items.map((c) => c.code)
            .sort(),
        ).toEqual([...batch.codes].sort()),
    };
  },
  mintCodes: async (scene) => ({
    url: '/api/admin/codes',
    payload: { credits: 5, count: 2, expiresDays: 30, note: 'minted in the console' },
    observe: async () => ({
      audit: await auditLines(scene),
      codes: await scene.app.storage.collection(RedeemCodes).count({}),
    }),
    confirm: async (a) => {
      const { batchId, codes } = data<{ batchId: string; codes: string[] }>(a);
      expect(codes).toHaveLength(2);
      const listed = await asAdmin<{ items: AdminCode[] }>(
        scene,
        'GET',
        `/api/admin/codes?batchId=${batchId}`,
      );
      expect(listed.items.every((c) => c.expiresAt !== null && c.state === 'unused')).toBe(true);
    },
  }),
  exportCodes: async (scene) => {
    const batch = await sharedBatch(scene);
    return {
      url: `/api/admin/codes/export?batchId=${batch.batchId}`,
      confirm: async (a) => {
        expect(a.contentType).toContain('text/csv');
        for (const code of batch.codes) expect(a.text).toContain(code);
      },
    };
  },
  revokeCodes: async (scene, role) => {
    const batch = await sharedBatch(scene);
    const code = batch.codes[Roles.indexOf(role)]!;
    const stateOf = async () =>
      (
        await asAdmin<{ items: AdminCode[] }>(
          scene,
          'GET',
          `/api/admin/codes?batchId=${batch.batchId}&limit=100`,
        )
      ).items.find((c) => c.code === code)?.state;
    return {
      url: '/api/admin/codes/revoke',
      payload: { codes: [code] },
      observe: async () => ({ audit: await auditLines(scene), state: await stateOf() }),
      confirm: async (a) => {
        expect(data<{ revoked: number }>(a).revoked).toBe(1);
        // A revoked code ends now and lists as revoked (its own state, not an expiry).
        expect(await stateOf()).toBe('revoked');
      },
    };
  },
  channels: async (scene) => ({
    url: `/api/admin/channels?q=${scene.open.id}`,
    confirm: async (a) =>
      expect(data<{ items: { id: string }[] }>(a).items.map((c) => c.id)).toContain(scene.open.id),
  }),
  channel: async (scene) => ({
    url: `/api/admin/channels/${scene.open.id}`,
    confirm: async (a) =>
      expect(data<{ members: { userId: string }[] }>(a).members.map((m) => m.userId)).toContain(
        scene.member.user.id,
      ),
  }),
  deleteChannel: async (scene) => {
    const owner = await signInAt(scene.app);
    const doomed = dataOf<{ id: string }>(
      await scene.call(owner, 'POST', '/api/draw/channel', { title: 'abusive room', isBan: false }),
      'create channel',
    );
    return {
      url: `/api/admin/channels/${doomed.id}`,
      observe: async () => ({
        audit: await auditLines(scene),
        deletedAt:
          (await scene.app.storage.collection(Channels).findOne({ _id: doomed.id }))?.deletedAt ?? null,
      }),
      confirm: async () =>
        expect((await scene.call(owner, 'GET', `/api/draw/channel/${doomed.id}`)).status).not.toBe(200),
    };
  },
  tasks: async (scene) => {
    const task = await scene.imagineTask(scene.open);
    return {
      url: `/api/admin/tasks?channelId=${scene.open.id}&limit=100`,
      confirm: async (a) =>
        expect(data<{ items: { task: { id: string } }[] }>(a).items.map((i) => i.task.id)).toContain(task.id),
    };
  },
  cancelTask: async (scene) => {
    const author = await freshMember(scene);
    const taskId = await scene.modalTaskOf(author, await consoleRoom(scene));
    return {
      url: `/api/admin/tasks/${taskId}/cancel`,
      observe: async () => ({ audit: await auditLines(scene), task: await scene.storedTask(taskId) }),
      confirm: async () => expect((await scene.storedTask(taskId)).status).toBe(TaskStatus.Cancel),
    };
  },
  hideImage: async (scene) => {
    const { author, task } = await freshImage(scene);
    const path = new URL(task.imageUrl!, 'http://localhost').pathname;
    const file = async (session: Session | null) => (await scene.call(session, 'GET', path)).status;
    return {
      url: `/api/admin/tasks/${task.id}/hidden`,
      payload: { hidden: true },
      observe: async () => ({
        audit: await auditLines(scene),
        hidden: await scene.app.storage.collection(HiddenImages).count({}),
      }),
      // Gone from /files for its own author and for anyone with the link; the console still sees it.
      confirm: async () => {
        expect(await file(author)).toBe(404);
        expect(await file(null)).toBe(404);
        expect(await file(scene.admin)).toBe(200);
      },
    };
  },
  engines: async () => ({
    url: '/api/admin/engines',
    confirm: async (a) => expect(data<unknown[]>(a).length).toBeGreaterThan(0),
  }),
  company: async () => ({
    url: '/api/admin/company',
    confirm: async (a) => expect(data<{ name: string }>(a).name).toEqual(expect.any(String)),
  }),
  updateCompany: async (scene) => {
    const keywords = `drawing, console ${nextUnique()}`;
    return {
      url: '/api/admin/company',
      payload: { keywords },
      observe: async () => ({
        audit: await auditLines(scene),
        keywords: (await asAdmin<{ keywords: string }>(scene, 'GET', '/api/admin/company')).keywords,
      }),
      confirm: async () =>
        expect((await asAdmin<{ keywords: string }>(scene, 'GET', '/api/admin/company')).keywords).toBe(
          keywords,
        ),
    };
  },
  announcement: async () => ({
    url: '/api/admin/announcement',
    confirm: async (a) => expect(data<{ text: string | null }>(a)).toHaveProperty('text'),
  }),
  setAnnouncement: async (scene) => {
    const text = `Maintenance tonight (${nextUnique()})`;
    const shown = async () =>
      data<{ text: string | null }>(await scene.call(null, 'GET', '/api/home/announcement')).text;
    return {
      url: '/api/admin/announcement',
      payload: { text },
      observe: async () => ({ audit: await auditLines(scene), text: await shown() }),
      confirm: async () => expect(await shown()).toBe(text),
    };
  },
  settings: async () => ({
    url: '/api/admin/settings',
    confirm: async (a) =>
      expect(data<{ moderateChat: boolean }>(a).moderateChat).toEqual(expect.any(Boolean)),
  }),
  updateSettings: async (scene) => ({
    // Chat stays unchecked: the scene's messages are not the test of moderation.
    url: '/api/admin/settings',
    payload: { moderateChat: false },
    observe: () => auditLines(scene),
    confirm: async (a) => expect(data<{ moderateChat: boolean }>(a).moderateChat).toBe(false),
  }),
  bannedWords: async () => ({
    url: '/api/admin/banned-words',
    confirm: async (a) => expect(Array.isArray(data<unknown[]>(a))).toBe(true),
  }),
  addBannedWord: async (scene) => {
    const word = `qzv${lettersOf(nextUnique())}`;
    const listed = async () => scene.app.storage.collection(BannedWords).count({ word });
    return {
      url: '/api/admin/banned-words',
      payload: { word },
      observe: async () => ({ audit: await auditLines(scene), listed: await listed() }),
      confirm: async () => expect(await listed()).toBe(1),
    };
  },
  removeBannedWord: async (scene) => {
    const word = await asAdmin<{ id: string }>(scene, 'POST', '/api/admin/banned-words', {
      word: `qzw${lettersOf(nextUnique())}`,
    });
    const listed = async () => scene.app.storage.collection(BannedWords).count({ _id: word.id });
    return {
      url: `/api/admin/banned-words/${word.id}`,
      observe: async () => ({ audit: await auditLines(scene), listed: await listed() }),
      confirm: async () => expect(await listed()).toBe(0),
    };
  },
  hits: async () => ({
    url: '/api/admin/moderation/hits',
    confirm: async (a) => expect(Array.isArray(data<{ items: unknown[] }>(a).items)).toBe(true),
  }),
  reports: async () => ({
    url: '/api/admin/reports?status=open',
    confirm: async (a) => expect(Array.isArray(data<{ items: unknown[] }>(a).items)).toBe(true),
  }),
  resolveReport: async (scene) => {
    const { task } = await freshImage(scene);
    dataOf(
      await scene.call(scene.bystander, 'POST', `/api/archive/report/${task.id}`, { reason: 'spam' }),
      'report',
    );
    const status = async () =>
      (await scene.app.storage.collection(Reports).findOne({ _id: task.id }))?.status;
    return {
      url: `/api/admin/reports/${task.id}/resolve`,
      payload: { decision: 'dismiss' },
      observe: async () => ({ audit: await auditLines(scene), status: await status() }),
      confirm: async () => expect(await status()).toBe('dismissed'),
    };
  },
  audit: async (scene) => ({
    url: `/api/admin/audit?limit=5`,
    confirm: async (a) => {
      const page = data<{ items: { admin: { id: string } }[] }>(a);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((entry) => entry.admin.id === scene.admin.user.id)).toBe(true);
    },
  }),
};

/** The console's request for one route, by its name in the route table. */
export const adminRequests: Readonly<Record<keyof typeof adminApi, AdminPrepare>> = admin;
