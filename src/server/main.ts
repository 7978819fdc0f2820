import os from 'node:os';
import pino from 'pino';
import { buildApp } from './app';
import { LOG_HOOKS, LOG_SERIALIZERS } from './http/logging';
import { describeFileStorage } from './adapters/storage-choice';
import { clockStartingAt, systemClock } from './clock';
import { loadConfigOrExit } from './config';
import { oneInstanceAtATime, openDatabase } from './db/client';
import { seedReferenceData } from './db/seed/reference';
import { ensureSetupCode } from './auth/owner-setup';
import { sealStoredMfaSecrets } from './auth/mfa';
import { keyFromDataDir } from './secrets/at-rest';
import { canAlterAuditLog } from './db/runtime-role';

async function main() {
  const loaded = loadConfigOrExit();
  // Without SECRETS_KEY the embedded database keeps its key in DATA_DIR; loadConfig has refused a
  // production DATABASE_URL without one (docs/decisions/401-secrets-at-rest.md).
  const keyFile = loaded.secrets
    ? { ring: loaded.secrets, file: undefined, created: false }
    : keyFromDataDir(loaded.dataDir);
  const config = { ...loaded, secrets: keyFile.ring };
  // Started before anything slow, so the test clock's "now" is close to the moment the server was launched.
  const clock = config.testClockStart ? clockStartingAt(config.testClockStart) : systemClock;
  const logger = pino({
    level: config.logLevel,
    // No customer data in logs (decision 256): an error is logged without its database parameters,
    // a request's URL without its query string (a search for a customer's name), and neither with
    // the token of a customer's link (docs/decisions/397-tokens-kept-out-of-logs.md).
    serializers: LOG_SERIALIZERS,
    hooks: LOG_HOOKS,
    // Several instances log to one place: each line says which (decision 226).
    ...(config.instanceName
      ? { base: { pid: process.pid, hostname: os.hostname(), instance: config.instanceName } }
      : {}),
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: config.dataDir,
    onLost: (err) => {
      logger.fatal({ err }, 'The embedded database stopped; exiting so the service manager starts the app again');
      process.exit(1);
    },
  });
  const seeded = await oneInstanceAtATime(database, async () => {
    await database.migrate();
    const sealed = await sealStoredMfaSecrets(database.db, keyFile.ring);
    return { ...(await seedReferenceData(database.db, config)), sealed };
  });

  const app = await buildApp({
    config,
    db: database.db,
    clock,
    web: config.env === 'development' ? 'dev' : 'prod',
    logger,
  });
  // The address to open: the public URL, the only origin (with its local aliases) allowed to send
  // forms (docs/decisions/395-newcomer-first-run.md). Fastify logs a line per interface it listens
  // on; the first says where to open the site, the others only where it listens.
  const url = config.publicBaseUrl;
  let listenLines = 0;
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) =>
      listenLines++ === 0
        ? `Serving the site at ${url} (staff dashboard: ${url}/dashboard)`
        : `Also listening on ${address}; open the site at ${url}`,
  });
  logger.info(describeFileStorage(config));
  logger.info(
    `Data: ${database.engine === 'pglite' ? `embedded PostgreSQL (PGlite) in ${database.location}` : `PostgreSQL at ${database.location}`}`,
  );
  // The app's login should not be able to switch off the audit log's trigger or rewrite it
  // (docs/decisions/408-app-login-not-a-superuser.md).
  if (database.engine === 'postgres' && (await canAlterAuditLog(database.db)))
    logger.warn(
      "DATABASE_URL's role is a superuser or owns the tables, so the app could switch off or rewrite the audit log: give it a runtime role without DDL rights and the owner's URL as DATABASE_MIGRATION_URL (docs/deploying.md).",
    );
  if (config.testClockStart)
    logger.warn(
      `TEST_CLOCK_START: the server's clock started at ${config.testClockStart.toISOString()} and runs on from there (test-only setting).`,
    );
  if (keyFile.created)
    logger.info(
      `Made a key for secrets at rest in ${keyFile.file} (SECRETS_KEY is unset): keep it with the data directory and its backups.`,
    );
  if (seeded.sealed) logger.info(`Sealed ${seeded.sealed} stored two-factor secret(s) with the secrets key`);
  if (seeded.tyrePrices || seeded.suburbPages)
    logger.info(`Loaded reference data: ${seeded.tyrePrices} tyre prices, ${seeded.suburbPages} suburb pages`);
  if (seeded.adminCreated)
    logger.info(`Created the first admin user '${seeded.adminCreated}' from ADMIN_USERNAME/ADMIN_PASSWORD`);
  if (seeded.noAdmin)
    logger.warn(
      'Staff accounts exist but no admin: nobody can run the dashboard. Set ADMIN_USERNAME (a name no one has) and ADMIN_PASSWORD and start again, or run npm run user:create -- --username <name> --password <password> --role admin',
    );
  if (config.isProduction && !config.publicBaseUrl.startsWith('https://')) {
    logger.warn(
      `PUBLIC_BASE_URL is ${config.publicBaseUrl}: set it to the site's https:// address so links, the sitemap and Secure session cookies are right.`,
    );
  }
  if (config.isProduction && config.paymentProvider === 'simulated') {
    logger.warn(
      'PAYMENTS_SIMULATED=true: prepaid bookings use the test-mode card form and NO real payment is taken. Do not use this for real customers.',
    );
  }
  const setupCode = await ensureSetupCode(database.db);
  if (setupCode) {
    logger.warn(
      `No staff user exists yet. Open ${url}/dashboard and create the owner account with the setup code ${setupCode} ` +
        '(it works once, and only while no staff user exists). Or: npm run user:create -- --username admin --password <password> --role admin, ' +
        'or restart with ADMIN_USERNAME and ADMIN_PASSWORD set.',
    );
    // The same, where a person starting the app sees it: plain lines on stderr, not one JSON line
    // among hundreds (docs/decisions/395-newcomer-first-run.md).
    process.stderr.write(setupBanner(url, setupCode));
  }

  // Graceful shutdown (decision 225): stop accepting connections (the proxy retries them on another
  // instance), let requests in flight finish for up to SHUTDOWN_SECONDS, tell live sockets 1001 so
  // dashboards reconnect elsewhere, let the hold sweep and the outbox finish their pass, close the database.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping)
      return logger.info(`${signal} received again: still draining (at most ${config.shutdownMs / 1000} s)`);
    stopping = true;
    logger.info(
      `${signal} received: draining requests in flight (at most ${config.shutdownMs / 1000} s), then stopping`,
    );
    const cutOff = setTimeout(() => {
      logger.warn(`Requests still in flight after ${config.shutdownMs / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownMs);
    // A pass or a socket that never ends must not keep a stopping instance alive.
    const giveUp = setTimeout(() => {
      logger.error('Shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, config.shutdownMs + 10_000);
    cutOff.unref();
    giveUp.unref();
    try {
      await app.close();
      await database.close();
    } catch (err) {
      logger.error({ err }, 'Shutdown failed');
      process.exit(1);
    }
    logger.info('Stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** The first start's instructions, as a block of plain text that stands out in a log. */
function setupBanner(url: string, setupCode: string): string {
  const lines = [
    'No staff account exists yet. Create the owner account:',
    '',
    `  1. Open ${url}/dashboard`,
    `  2. Enter the setup code  ${setupCode}`,
    "     with the owner's username and password.",
    '',
    'The code works once, and only while no staff account exists.',
    'Or: npm run user:create -- --username <name> --password <password> --role admin',
  ];
  const rule = '='.repeat(Math.max(...lines.map((l) => l.length)) + 4);
  return ['', rule, ...lines.map((l) => (l ? `  ${l}` : '')), rule, '', ''].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
