import type { FastifyBaseLogger } from 'fastify';
import type { LoggerOptions } from 'pino';
import { sanitizedError } from './errors';
import { loggedUrl, maskSecretsIn } from './secret-urls';

type LoggedRequest = { method?: string; url?: string; hostname?: string; ip?: string };

/**
 * What a log line may say of a request and of an error: no customer data (decision 256), so a
 * request's URL without its query string and with the token of a customer's link masked, and an
 * error without its database parameters or a link's token
 * (docs/decisions/397-tokens-kept-out-of-logs.md).
 */
export const LOG_SERIALIZERS = {
  err: sanitizedError,
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: req.url === undefined ? undefined : loggedUrl(req.url),
    host: req.hostname,
    remoteAddress: req.ip,
  }),
};

/**
 * A message logged as text (Fastify's "Route GET:/pay/... not found", a warning naming a URL) with
 * the same rule applied. Pino takes hooks on the root logger only: the server's (src/server/main.ts).
 */
export const LOG_HOOKS: NonNullable<LoggerOptions['hooks']> = {
  logMethod(args, method) {
    const masked = args.map((arg: unknown) => (typeof arg === 'string' ? maskSecretsIn(arg) : arg));
    return method.apply(this, masked as typeof args);
  },
};

/** The logger the app's requests use: whatever logger it is given, its request and error lines follow the rule. */
export const appLogger = (logger: FastifyBaseLogger): FastifyBaseLogger =>
  logger.child({}, { serializers: LOG_SERIALIZERS });
