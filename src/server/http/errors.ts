import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { BODY_TOO_LARGE_MESSAGE, readRestOfOversizedBody } from './body-limit';
import { maskSecretsIn } from './secret-urls';

export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type of the server: a code (mapped to a status above) and a sentence for a person. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export type ErrorBody = { error: ErrorCode; message: string; fields?: Record<string, string> } & Record<
  string,
  unknown
>;

function fieldsFromIssues(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The fields of a database error that describe it without the data: never its parameters or detail (they hold customers' names and emails). */
const SAFE_DATABASE_FIELDS = ['code', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * An error as the logs may hold it (decision 256: no customer data in logs): its type, message and
 * stack, and for a database error its code, constraint and statement text, never the statement's
 * parameters. Already sanitized (a plain object) stays as it is. Drizzle puts the parameters into its message ("Failed query: ... params: ..."), so
 * the message is cut before them.
 */
export function sanitizedError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error))
    return typeof err === 'object' && err !== null
      ? (err as Record<string, unknown>)
      : { message: maskSecretsIn(String(err).slice(0, 200)) };
  const out: Record<string, unknown> = { type: err.constructor?.name ?? 'Error', message: withoutParams(err.message) };
  if (err.stack)
    out.stack = [`${String(out.type)}: ${String(out.message)}`, ...stackFrames(err.stack)].join('\n').slice(0, 4000);
  // The driver's error (the cause) holds the code and the constraint: flattened, so a log shipper keeps them.
  const causes: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const record = e as unknown as Record<string, unknown>;
    for (const key of SAFE_DATABASE_FIELDS) if (typeof record[key] === 'string') out[key] ??= record[key];
    if (typeof record.query === 'string') out.statement ??= record.query.slice(0, 2000);
    if (e !== err) causes.push(withoutParams(e.message));
  }
  if (causes.length) out.causedBy = causes.join(' <- ');
  return out;
}

/**
 * Drizzle's "Failed query: ...\nparams: a,b,c" cut before its parameters, which may span lines (a
 * customer's notes), and a customer link's token masked (docs/decisions/397-tokens-kept-out-of-logs.md).
 */
const withoutParams = (text: string) => maskSecretsIn(text.replace(/\nparams:[\s\S]*$/, '').slice(0, 2000));
/** A stack's frames only: its first lines repeat the message, parameters included. */
const stackFrames = (stack: string) =>
  stack
    .split('\n')
    .filter((line) => /^\s+at \S/.test(line))
    .map(maskSecretsIn);

/** The PostgreSQL code of a database error, from the error or the driver error it wraps. */
function databaseCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A value the database refused as data: text too long, a number or a date it cannot hold, a NUL in
 * text. The field rules refuse these first (docs/product.md "API conventions"); this keeps any that
 * slip past them a 400 with a message rather than a 500. Other class-22 codes (division by zero, a
 * bad cast in our own SQL) are our faults and stay 500s.
 */
const DATA_REFUSALS: Readonly<Record<string, string>> = {
  '22001': 'A text is too long',
  '22003': 'A number or amount is too large',
  '22007': 'Invalid date format',
  '22008': 'Invalid date format',
  '22021': 'Text must not contain control characters',
  '22P05': 'Text must not contain control characters',
};

function validationBody(fields: Record<string, string>): ErrorBody {
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return { error: 'VALIDATION', message: first, fields };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (err instanceof AppError) {
      // A refusal for going too fast, or for a moment too busy (the hash gate, decision 399), says
      // when to try again, whichever limit it came from.
      if (typeof err.extra.retryAfterSeconds === 'number')
        reply.header('Retry-After', String(err.extra.retryAfterSeconds));
      return reply.status(err.status).send({ error: err.code, message: err.message, ...err.extra } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      return reply.status(400).send(validationBody(fields));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(validationBody(fieldsFromIssues(err.issues)));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: sanitizedError(err) }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return readRestOfOversizedBody(request).then(() =>
        reply.status(413).send({ error: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE } satisfies ErrorBody),
      );
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ?? 'VALIDATION') as ErrorCode;
      return reply.status(status).send({ error: code, message: err.message });
    }
    const refusal = DATA_REFUSALS[databaseCode(err) ?? ''];
    if (refusal) {
      // Logged as an error: a field rule has a hole to close.
      request.log.error({ err: sanitizedError(err) }, 'the database refused a value the field rules let through');
      return reply.status(400).send({ error: 'VALIDATION', message: refusal } satisfies ErrorBody);
    }
    request.log.error({ err: sanitizedError(err) }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError('CONFLICT', message, extra);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION', message, fields ? { fields } : {});
