import { manageRoutes } from './manage/routes';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { pendingMigrations, type Db } from './db/client';
import { registerAccessControl } from './http/access';
import { registerAuditContext } from './audit/context';
import { registerIdempotency, startRequestKeyPrune } from './idempotency/request-keys';
import { registerJobSeenCheck } from './idempotency/job-seen';
import { auditRoutes } from './audit/routes';
import { resolveSessionUser } from './auth/sessions';
import type { AppDeps } from './deps';
import { sessionToken } from './http/session-cookie';
import { docsRoutes } from './docs/routes';
import { AppError, registerErrorHandling } from './http/errors';
import { appLogger } from './http/logging';
import { rememberSecretRoutes } from './http/secret-urls';
import { registerSecurity } from './http/security';
import { registerNulGuard } from './http/nul-guard';
import { BODY_LIMIT_BYTES } from './http/body-limit';
import { serverTimeoutOptions, type HttpTimeouts } from './http/timeouts';
import { authRoutes } from './auth/routes';
import { accountRoutes, registerPasswordChangeGuard } from './auth/account-routes';
import { registerAdminMfaRequirement } from './auth/mfa-gate';
import { bookingRoutes } from './bookings/routes';
import { jobRoutes } from './jobs/routes';
import { tyreRoutes } from './tyres/routes';
import { runRoutes } from './runs/routes';
import { billRoutes } from './bills/routes';
import { closureRoutes } from './closures/routes';
import { reportRoutes } from './reports/routes';
import { invoiceRoutes } from './invoices/routes';
import { paymentRoutes } from './payments/routes';
import { photoRoutes } from './photos/routes';
import { priceListRoutes } from './pricing/price-routes';
import { pricingRoutes } from './pricing/routes';
import { seoRoutes } from './seo/routes';
import { slotRoutes } from './slots/routes';
import { staffSlotRoutes } from './slots/staff-routes';
import { suburbRoutes } from './suburbs/routes';
import { suburbPageRoutes } from './suburbs/admin-routes';
import { teamRoutes } from './team/routes';
import { registerWeb, type WebMode } from './site/serve';
import { staffFirstScreen } from './site/staff-first-screen';
import { settingsRoutes } from './settings/routes';
import { createPublicChanges } from './cache/public-changes';
import { createSettingsStore } from './settings/store';
import { createMailer, type Mailer } from './adapters/email';
import type { PhotoStorage } from './adapters/storage';
import { createFileStorage } from './adapters/storage-choice';
import type { InvoicePdfStore } from './invoices/pdf-store';
import { createOutbox } from './emails/outbox';
import { emailRoutes } from './emails/routes';
import { createSmsOutbox } from './sms/delivery';
import { createSmsSender, type SmsSender } from './sms/provider';
import { smsRoutes } from './sms/routes';
import { notificationRoutes } from './notifications/routes';
import { createPaymentProvider } from './payments';
import type { PaymentProvider } from './payments/provider';
import { startHoldSweep } from './holds/service';
import { startReminderSweep } from './invoices/reminders';
import { customerMessageRoutes } from './messages/routes';
import { startMessageScheduler } from './messages/scheduler';
import { cleanPhotoLeftovers } from './photos/service';
import { cleanInvoicePdfLeftovers } from './invoices/leftovers';
import type { Periodic } from './scheduler/every';
import { startHealthChecks } from './system/alerts';
import { createHeartbeat } from './system/heartbeat';
import { registerMetrics } from './system/metrics';
import { systemRoutes } from './system/routes';
import { accountingRoutes, type XeroGateway } from './accounting/routes';

export type BuildAppOptions = {
  config: Config;
  db: Db;
  clock?: Clock;
  /** 'none' for API tests, 'dev' for Vite middleware, 'prod' for the built assets. */
  web?: WebMode;
  logger?: FastifyBaseLogger;
  mailer?: Mailer;
  /** The SMS adapter; by default Twilio when configured, else the local outbox. */
  smsSender?: SmsSender;
  /** Photo files; by default from FILE_STORAGE (decision 220). */
  storage?: PhotoStorage;
  /** Invoice PDF files; by default from FILE_STORAGE (decision 220). */
  pdfs?: InvoicePdfStore;
  payments?: PaymentProvider | null;
  /** The Xero the books are sent to; by default the real one with XERO_CLIENT_ID, else the simulated one (docs/decisions/418-xero-sync.md). */
  xero?: XeroGateway;
  /** Period of the expired-hold sweep in ms; null turns it off (the default when config.env is 'test'). */
  holdSweepMs?: number | null;
  /** Remove photo and invoice PDF files a crash left, when ready (decision 194); off by default when config.env is 'test'. */
  cleanFileLeftoversOnStart?: boolean;
  /** How long a request may take to arrive (decision 337); shortened by tests. */
  httpTimeouts?: Partial<HttpTimeouts>;
};

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A hop count becomes "trust the nearest N proxies" (proxy-addr's hop index), but only when the
 * nearest is on this machine (nginx in front of the instances, docs/deploying.md): a request that
 * reaches an instance's port directly keeps its own address, whatever X-Forwarded-For it sends.
 * Proxies on other machines are trusted by listing their addresses, which pass as they are.
 */
function trustProxySetting(value: Config['trustProxy']) {
  return typeof value === 'number'
    ? (address: string, hop: number) => hop < value && (hop > 0 || LOOPBACK.test(address))
    : value;
}

/** Builds the whole server without listening, so tests run it in-process. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Whichever logger it is given, a request's line hides a customer link's token (decision 397).
    ...(opts.logger ? { loggerInstance: appLogger(opts.logger) } : { logger: false }),
    trustProxy: trustProxySetting(opts.config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    ...serverTimeoutOptions(opts.httpTimeouts),
    // A request that reaches a closing instance is still served (its connection then closes), not
    // refused with 503: nginx does not retry a POST on a status (decision 225).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // Every route with a token param is masked in the logs, from its declaration (decision 397).
  rememberSecretRoutes(app);
  const clock = opts.clock ?? systemClock;
  const mailer = opts.mailer ?? createMailer(opts.config);
  const files = createFileStorage(opts.config);
  app.addHook('onClose', async () => files.close());
  // Public availability, pages and the owner's settings are kept per instance; the database tells every instance what changed (decision 231).
  const publicChanges = createPublicChanges({ db: opts.db, log: app.log });
  app.decorate('publicChanges', publicChanges);
  app.addHook('onReady', async () => publicChanges.start());
  app.addHook('onClose', async () => publicChanges.stop());
  const settings = createSettingsStore({ db: opts.db, config: opts.config, log: app.log }, publicChanges);
  // Request durations of every route, and /metrics for Prometheus (docs/decisions/400-system-health.md).
  const metrics = registerMetrics(app, { db: opts.db, clock, config: opts.config });
  const senderOfBusiness = async () => {
    const { business } = await settings.current();
    return `"${business.name.replace(/["\\<>]/g, '')}" <${business.email}>`;
  };
  const deps: AppDeps = {
    config: opts.config,
    db: opts.db,
    clock,
    log: app.log,
    mailer,
    outbox: createOutbox({
      db: opts.db,
      clock,
      mailer,
      log: app.log,
      mailFrom: opts.config.mailFrom ?? senderOfBusiness,
    }),
    sms: createSmsOutbox({ db: opts.db, clock, sender: opts.smsSender ?? createSmsSender(opts.config), log: app.log }),
    storage: opts.storage ?? files.photos,
    pdfs: opts.pdfs ?? files.pdfs,
    payments: opts.payments === undefined ? createPaymentProvider(opts.config) : opts.payments,
    settings,
    metrics,
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurity(app, opts.config);
  registerNulGuard(app);
  await app.register((await import('@fastify/cookie')).default);
  registerAccessControl(app, (request) => resolveSessionUser(deps, sessionToken(request)));
  registerPasswordChangeGuard(app);
  registerAdminMfaRequirement(app, deps);
  registerAuditContext(app);
  // Changes queued on a phone run once, and the office wins over them (decisions 345, 346).
  registerIdempotency(app, deps.db, clock);
  registerJobSeenCheck(app, deps.db);

  const instanceName = opts.config.instanceName;
  // Set when the app starts closing (SIGTERM): /readyz answers 503 and every response closes its connection (decision 225).
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Which instance answered, behind a proxy over several (decision 226).
    if (instanceName) reply.header('X-Instance', instanceName);
    if (draining) reply.header('Connection', 'close');
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'reachable' };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  // Readiness, unlike liveness: the database answers, every migration in drizzle/ is applied, and
  // the instance is not shutting down; a proxy or orchestrator sends it traffic only then (decision 225).
  app.get('/readyz', async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: 'draining' });
    let pending: string[];
    try {
      pending = await pendingMigrations(deps.db);
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
    if (pending.length > 0)
      return reply.status(503).send({ status: 'migrations pending', database: 'reachable', pending });
    return { status: 'ready', database: 'reachable', migrations: 'applied' };
  });

  const publicSlotRoutes = (d: AppDeps) => slotRoutes(d, publicChanges);
  // Each instance's row in the list of instances, from start to stop (docs/decisions/400-system-health.md).
  const heartbeat = createHeartbeat({ db: deps.db, clock, config: opts.config, log: app.log });
  app.addHook('onReady', async () => {
    await heartbeat.start().catch((err: unknown) => app.log.error({ err }, 'Could not add this instance to the list'));
  });
  app.addHook('onClose', async () => heartbeat.stop());
  const systemAreaRoutes = (d: AppDeps) => systemRoutes(d, heartbeat);

  // One plugin per business area; each route inside states its access level.
  for (const area of [
    authRoutes,
    accountRoutes,
    teamRoutes,
    publicSlotRoutes,
    staffSlotRoutes,
    pricingRoutes,
    priceListRoutes,
    bookingRoutes,
    photoRoutes,
    jobRoutes,
    tyreRoutes,
    runRoutes,
    invoiceRoutes,
    billRoutes,
    closureRoutes,
    reportRoutes,
    paymentRoutes,
    suburbRoutes,
    suburbPageRoutes,
    seoRoutes,
    emailRoutes,
    smsRoutes,
    notificationRoutes,
    settingsRoutes,
    auditRoutes,
    docsRoutes,
    customerMessageRoutes,
    manageRoutes,
    systemAreaRoutes,
    (d: AppDeps) => accountingRoutes(d, opts.xero),
  ]) {
    await app.register(area(deps));
  }

  // Unknown API paths answer JSON, never the HTML app.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/ws')) {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  // Periodic work runs on the one scheduler, each tick in one instance; closing the app stops it
  // and waits for a run in progress (docs/decisions/393-one-scheduler.md).
  const periodic: Periodic[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(periodic.map((job) => job.stop()));
  });
  // Unpaid prepaid holds lapse after config.holdMs and free their slot (decision 150).
  const holdSweepMs =
    opts.holdSweepMs === undefined ? (opts.config.env === 'test' ? null : opts.config.holdSweepMs) : opts.holdSweepMs;
  if (holdSweepMs) {
    app.addHook('onReady', async () => {
      periodic.push(startHoldSweep({ db: deps.db, clock, log: app.log }, holdSweepMs));
    });
  }
  // One reminder for each invoice a week overdue, within messaging hours (decision 299), every 15
  // minutes; visit reminders, review requests and return-visit reminders (decision 366), every
  // minute. Off in tests.
  if (opts.config.env !== 'test') {
    app.addHook('onReady', async () => {
      periodic.push(startReminderSweep({ ...deps, log: app.log }, 15 * 60_000));
      periodic.push(startMessageScheduler({ ...deps, log: app.log }, 60_000));
      // An old backup, a message waiting, a full disk: the owner is told once (docs/decisions/400-system-health.md).
      periodic.push(startHealthChecks({ ...deps, log: app.log }));
      // Idempotency keys expire after a day; the expired ones are deleted hourly (docs/decisions/409-request-keys-expire-in-a-day.md).
      periodic.push(startRequestKeyPrune({ db: deps.db, clock, log: app.log }));
    });
  }

  // Files a crash left between writing a file and committing its row (decision 194); a failure is logged, never fatal.
  if (opts.cleanFileLeftoversOnStart ?? opts.config.env !== 'test') {
    app.addHook('onReady', async () => {
      await cleanPhotoLeftovers(deps).catch((err: unknown) =>
        app.log.error({ err }, 'Could not clean up leftover photo files'),
      );
      await cleanInvoicePdfLeftovers(deps).catch((err: unknown) =>
        app.log.error({ err }, 'Could not clean up leftover invoice PDF files'),
      );
    });
  }

  await registerWeb(app, {
    mode: opts.web ?? 'none',
    config: opts.config,
    db: deps.db,
    settings: deps.settings,
    changes: publicChanges,
    staffFirstScreen: staffFirstScreen(deps),
  });
  return app;
}
