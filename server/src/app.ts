import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Limits, TaskStatus, type Task } from '@draw/shared';
import { enabledEngines, enginePrices, trustProxySetting, type Config } from './config';
import { loggerOptions } from './logger';
import { apiNotFound, envelopePlugin, frameworkError } from './http/envelope';
import { authenticationPlugin } from './http/auth';
import { admissionPlugin, type RateCounts } from './http/admission';
import {
  capConnectionsPerAddress,
  connectionBoundsOf,
  cutSlowRequests,
  httpServerOptions,
} from './http/connections';
import type { Storage } from './storage/port';
import { openStorage } from './storage/open';
import type { BlobStore } from './blobs/port';
import { folderBlobStore } from './blobs/folder';
import { gridFsBlobStore } from './blobs/gridfs';
import { healthPlugin } from './features/health/plugin';
import { companyRepository } from './features/company/repository';
import { companyService } from './features/company/service';
import { companyPlugin } from './features/company/plugin';
import { authRepository } from './features/auth/repository';
import { authService } from './features/auth/service';
import { authPlugin } from './features/auth/plugin';
import { consoleSmsSender, type SmsSender } from './features/auth/sms';
import { aliyunSmsSender } from './features/auth/aliyun-sms';
import { consoleEmailSender, type EmailSender } from './features/auth/email';
import { smtpEmailSender } from './features/auth/smtp-email';
import { slowdown } from './features/auth/slowdown';
import { throttle } from './features/auth/throttle';
import { uploadsRepository } from './features/uploads/repository';
import { uploadsService } from './features/uploads/service';
import { uploadsPlugin } from './features/uploads/plugin';
import { filesPlugin } from './features/files/plugin';
import { sharePlugin } from './features/share/plugin';
import { sharesRepository } from './features/share/repository';
import { shareService } from './features/share/service';
import { channelsRepository } from './features/channels/repository';
import { channelsService } from './features/channels/service';
import { channelsPlugin } from './features/channels/plugin';
import { messagesRepository } from './features/messages/repository';
import { messagesService, type MessagesService } from './features/messages/service';
import { messagesPlugin } from './features/messages/plugin';
import { tasksInChannel } from './features/tasks/in-channel';
import { tasksRepository } from './features/tasks/repository';
import { taskStore } from './features/tasks/store';
import { TaskRunner } from './features/tasks/runner';
import { jobResolver } from './features/tasks/resolve';
import { billingRepository } from './features/billing/repository';
import { billingService } from './features/billing/service';
import { billingPlugin } from './features/billing/plugin';
import { tasksService, type PromptComposer } from './features/tasks/service';
import { createTranslator } from './features/translate/create';
import { translatePlugin } from './features/translate/plugin';
import { promptTranslator } from './features/translate/service';
import { tasksPlugin } from './features/tasks/plugin';
import { createEngine } from './engines/create';
import { EngineRegistry } from './engines/registry';
import { enginesPlugin } from './engines/plugin';
import { livePricing } from './features/admin/prices';
import { adminRepository } from './features/admin/repository';
import { adminService } from './features/admin/service';
import { adminPlugin } from './features/admin/plugin';
import { siteEvents } from './features/admin/live';
import { moderationRepository } from './features/moderation/repository';
import { moderationService, ENGINE_REFUSALS } from './features/moderation/service';
import { moderationPlugin } from './features/moderation/plugin';
import { republishUnsent } from './realtime/republish';
import type { ImageEngine } from './engines/port';
import { upstreamHooks } from './features/upstream/service';
import { upstreamPlugin } from './features/upstream/plugin';
import { archiveImagesRepository, favoritesRepository } from './features/archive/repository';
import { archiveService } from './features/archive/service';
import { archivePlugin } from './features/archive/plugin';
import { readsPlugin } from './features/reads/plugin';
import { readsRepository } from './features/reads/repository';
import { readsService } from './features/reads/service';
import { settingsRepository } from './features/settings/repository';
import { pendingInfoSources, settingsService, type DrawInfoSources } from './features/settings/service';
import { settingsPlugin } from './features/settings/plugin';
import { realtimeRepository } from './realtime/repository';
import { ChannelHub } from './realtime/hub';
import { sequenceFor } from './realtime/sequence';
import { socketTickets } from './realtime/tickets';
import { realtimePlugin } from './realtime/plugin';
import { createSocketServer, type SocketServer } from './realtime/socket';
import { securityPlugin } from './http/security';
import { documentRoute } from './http/openapi';
import { answerCheckPlugin } from './http/answers';
import { OneLinePerRequest } from './http/request-log';
import { shareRoomsThroughMongo } from './realtime/cluster';
import cluster from 'node:cluster';
import { shareRoomsBetweenMembers } from './realtime/member-rooms';
import { SESSIONS_DIR_ENV, shareSessionsBetweenMembers } from './realtime/member-sessions';
import { ClusterRole } from './cluster';
import { topologyProblem, type MongoStorage } from './storage/mongo';
import { createMetrics, metricsPlugin } from './observability/metrics';

export interface App {
  http: FastifyInstance;
  io: SocketServer;
  storage: Storage;
  services: ReturnType<typeof composeServices>;
  /** Every route registered, as `METHOD /url` (HEAD twins left out): tests compare it with the route table. */
  routes: readonly string[];
  close(): Promise<void>;
}

export interface AppOptions {
  /** Use this store instead of opening one from the configuration (tests). */
  storage?: Storage;
  now?: () => number;
  /**
   * Use this image engine instead of the configured one of its name, or of the site's default
   * when none has its name (benchmarks that stamp progress).
   */
  engine?: ImageEngine;
  /** Use these instead of the enabled engines of the same names (tests with several engines). */
  engines?: readonly ImageEngine[];
  /** This process is one of a cluster's members (WORKERS > 1), with this part in its start. */
  cluster?: ClusterRole;
  /** Tests: fail any /api answer the route table does not describe (`http/answers.ts`). */
  checkAnswers?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

function openBlobs(config: Config, storage: Storage): BlobStore {
  const connection = (storage as Storage & { connection?: Parameters<typeof gridFsBlobStore>[0] }).connection;
  return connection ? gridFsBlobStore(connection) : folderBlobStore(config.DATA_DIR);
}

function smsSender(config: Config, http: FastifyInstance): SmsSender {
  if (config.SMS_PROVIDER === 'console') return consoleSmsSender(http.log, config.NODE_ENV === 'production');
  return aliyunSmsSender({
    accessKeyId: config.ALIYUN_ACCESS_KEY_ID,
    accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET,
    signName: config.ALIYUN_SMS_SIGN_NAME,
    templateCode: config.ALIYUN_SMS_TEMPLATE_CODE,
    endpoint: config.ALIYUN_SMS_ENDPOINT,
  });
}

function emailSender(config: Config, http: FastifyInstance): EmailSender {
  if (config.EMAIL_SENDER === 'smtp')
    return smtpEmailSender({ url: config.SMTP_URL, from: config.EMAIL_FROM });
  if (config.NODE_ENV === 'production')
    http.log.warn('EMAIL_SENDER=console: sign-in by email code is off; set EMAIL_SENDER=smtp to mail codes');
  return consoleEmailSender(http.log, config.NODE_ENV === 'production');
}

/**
 * Where the route table's rate limits count, so that every process of a site shares one count:
 * MongoDB (processes on several hosts), the cluster's primary (WORKERS > 1), or this process.
 */
function rateCountsFor(storage: Storage, cluster: ClusterRole | undefined): RateCounts {
  const connection = (storage as Partial<MongoStorage>).connection;
  if (connection) return { kind: 'mongo', connection };
  return cluster ? { kind: 'cluster' } : { kind: 'memory' };
}

/** Every enabled engine, created once (a stand-in given by a test or a bench in its place). */
function engineRegistry(
  config: Config,
  http: FastifyInstance,
  options: Pick<AppOptions, 'engine' | 'engines'>,
): EngineRegistry {
  const names = enabledEngines(config);
  const standIns = new Map((options.engines ?? []).map((engine) => [engine.name as string, engine]));
  if (options.engine)
    standIns.set(
      names.includes(options.engine.name as never) ? options.engine.name : names[0]!,
      options.engine,
    );
  return new EngineRegistry(names.map((name) => standIns.get(name) ?? createEngine(config, http.log, name)));
}

/** The composition root: every service is built here, once, from the storage and config. */
function composeServices(
  config: Config,
  storage: Storage,
  http: FastifyInstance,
  now: () => number,
  overrides: Pick<AppOptions, 'engine' | 'engines'> = {},
  role?: ClusterRole,
) {
  const blobs = openBlobs(config, storage);
  const company = companyService(config, companyRepository(storage));
  const authRepo = authRepository(storage);
  const auth = authService({
    repo: authRepo,
    sms: smsSender(config, http),
    email: emailSender(config, http),
    siteName: config.COMPANY_NAME,
    onSendFailure: (err) => http.log.error({ err }, 'login code send failed'),
    throttle: throttle(authRepo.counters, now),
    slowdown: slowdown(authRepo.slowdowns, now),
    now,
  });
  const uploads = uploadsService({ repo: uploadsRepository(storage), blobs, now });
  const realtime = realtimeRepository(storage);
  const hub = new ChannelHub(
    realtime,
    sequenceFor(storage.kind, realtime, { clustered: role !== undefined }),
    now,
  );
  const tickets = socketTickets(realtime, auth, now);
  const engines = engineRegistry(config, http, overrides);
  const engine = engines.default;
  // The configured prices, with the console's over them (features/admin/prices.ts).
  const pricing = livePricing(enginePrices(config));
  const site = siteEvents();
  const adminRepo = adminRepository(storage);
  const moderation = moderationService({
    repo: moderationRepository(storage),
    chatModerated: async () => (await adminRepo.site.get())?.moderateChat ?? false,
    announceHidden: (change) => site.hidden(change),
    announcePause: (userId, change) => site.pause(userId, change),
    now,
  });
  const channels = channelsService({
    repo: channelsRepository(storage),
    users: authRepo.users,
    hub,
    now,
    engines: engines.names,
  });
  // The profile is stored either way: a failed announcement is logged, not answered as a failure.
  auth.onProfileChanged((userId) =>
    channels
      .announceProfile(userId)
      .catch((err: unknown) => http.log.error({ err }, 'profile announce failed')),
  );
  const tasksRepo = tasksRepository(storage);
  const store = taskStore(tasksRepo, hub);
  const billingFeature = billingService({
    repo: billingRepository(storage),
    config,
    now,
    log: http.log,
    priceOf: pricing.priceOf,
  });
  const billing = billingFeature.billing;
  const runner = new TaskRunner({
    repo: tasksRepo,
    store,
    engines,
    resolve: jobResolver(blobs, tasksRepo),
    blobs,
    billing,
    concurrency: config.ENGINE_CONCURRENCY,
    // Once per cluster: its first member starts alone; the others (and replacements) leave leases to expire.
    exclusive: storage.kind === 'embedded' && (role === undefined || role === ClusterRole.First),
    now,
    log: http.log,
  });
  const settings = settingsService({ repo: settingsRepository(storage), users: authRepo.users, now });
  const prompts: PromptComposer = settings;
  const translator = promptTranslator({
    translator: createTranslator(config),
    timeoutMs: config.TRANSLATE_TIMEOUT_MS,
    log: http.log,
  });
  const drawInfo: DrawInfoSources = {
    ...pendingInfoSources(engine.displayName),
    planOf: (userId) => billingFeature.ledger.planOf(userId),
    taskCounts: (userId) => tasksRepo.countsFor(userId),
  };

  // A page of messages lists its tasks, read from the tasks' repository: the tasks service posts
  // messages, so messages do not depend on it.
  const messages: MessagesService = messagesService({
    repo: messagesRepository(storage),
    users: authRepo.users,
    channels,
    hub,
    now,
    tasksByIds: tasksInChannel(tasksRepo, () => moderation.hiddenTasks()),
    checkText: (userId, channelId, content) => moderation.checkChat(userId, channelId, content),
  });
  const tasks = tasksService({
    repo: tasksRepo,
    store,
    runner,
    channels,
    messages,
    uploads,
    blobs,
    billing,
    prompts,
    translator,
    engines,
    publicUrl: config.PUBLIC_URL,
    flush: () => storage.flush(),
    now,
    guard: (userId, channelId, texts) => moderation.checkSubmit(userId, channelId, texts),
    hidden: () => moderation.hiddenTasks(),
  });
  channels.onMemberRemoved((channelId, userId) =>
    tasks.cancelAllOf(channelId, userId).then(
      () => undefined,
      (err: unknown) => http.log.error({ err, channelId, userId }, "a former member's tasks not cancelled"),
    ),
  );
  const upstream = upstreamHooks({ tasks: tasksRepo, engines });
  const archive = archiveService({
    tasks: tasksRepo,
    images: archiveImagesRepository(storage),
    favorites: favoritesRepository(storage),
    channels: channelsRepository(storage),
    users: authRepo.users,
    blobs,
    hub,
    now,
    hidden: () => moderation.hiddenTasks(),
  });
  const share = shareService({
    repo: sharesRepository(storage),
    tasks: tasksRepo,
    users: authRepo.users,
    asMember: (channelId, userId) => channels.asMember(channelId, userId),
    blobs,
    isHidden: (taskId) => moderation.isHiddenTask(taskId),
    now,
  });
  const reads = readsService({
    repo: readsRepository(storage),
    channels: channelsRepository(storage),
    access: channels,
    hub,
    now,
    onError: (err) => http.log.warn({ err }, 'unread notice not sent'),
  });
  hub.observe((event) => reads.onEvent(event));
  // An engine's own refusal of a prompt counts toward a pause as a banned word does.
  hub.observe((event) => {
    if (event.type !== 'task.updated') return;
    const task = event.data as Task;
    const code = task.properties.failure?.code;
    if (task.status !== TaskStatus.Failure || !code || !ENGINE_REFUSALS.has(code)) return;
    void moderation
      .recordEngineRefusal({ userId: task.userId, channelId: task.channelId, prompt: task.prompt, code })
      .catch((err: unknown) => http.log.warn({ err }, 'engine refusal not recorded'));
  });
  const admin = adminService({
    repo: adminRepo,
    auth,
    billing: billingFeature,
    channels,
    tasks,
    company,
    engines,
    moderation,
    pricing,
    live: site,
    now,
  });
  const recentChanges = [store.recentChanges, messages.recentChanges];
  return {
    blobs,
    company,
    auth,
    uploads,
    hub,
    realtime,
    recentChanges,
    tickets,
    channels,
    engine,
    engines,
    pricing,
    runner,
    messages,
    tasks,
    translator,
    settings,
    drawInfo,
    upstream,
    archive,
    share,
    reads,
    billing: billingFeature,
    moderation,
    admin,
    site,
  };
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const now = options.now ?? Date.now;
  const storage =
    options.storage ??
    (await openStorage(config, 'server', { clusterMember: options.cluster !== undefined }));
  const http = Fastify({
    logger: loggerOptions(config),
    genReqId: () => randomUUID(),
    // One line per request, not two.
    logController: new OneLinePerRequest(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 256 * 1024,
    // Slow requests are cut (a body that has not arrived within REQUEST_TIMEOUT_MS), headers sooner.
    http: httpServerOptions(connectionBoundsOf(config)),
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: trustProxySetting(config.TRUST_PROXY) ?? false,
    frameworkErrors: frameworkError,
    // The upstream task schema spells nullable fields as type lists (`['string', 'null']`).
    ajv: { customOptions: { allowUnionTypes: true } },
  });
  cutSlowRequests(http.server, connectionBoundsOf(config));
  // Counted per process: a cluster's members each hold their share of an address's connections.
  capConnectionsPerAddress(http.server, config.CONNECTIONS_PER_ADDRESS);
  const routes: string[] = [];
  http.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  const services = composeServices(config, storage, http, now, options, options.cluster);

  await http.register(swagger, {
    openapi: {
      info: {
        title: 'Drawspace API',
        version: '1.0.0',
        description: 'Every answer is the envelope { code, message, data, success }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: documentRoute,
  });
  // The API's map is for developers; a production server shows it only when told to.
  if (config.NODE_ENV !== 'production' || config.PUBLIC_API_DOCS)
    await http.register(swaggerUi, { routePrefix: '/docs' });
  else
    for (const url of ['/docs', '/docs/*'])
      http.get(url, { schema: { hide: true } }, (_request, reply) =>
        reply.status(404).type('text/plain').send('Not found'),
      );
  await http.register(envelopePlugin);
  if (options.checkAnswers) await http.register(answerCheckPlugin);
  const webDistDir = config.WEB_DIST_DIR || defaultWebDist;
  const corsOrigins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await http.register(securityPlugin, {
    webDistDir,
    corsOrigins,
    https: config.PUBLIC_URL.startsWith('https://'),
  });
  const metrics = createMetrics();
  services.hub.observe((event, sentAt) => metrics.observeEvent(event, sentAt));
  await http.register(metricsPlugin, {
    metrics,
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  });
  await http.register(multipart, {
    limits: { fileSize: Limits.imageMaxBytes, files: Limits.uploadMaxFiles + 1 },
  });
  await http.register(authenticationPlugin, { resolver: services.auth });
  await http.register(admissionPlugin, { counts: rateCountsFor(storage, options.cluster) });
  await http.register(healthPlugin, { storage, startedAt: now() });
  await http.register(companyPlugin, {
    company: services.company,
    translatesPrompts: config.TRANSLATE_PROVIDER !== 'none',
    ...(services.engine.offers ? { offers: services.engine.offers.bind(services.engine) } : {}),
  });
  await http.register(authPlugin, {
    auth: services.auth,
    pausedUntil: (userId) => services.moderation.pausedUntil(userId),
  });
  await http.register(uploadsPlugin, { uploads: services.uploads });
  await http.register(filesPlugin, {
    blobs: services.blobs,
    isHidden: (key) => services.moderation.isHiddenFile(key),
  });
  await http.register(channelsPlugin, { channels: services.channels });
  await http.register(enginesPlugin, { engines: services.engines, pricing: services.pricing });
  await http.register(messagesPlugin, { messages: services.messages });
  await http.register(tasksPlugin, { tasks: services.tasks });
  await http.register(translatePlugin, { translator: services.translator });
  await http.register(archivePlugin, { archive: services.archive });
  await http.register(readsPlugin, { reads: services.reads });
  await http.register(sharePlugin, {
    share: services.share,
    publicUrl: config.PUBLIC_URL,
    siteName: config.COMPANY_NAME,
  });
  await http.register(upstreamPlugin, { hooks: services.upstream });
  await http.register(settingsPlugin, {
    settings: services.settings,
    channels: services.channels,
    infoSources: services.drawInfo,
  });
  await http.register(billingPlugin, { billing: services.billing, publicUrl: config.PUBLIC_URL });
  await http.register(realtimePlugin, { tickets: services.tickets, publicUrl: config.PUBLIC_URL });
  await http.register(adminPlugin, { admin: services.admin });
  await http.register(moderationPlugin, {
    moderation: services.moderation,
    archive: services.archive,
    announcement: () => services.admin.announcement(),
  });
  await registerWebApp(http, webDistDir);

  const io = createSocketServer(http.server, {
    hub: services.hub,
    tickets: services.tickets,
    access: services.channels,
    sessions: services.auth,
    log: http.log,
  });
  services.site.attach(io);
  const mongo = storage as Partial<MongoStorage>;
  if (mongo.connection && mongo.topology) {
    // A standalone server has no change streams: one process only (openStorage refuses WORKERS > 1).
    if (topologyProblem(mongo.topology, 2) === null) await shareRoomsThroughMongo(io, mongo.connection);
    else
      http.log.warn(
        'MongoDB is a standalone server: rooms are not shared, so only this one process may use this database',
      );
  }
  const member = { member: cluster.worker?.id ?? 0, dir: process.env[SESSIONS_DIR_ENV] ?? '', log: http.log };
  // Rooms shared member to member, before this member publishes anything (MongoDB shares them above).
  const stopSharingRooms =
    options.cluster && !mongo.connection ? await shareRoomsBetweenMembers(io, member) : async () => undefined;
  // A long-polling session that reaches another member is passed to this one, and back.
  const stopSharingSessions = options.cluster
    ? await shareSessionsBetweenMembers(io, member)
    : async () => undefined;
  metrics.bindSources({
    socketsConnected: () => io.engine.clientsCount,
    queue: () => services.runner.counts(),
    tasksByStatus: () => services.tasks.unfinishedCountsByStatus(),
  });
  await storage.ready();
  await services.billing.start();
  await services.admin.start();
  // A member joining a cluster that has just started leaves this to the first (or never two republish one change).
  const republished =
    options.cluster === ClusterRole.Joining
      ? 0
      : await republishUnsent(services.hub, services.realtime, services.recentChanges);
  if (republished > 0)
    http.log.warn({ republished }, 'published events that a stopped process stored but never sent');
  await services.runner.start();
  // What each upstream offers decides which buttons and commands work: learnt now, in the background.
  for (const engine of services.engines.all) {
    void engine
      .prepare?.()
      .catch((err: unknown) =>
        http.log.warn({ err, engine: engine.name }, 'upstream not probed; its answers will tell'),
      );
  }
  // Whether each engine answers, for the picker: every 30 s, never on a request.
  services.engines.startProbes(http.log);

  let closed = false;
  return {
    http,
    io,
    storage,
    services,
    routes,
    async close() {
      if (closed) return;
      closed = true;
      services.engines.stopProbes();
      await services.runner.stop();
      services.billing.stop();
      await stopSharingSessions();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await stopSharingRooms();
      await http.close();
      if (!options.storage) await storage.close();
    },
  };
}

/**
 * The built web app with SPA fallback; unknown /api routes get the envelope instead. Hashed
 * assets are looked up per request, not listed at start: a deploy that rebuilds web/dist under a
 * running server is served at once (a browser holding the old index.html asks for new chunk
 * names; index.html itself is read by the fallback on each request). The few unhashed files at
 * the top (icons) are listed at start: a wildcard there would also catch /api paths that the
 * router refuses (an over-long parameter) before the envelope can answer them.
 */
async function registerWebApp(http: FastifyInstance, distDir: string) {
  const indexHtml = path.join(distDir, 'index.html');
  const common = {
    index: false as const,
    // The build writes .br and .gz beside each asset (web/build/precompress.ts).
    preCompressed: true,
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
  await http.register(fastifyStatic, {
    ...common,
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    wildcard: true,
  });
  if (fs.existsSync(distDir)) {
    await http.register(fastifyStatic, {
      ...common,
      root: distDir,
      wildcard: false,
      globIgnore: ['assets/**', 'index.html'],
      decorateReply: false,
    });
  }
  http.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET')
      return apiNotFound(request, reply);
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html'))
      return reply.status(404).type('text/plain').send('Not found');
    // Opened before the answer starts, so a failure (not built, no descriptor left) is a 503 here,
    // never an 'error' on a stream mid-reply.
    let page: fs.promises.FileHandle;
    try {
      page = await fs.promises.open(indexHtml, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build`.');
      request.log.warn({ err: error }, 'index.html could not be opened');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .type('text/plain')
        .send('The web app cannot be read just now: try again in a moment.');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(page.createReadStream());
  });
}
