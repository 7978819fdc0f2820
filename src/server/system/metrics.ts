import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client, { type Registry } from 'prom-client';
import { bookings, staffBookings } from '../../shared/contracts/bookings';
import type { ContractDef } from '../../shared/contracts/contract';
import { jobs } from '../../shared/contracts/jobs';
import type { AppDeps } from '../deps';
import type { AppMetrics } from './app-metrics';
import { waitingMessages } from './waiting-messages';

/**
 * `/metrics` in Prometheus's text format (docs/decisions/400-system-health.md), by prom-client:
 * request durations by route pattern, bookings and payments counted as they happen, the outboxes'
 * depth read at each scrape, and Node's own figures (event-loop lag, memory, CPU).
 */

/** Node's own figures, once per process however many apps it builds (the tests build many). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What counts as a booking made or a payment taken when its route answers 2xx (a replayed answer is not counted again). */
const COUNTED: ReadonlyArray<[ContractDef, (m: AppMetrics) => void]> = [
  [bookings.create, (m) => m.bookingCreated('public')],
  [staffBookings.create, (m) => m.bookingCreated('staff')],
  [jobs.recordOnsitePayment, (m) => m.paymentRecorded('onsite')],
];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who may read /metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>` when it is set, or
 * a process on this machine. The socket's own address is asked, never request.ip (which
 * TRUST_PROXY may take from X-Forwarded-For); and a request that came through a proxy (nginx on
 * this machine connects from 127.0.0.1) says so in X-Forwarded-For or Forwarded, and is refused
 * without the token.
 */
export function mayScrape(request: Pick<FastifyRequest, 'headers' | 'socket'>, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && typeof auth === 'string' && sameText(auth, `Bearer ${token}`)) return true;
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** Registers the request timing hook and GET /metrics; answers the counters the services call. */
export function registerMetrics(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): AppMetrics {
  const registry = new client.Registry();
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the URL, which may hold a token), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const bookingsCreated = new client.Counter({
    name: 'tyres_bookings_created_total',
    help: 'Bookings made by this instance: public (pay on site), staff, prepaid (when the card payment confirms it)',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const paymentsRecorded = new client.Counter({
    name: 'tyres_payments_recorded_total',
    help: 'Payments recorded by this instance: card (a booking or an invoice paid online), onsite (taken at the job)',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const waiting = new client.Gauge({
    name: 'tyres_outbox_waiting',
    help: 'Emails and texts waiting to go (read from the database at each scrape)',
    labelNames: ['outbox'] as const,
    registers: [registry],
  });
  const oldestWait = new client.Gauge({
    name: 'tyres_outbox_oldest_wait_seconds',
    help: 'How long the message waiting longest has waited to go; 0 when none waits',
    registers: [registry],
  });

  const metrics: AppMetrics = {
    bookingCreated: (channel) => bookingsCreated.inc({ channel }),
    paymentRecorded: (method) => paymentsRecorded.inc({ method }),
  };

  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    duration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_class: `${Math.floor(status / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    if (status >= 300 || reply.getHeader('idempotency-replayed') === 'true') return;
    const contract = (request.routeOptions.config as { contract?: ContractDef } | undefined)?.contract;
    if (contract) for (const [counted, count] of COUNTED) if (counted === contract) count(metrics);
  });

  // Scrapes every few seconds would fill the log: only problems are logged.
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!mayScrape(request, deps.config.metricsToken)) return reply.status(404).type('text/plain').send('Not found');
    const messages = await waitingMessages(deps.db, deps.clock.now());
    waiting.set({ outbox: 'email' }, messages.emailsWaiting);
    waiting.set({ outbox: 'sms' }, messages.textsWaiting);
    oldestWait.set(messages.oldestWaitSeconds ?? 0);
    const all = client.Registry.merge([processMetrics(), registry]);
    return reply
      .header('Cache-Control', 'no-store')
      .type(all.contentType)
      .send(await all.metrics());
  });

  return metrics;
}
