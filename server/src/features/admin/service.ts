import { randomUUID } from 'node:crypto';
import {
  ErrorReason,
  type OrderStatus,
  TaskStatus,
  type CompanyInfo,
  type Language,
  type TaskAction,
  type CreditsChanged,
  type SiteAnnouncement,
} from '@draw/shared';
import {
  AdminLimits,
  type AdminChannel,
  type AdminProduct,
  type AdminTask,
  type AdminUser,
  type AdminUserDetail,
  type AuditEntry,
  type EngineStatus,
  type LedgerEntry,
  type ModerationHit,
  type Overview,
  type Prices,
  type Report,
  type SiteSettings,
} from '@draw/shared/routes';
import { AppError } from '../../errors';
import type { EngineRegistry } from '../../engines/registry';
import type { UserDoc } from '../auth/repository';
import type { SignedIn } from '../auth/identity';
import type { BillingService } from '../billing/service';
import type { LedgerDoc, ProductDoc } from '../billing/repository';
import type { ProductInput, ProductPatch } from '../billing/products';
import { toOrder } from '../billing/orders';
import type { ChannelsService } from '../channels/service';
import type { CompanyService } from '../company/service';
import type { ModerationService } from '../moderation/service';
import { toTask, type TaskDoc } from '../tasks/repository';
import type { TasksService } from '../tasks/service';
import type { AdminRepository } from './repository';
import type { LivePricing, PriceOverride } from './prices';

const DAY_MS = 24 * 60 * 60_000;
type Translations = Partial<Record<Language, { name: string; description: string }>>;
/** The overview reads at most this many failures, spends and payments (the newest): bounded work. */
const OVERVIEW_ROWS_MAX = 50_000;
const DETAIL_ROWS = 20;

export interface Cursor {
  at: number;
  id: string;
}

/** `<time>.<id>`: where the next page starts. */
export const cursorOf = (at: number, id: string) => `${at}.${id}`;
export function parseCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const dot = raw.indexOf('.');
  const at = Number(raw.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at)) throw new AppError(ErrorReason.BadRequest, 'admin.badCursor');
  return { at, id: raw.slice(dot + 1) };
}
const pageOf = <D, T>(docs: D[], limit: number, map: (doc: D) => T, cursor: (doc: D) => string) => ({
  items: docs.map(map),
  nextCursor: docs.length === limit ? cursor(docs[docs.length - 1]!) : null,
});
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export interface AdminDeps {
  repo: AdminRepository;
  auth: {
    endAllSessions(userId: string): Promise<number>;
    setLoginGate(gate: (user: UserDoc) => Promise<void>): void;
  };
  billing: BillingService;
  channels: Pick<ChannelsService, 'remove' | 'detail'>;
  tasks: Pick<TasksService, 'cancelById'>;
  company: CompanyService;
  engines: EngineRegistry;
  moderation: ModerationService;
  pricing: LivePricing;
  /** Live: to one person's sockets, and to every socket. */
  live: {
    credits(userId: string, change: CreditsChanged): void;
    announcement(announcement: SiteAnnouncement): void;
  };
  now: () => number;
}

/**
 * The operator's console: every admin action, through the services the rest of the site (and the
 * ops CLI) uses, each written to the audit log with what it changed.
 */
export function adminService(deps: AdminDeps) {
  const { repo, billing, moderation, now } = deps;

  const audit = (adminId: string, action: string, target: string, before: unknown, after: unknown) =>
    repo.audit.record({ _id: randomUUID(), at: now(), adminId, action, target, before, after });

  deps.auth.setLoginGate(async (user) => {
    const disabled = await repo.disabled.of(user._id);
    if (disabled) throw new AppError(ErrorReason.Forbidden, 'auth.disabled', { reason: disabled.reason });
  });

  async function userDoc(id: string): Promise<UserDoc> {
    const user = await repo.users.byId(id);
    if (!user) throw new AppError(ErrorReason.NotFound, 'admin.userNotFound');
    return user;
  }

  async function adminUsers(users: UserDoc[]): Promise<AdminUser[]> {
    const ids = users.map((user) => user._id);
    const [disabled, paused] = await Promise.all([repo.disabled.among(ids), moderation.pausedAmong(ids)]);
    const off = new Map(disabled.map((doc) => [doc._id, doc]));
    return users.map((user) => ({
      id: user._id,
      phone: user.phone ?? '',
      email: user.email ?? '',
      name: user.name,
      avatar: user.avatar,
      isAdmin: user.isAdmin,
      createdAt: user.createdAt,
      disabledReason: off.get(user._id)?.reason ?? null,
      disabledAt: off.get(user._id)?.at ?? null,
      pausedUntil: paused.get(user._id) ?? null,
    }));
  }
  const adminUser = async (user: UserDoc) => (await adminUsers([user]))[0]!;

  const ledgerEntry = (doc: LedgerDoc): LedgerEntry => ({
    id: doc._id,
    kind: doc.kind,
    delta: doc.delta,
    balanceAfter: doc.balanceAfter,
    at: doc.at,
    taskId: doc.taskId,
    orderId: doc.orderId,
    code: doc.code,
    note: doc.note,
  });

  async function adminTasks(docs: TaskDoc[]): Promise<AdminTask[]> {
    const [users, channels, hidden] = await Promise.all([
      repo.users.byIds(docs.map((doc) => doc.userId)),
      repo.channels.byIds(docs.map((doc) => doc.channelId)),
      moderation.hiddenTasks(),
    ]);
    const names = new Map(users.map((user) => [user._id, user.name]));
    const titles = new Map(channels.map((channel) => [channel._id, channel.title]));
    return docs.map((doc) => ({
      task: toTask(doc),
      author: { id: doc.userId, name: names.get(doc.userId) ?? '—' },
      channel: { id: doc.channelId, title: titles.get(doc.channelId) ?? '—' },
      hidden: hidden.has(doc._id),
    }));
  }

  async function taskDoc(id: string): Promise<TaskDoc> {
    const doc = await repo.tasks.byId(id);
    if (!doc) throw new AppError(ErrorReason.NotFound, 'admin.taskNotFound');
    return doc;
  }

  const toProduct = (doc: ProductDoc): AdminProduct => ({
    id: doc._id,
    name: doc.name,
    description: doc.description,
    price: doc.price,
    currency: doc.currency,
    period: doc.period,
    credits: doc.credits,
    sort: doc.sort,
    enabled: doc.enabled,
    translations: doc.translations as AdminProduct['translations'],
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  });

  /** Each language's name and description, through the products service (as `ops products update --language`). */
  async function translate(
    id: string,
    translations: Translations | undefined,
    doc: ProductDoc,
  ): Promise<ProductDoc> {
    let current = doc;
    for (const [language, text] of Object.entries(translations ?? {}) as [
      Language,
      { name: string; description: string },
    ][])
      current = await billing.products.update(id, {
        language,
        name: text.name,
        description: text.description,
      });
    return current;
  }

  async function siteSettings(): Promise<{ announcement: SiteAnnouncement; settings: SiteSettings }> {
    const doc = await repo.site.get();
    return {
      announcement: { text: doc?.announcement ?? null, updatedAt: doc?.announcementAt ?? null },
      settings: { moderateChat: doc?.moderateChat ?? false },
    };
  }

  async function report(
    doc: NonNullable<Awaited<ReturnType<ModerationService['reportOf']>>>,
  ): Promise<Report> {
    const task = await repo.tasks.byId(doc._id);
    const reporters = await repo.users.byIds(doc.reporters.map((r) => r.userId));
    const names = new Map(reporters.map((user) => [user._id, user.name]));
    const [item] = task
      ? await adminTasks([task])
      : [
          {
            task: null as never,
            author: { id: doc.authorId, name: '—' },
            channel: { id: doc.channelId, title: '—' },
            hidden: false,
          },
        ];
    return {
      id: doc._id,
      status: doc.status,
      item: item!,
      reporters: doc.reporters.map((r) => ({
        id: r.userId,
        name: names.get(r.userId) ?? '—',
        reason: r.reason,
        at: r.at,
      })),
      firstAt: doc.firstAt,
      resolvedAt: doc.resolvedAt,
      resolvedBy: doc.resolvedBy,
    };
  }

  async function setHidden(adminId: string, doc: TaskDoc, hide: boolean) {
    const keys = [doc.imageUrl, doc.videoUrl, doc.previewUrl]
      .filter((url): url is string => typeof url === 'string' && url.startsWith('/files/'))
      .map((url) => url.slice('/files/'.length).split('?')[0]!);
    await moderation.setHidden(
      { _id: doc._id, channelId: doc.channelId, fileKeys: keys, hiddenBy: adminId },
      hide,
    );
  }

  const prices = (): Prices => ({
    site: deps.pricing.sitePrices(),
    engines: Object.fromEntries(deps.engines.names.map((engine) => [engine, deps.pricing.pricesOn(engine)])),
    overrides: [...deps.pricing.overrides()],
  });
  const loadPrices = async () => deps.pricing.replace((await repo.site.get())?.prices ?? []);

  return {
    /** Reads the console's prices (at start; a change made here applies at once). */
    start: loadPrices,

    async prices(): Promise<Prices> {
      await loadPrices();
      return prices();
    },

    async setPrice(admin: SignedIn, request: { engine?: string; action: TaskAction; price?: number }) {
      const change = { engine: request.engine ?? null, action: request.action, price: request.price ?? null };
      await loadPrices();
      const before = prices();
      const rest = deps.pricing
        .overrides()
        .filter((o) => !(o.engine === change.engine && o.action === change.action));
      const next: PriceOverride[] =
        change.price === null
          ? rest
          : [...rest, { engine: change.engine, action: change.action, price: change.price }];
      await repo.site.set({ prices: next }, now());
      deps.pricing.replace(next);
      const after = prices();
      await audit(
        admin._id,
        'prices.set',
        `${change.engine ?? 'site'}:${change.action}`,
        before.overrides,
        after.overrides,
      );
      return after;
    },

    // ---- Overview
    async overview(days: number = AdminLimits.overviewDaysDefault): Promise<Overview> {
      const today = Math.floor(now() / DAY_MS) * DAY_MS;
      const since = today - (days - 1) * DAY_MS;
      const dayList = Array.from({ length: days }, (_, i) => since + i * DAY_MS);
      const tasksByDay = [];
      for (const start of dayList) {
        const counts = await repo.tasks.countsBetween(start, start + DAY_MS);
        tasksByDay.push({
          day: dayOf(start),
          byStatus: Object.fromEntries(counts.byStatus),
          byEngine: Object.fromEntries(counts.byEngine),
        });
      }
      const failures = new Map<string, number>();
      for (const row of await repo.tasks.failuresSince(since, OVERVIEW_ROWS_MAX)) {
        const code = row.properties?.failure?.code ?? 'unknown';
        failures.set(code, (failures.get(code) ?? 0) + 1);
      }
      const perDay = (times: (number | null)[], value: (i: number) => number = () => 1) => {
        const sums = new Map(dayList.map((start) => [dayOf(start), 0]));
        times.forEach((at, i) => {
          if (at === null) return;
          const day = dayOf(at);
          if (sums.has(day)) sums.set(day, sums.get(day)! + value(i));
        });
        return [...sums].map(([day, count]) => ({ day, count }));
      };
      const spends = await repo.ledger.spendsSince(since, OVERVIEW_ROWS_MAX);
      const paid = await repo.orders.paidSince(since, OVERVIEW_ROWS_MAX);
      const revenue = new Map<string, { day: string; amount: number; currency: string }>();
      for (const order of paid) {
        if (order.paidAt === null) continue;
        const key = `${dayOf(order.paidAt)}|${order.currency}`;
        const entry = revenue.get(key) ?? {
          day: dayOf(order.paidAt),
          amount: 0,
          currency: order.currency ?? 'CNY',
        };
        entry.amount += order.amount ?? 0;
        revenue.set(key, entry);
      }
      return {
        days,
        tasksByDay,
        failuresByCode: [...failures]
          .map(([code, count]) => ({ code, count }))
          .sort((a, b) => b.count - a.count),
        newUsersByDay: perDay(await repo.users.newSince(since)),
        creditsSpentByDay: perDay(
          spends.map((row) => row.at),
          (i) => -(spends[i]!.delta ?? 0),
        ),
        revenueByDay: [...revenue.values()].sort((a, b) => a.day.localeCompare(b.day)),
        queue: await this.queue(),
      };
    },

    async queue(): Promise<Overview['queue']> {
      const { waiting, running } = await repo.tasks.queueByEngine();
      return deps.engines.names.map((engine) => ({
        engine,
        waiting: waiting.get(engine) ?? 0,
        running: running.get(engine) ?? 0,
      }));
    },

    // ---- Users
    async searchUsers(
      q: string | undefined,
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const { docs, resumeAt } = await repo.users.search(q?.trim() ?? '', parseCursor(cursor), limit);
      const page = pageOf(
        await adminUsers(docs),
        limit,
        (item) => item,
        (item) => cursorOf(item.createdAt, item.id),
      );
      // A search window read without filling the page: the next page reads on below it.
      return resumeAt ? { ...page, nextCursor: cursorOf(resumeAt.at, resumeAt.id) } : page;
    },

    async userDetail(id: string): Promise<AdminUserDetail> {
      const user = await userDoc(id);
      const [account, ledger, orders, tasks, standing, memberships] = await Promise.all([
        billing.ledger.account(id),
        billing.ledger.entries(id, DETAIL_ROWS),
        repo.orders.recentOf(id, DETAIL_ROWS),
        repo.tasks.recentOf(id, DETAIL_ROWS),
        moderation.standing(id),
        repo.channels.ofMember(id),
      ]);
      return {
        user: await adminUser(user),
        balance: account.balance,
        free: account.free,
        plan: account.plan && account.plan.expiresAt > now() ? account.plan : null,
        ledger: ledger.map(ledgerEntry),
        orders: orders.map(toOrder),
        channels: memberships.map((channel) => ({
          id: channel._id,
          title: channel.title,
          isCreator: channel.creatorId === id,
        })),
        tasks: await adminTasks(tasks),
        moderation: {
          pausedUntil: standing?.pausedUntil && standing.pausedUntil > now() ? standing.pausedUntil : null,
          recentHits: standing?.hits.length ?? 0,
          pauses: standing?.pauses ?? 0,
        },
      };
    },

    async adjustCredits(admin: SignedIn, userId: string, delta: number, reason: string) {
      if (delta === 0) throw new AppError(ErrorReason.BadRequest, 'admin.zeroDelta');
      await userDoc(userId);
      const before = (await billing.ledger.account(userId)).balance;
      const { entry, state } = await billing.ledger.adjust(
        userId,
        `adjust:${userId}:${randomUUID()}`,
        delta,
        reason,
      );
      await audit(
        admin._id,
        'users.credits',
        userId,
        { balance: before },
        { balance: state.balance, delta, reason },
      );
      deps.live.credits(userId, { balance: state.balance });
      return { balance: state.balance, entry: ledgerEntry(entry!) };
    },

    async disable(admin: SignedIn, userId: string, reason: string): Promise<AdminUser> {
      if (userId === admin._id) throw new AppError(ErrorReason.BadRequest, 'admin.notSelf');
      const user = await userDoc(userId);
      const before = await repo.disabled.of(userId);
      await repo.disabled.put(userId, { reason, at: now(), by: admin._id });
      const ended = await deps.auth.endAllSessions(userId);
      await audit(admin._id, 'users.disable', userId, before ? { reason: before.reason } : null, {
        reason,
        sessionsEnded: ended,
      });
      return adminUser(user);
    },

    async enable(admin: SignedIn, userId: string): Promise<AdminUser> {
      const user = await userDoc(userId);
      const before = await repo.disabled.of(userId);
      await repo.disabled.remove(userId);
      await audit(admin._id, 'users.enable', userId, before ? { reason: before.reason } : null, null);
      return adminUser(user);
    },

    async setAdmin(admin: SignedIn, userId: string, isAdmin: boolean): Promise<AdminUser> {
      if (userId === admin._id && !isAdmin) throw new AppError(ErrorReason.BadRequest, 'admin.notSelf');
      const before = await userDoc(userId);
      const after = (await repo.users.setAdmin(userId, isAdmin))!;
      await audit(
        admin._id,
        isAdmin ? 'users.grantAdmin' : 'users.revokeAdmin',
        userId,
        { isAdmin: before.isAdmin },
        { isAdmin },
      );
      return adminUser(after);
    },

    async signOut(admin: SignedIn, userId: string) {
      await userDoc(userId);
      const sessionsEnded = await deps.auth.endAllSessions(userId);
      await audit(admin._id, 'users.signOut', userId, null, { sessionsEnded });
      return { sessionsEnded };
    },

    async liftPause(admin: SignedIn, userId: string): Promise<AdminUser> {
      const user = await userDoc(userId);
      const before = await moderation.pausedUntil(userId);
      await moderation.lift(userId);
      await audit(admin._id, 'moderation.liftPause', userId, { pausedUntil: before }, { pausedUntil: null });
      return adminUser(user);
    },

    // ---- Billing
    async orders(
      filter: { status?: OrderStatus; userId?: string; from?: number; to?: number },
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const docs = await repo.orders.page(filter, parseCursor(cursor), limit);
      const users = new Map(
        (await repo.users.byIds(docs.map((doc) => doc.userId))).map((u) => [u._id, u.name]),
      );
      return pageOf(
        docs,
        limit,
        (doc) => ({ order: toOrder(doc), user: { id: doc.userId, name: users.get(doc.userId) ?? '—' } }),
        (doc) => cursorOf(doc.createdAt, doc._id),
      );
    },

    products: async (): Promise<AdminProduct[]> => (await billing.products.all()).map(toProduct),

    async createProduct(admin: SignedIn, input: ProductInput & { translations?: Translations }) {
      const { translations, ...fields } = input;
      if (fields.id && (await billing.products.get(fields.id)))
        throw new AppError(ErrorReason.Conflict, 'admin.productExists', { id: fields.id });
      let doc = await billing.products.add(fields);
      doc = await translate(doc._id, translations, doc);
      await audit(admin._id, 'products.create', doc._id, null, toProduct(doc));
      return toProduct(doc);
    },

    async updateProduct(
      admin: SignedIn,
      id: string,
      changes: ProductPatch & { translations?: Translations },
    ) {
      const before = await billing.products.get(id);
      if (!before) throw new AppError(ErrorReason.BadRequest, 'billing.productUnknown');
      const { translations, ...fields } = changes;
      let after = Object.keys(fields).length ? await billing.products.update(id, fields) : before;
      after = await translate(id, translations, after);
      await audit(
        admin._id,
        after.enabled ? 'products.update' : 'products.retire',
        id,
        toProduct(before),
        toProduct(after),
      );
      return toProduct(after);
    },

    async codes(
      batchId: string | undefined,
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const all = await billing.codes.list(batchId);
      const start = cursor ? Number(cursor) || 0 : 0;
      const slice = all.slice(start, start + limit);
      return {
        items: slice,
        nextCursor: start + limit < all.length ? String(start + limit) : null,
      };
    },

    async mintCodes(admin: SignedIn, input: Parameters<BillingService['codes']['mint']>[0]) {
      const { batchId, codes } = await billing.codes.mint(input);
      await audit(admin._id, 'codes.mint', batchId, null, { ...input, count: codes.length });
      return { batchId, codes: codes.map((code) => code._id) };
    },

    async revokeCodes(admin: SignedIn, target: { batchId?: string; codes?: string[] }) {
      const revoked = await billing.codes.revokeUnused(target);
      await audit(admin._id, 'codes.revoke', target.batchId ?? `${target.codes?.length ?? 0} codes`, null, {
        revoked,
      });
      return { revoked };
    },

    // ---- Channels and tasks
    async channels(
      q: string | undefined,
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const docs = await repo.channels.search(q?.trim() ?? '', parseCursor(cursor), limit);
      return pageOf(
        await adminChannels(docs),
        limit,
        (item) => item,
        (item) => cursorOf(item.createdAt, item.id),
      );
    },

    async channel(id: string) {
      const doc = await repo.channels.byId(id);
      if (!doc) throw new AppError(ErrorReason.NotFound, 'admin.channelNotFound');
      const detail = await deps.channels.detail(doc.creatorId, id);
      return { channel: (await adminChannels([doc]))[0]!, members: detail.members };
    },

    async deleteChannel(admin: SignedIn, id: string): Promise<null> {
      const doc = await repo.channels.byId(id);
      if (!doc) throw new AppError(ErrorReason.NotFound, 'admin.channelNotFound');
      await deps.channels.remove(doc.creatorId, id);
      await audit(admin._id, 'channels.delete', id, { title: doc.title, creatorId: doc.creatorId }, null);
      return null;
    },

    async tasks(
      filter: {
        status?: TaskStatus;
        engine?: string;
        userId?: string;
        channelId?: string;
        failureCode?: string;
      },
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const docs = await repo.tasks.page(filter, parseCursor(cursor), limit);
      return pageOf(
        await adminTasks(docs),
        limit,
        (item) => item,
        (item) => cursorOf(item.task.submitTime, item.task.id),
      );
    },

    async cancelTask(admin: SignedIn, id: string): Promise<AdminTask> {
      const before = await taskDoc(id);
      const cancelled = await deps.tasks.cancelById(id);
      if (!cancelled) throw new AppError(ErrorReason.Conflict, 'admin.taskFinished');
      await audit(admin._id, 'tasks.cancel', id, { status: before.status }, { status: TaskStatus.Cancel });
      return (await adminTasks([await taskDoc(id)]))[0]!;
    },

    async hideImage(admin: SignedIn, id: string, hidden: boolean): Promise<AdminTask> {
      const doc = await taskDoc(id);
      await setHidden(admin._id, doc, hidden);
      await audit(admin._id, hidden ? 'images.hide' : 'images.show', id, null, { hidden });
      return (await adminTasks([doc]))[0]!;
    },

    async engines(): Promise<EngineStatus[]> {
      const queue = new Map((await this.queue()).map((row) => [row.engine, row]));
      return Promise.all(
        deps.engines.all.map(async (engine) => {
          const last = await repo.tasks.lastFailureOf(engine.name);
          return {
            id: engine.name as EngineStatus['id'],
            name: engine.displayName,
            isDefault: engine === deps.engines.default,
            reachable: deps.engines.isAvailable(engine.name),
            waiting: queue.get(engine.name)?.waiting ?? 0,
            running: queue.get(engine.name)?.running ?? 0,
            lastError: last
              ? {
                  at: last.finishTime ?? last.submitTime,
                  message: last.failReason ?? last.properties.failure?.code ?? '',
                }
              : null,
          };
        }),
      );
    },

    // ---- Site
    company: (): Promise<CompanyInfo> => deps.company.info(),
    async updateCompany(admin: SignedIn, changes: Partial<CompanyInfo>): Promise<CompanyInfo> {
      const before = await deps.company.info();
      await deps.company.update(changes, now());
      const after = await deps.company.info();
      await audit(admin._id, 'company.update', 'company', before, after);
      return after;
    },

    announcement: async (): Promise<SiteAnnouncement> => (await siteSettings()).announcement,
    async setAnnouncement(admin: SignedIn, text: string | null): Promise<SiteAnnouncement> {
      const before = (await siteSettings()).announcement;
      const value = text?.trim() ? text.trim() : null;
      await repo.site.set({ announcement: value, announcementAt: now() }, now());
      const after = (await siteSettings()).announcement;
      await audit(admin._id, 'site.announcement', 'announcement', before, after);
      deps.live.announcement(after);
      return after;
    },

    settings: async (): Promise<SiteSettings> => (await siteSettings()).settings,
    async updateSettings(admin: SignedIn, changes: Partial<SiteSettings>): Promise<SiteSettings> {
      const before = (await siteSettings()).settings;
      await repo.site.set(changes, now());
      const after = (await siteSettings()).settings;
      await audit(admin._id, 'site.settings', 'settings', before, after);
      return after;
    },
    /** Whether chat is checked against the banned words (moderation asks). */
    chatModerated: async () => (await siteSettings()).settings.moderateChat,

    // ---- Moderation
    bannedWords: async () =>
      (await moderation.listWords()).map((doc) => ({
        id: doc._id,
        word: doc.word,
        normalized: doc.normalized,
        createdAt: doc.createdAt,
        createdBy: doc.createdBy,
      })),
    async addBannedWord(admin: SignedIn, word: string) {
      const doc = await moderation.addWord(word, admin._id);
      await audit(admin._id, 'bannedWords.add', doc._id, null, { word: doc.word });
      return {
        id: doc._id,
        word: doc.word,
        normalized: doc.normalized,
        createdAt: doc.createdAt,
        createdBy: doc.createdBy,
      };
    },
    async removeBannedWord(admin: SignedIn, id: string): Promise<null> {
      const doc = await moderation.removeWord(id);
      await audit(admin._id, 'bannedWords.remove', id, { word: doc.word }, null);
      return null;
    },

    async hits(
      userId: string | undefined,
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const docs = await moderation.hitsPage(userId ? { userId } : {}, parseCursor(cursor), limit);
      const names = new Map(
        (await repo.users.byIds(docs.map((doc) => doc.userId))).map((u) => [u._id, u.name]),
      );
      return pageOf(
        docs,
        limit,
        (doc): ModerationHit => ({
          id: doc._id,
          at: doc.at,
          user: { id: doc.userId, name: names.get(doc.userId) ?? '—' },
          channelId: doc.channelId,
          source: doc.source,
          text: doc.text,
          word: doc.word,
          pausedUntil: doc.pausedUntil,
        }),
        (doc) => cursorOf(doc.at, doc._id),
      );
    },

    async reports(
      status: Report['status'] = 'open',
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const skip = cursor ? Number(cursor) || 0 : 0;
      const docs = await moderation.reportsPage(status, skip, limit);
      const items = [];
      for (const doc of docs) items.push(await report(doc));
      return { items, nextCursor: docs.length === limit ? String(skip + limit) : null };
    },

    async resolveReport(admin: SignedIn, id: string, decision: 'hide' | 'dismiss'): Promise<Report> {
      const before = await moderation.reportOf(id);
      if (!before) throw new AppError(ErrorReason.NotFound, 'moderation.reportNotFound');
      if (decision === 'hide') {
        const doc = await repo.tasks.byId(id);
        if (doc) await setHidden(admin._id, doc, true);
      }
      const after = (await moderation.resolveReport(
        id,
        decision === 'hide' ? 'hidden' : 'dismissed',
        admin._id,
      ))!;
      await audit(admin._id, `reports.${decision}`, id, { status: before.status }, { status: after.status });
      return report(after);
    },

    async audit(
      filter: { adminId?: string; target?: string },
      cursor: string | undefined,
      limit: number = AdminLimits.pageDefault,
    ) {
      const docs = await repo.audit.page(filter, parseCursor(cursor), limit);
      const names = new Map(
        (await repo.users.byIds(docs.map((doc) => doc.adminId))).map((u) => [u._id, u.name]),
      );
      return pageOf(
        docs,
        limit,
        (doc): AuditEntry => ({
          id: doc._id,
          at: doc.at,
          admin: { id: doc.adminId, name: names.get(doc.adminId) ?? '—' },
          action: doc.action,
          target: doc.target,
          before: doc.before ?? null,
          after: doc.after ?? null,
        }),
        (doc) => cursorOf(doc.at, doc._id),
      );
    },
  };

  async function adminChannels(
    docs: { _id: string; title: string; creatorId: string; createdAt: number }[],
  ): Promise<AdminChannel[]> {
    const [creators, counts] = await Promise.all([
      repo.users.byIds(docs.map((doc) => doc.creatorId)),
      repo.channels.memberCounts(docs.map((doc) => doc._id)),
    ]);
    const names = new Map(creators.map((user) => [user._id, user.name]));
    return docs.map((doc) => ({
      id: doc._id,
      title: doc.title,
      creatorId: doc.creatorId,
      creatorName: names.get(doc.creatorId) ?? '—',
      memberCount: counts.get(doc._id) ?? 0,
      createdAt: doc.createdAt,
    }));
  }
}
export type AdminService = ReturnType<typeof adminService>;
