import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

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

export type ErrorBody = { error: ErrorCode; message: string; fields?: Record<string, string> } & Record<string, unknown>;

function fieldsFromIssues(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function validationBody(fields: Record<string, string>): ErrorBody {
  const first = Object.values(fields)[0] ?? 'Invalid request';
  return { error: 'VALIDATION', message: first, fields };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (err instanceof AppError) {
      // A refusal for going too fast says when to try again, whichever limit it came from.
      if (err.code === 'RATE_LIMITED' && typeof err.extra.retryAfterSeconds === 'number') reply.header('Retry-After', String(err.extra.retryAfterSeconds));
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
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ?? 'VALIDATION') as ErrorCode;
      return reply.status(status).send({ error: code, message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError('CONFLICT', message, extra);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Please sign in.') => new AppError('UNAUTHENTICATED', message);
export const invalid = (message: string, fields?: Record<string, string>) => new AppError('VALIDATION', message, fields ? { fields } : {});
