import type { FastifyInstance } from 'fastify';
import { invalid } from './errors';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000). Please remove it and try again.';

/** The path (`params.token`, `customer.name`) of the first string, or object key, that holds a NUL; undefined when none does. */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : undefined;
  // A raw body (the Stripe webhook's bytes) is not text for the database; nesting is bounded by the 1 MB body limit.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The router decodes a path once; a parameter that still holds "%00" was a NUL encoded twice
 * ("%2500"). Nothing decodes it again (a second decode once let that NUL reach the database), and it
 * is refused as the NUL it stands for, so no later layer can turn it into one
 * (docs/decisions/335-a-path-is-decoded-once.md).
 */
function findEncodedNul(params: unknown): string | undefined {
  if (params === null || typeof params !== 'object') return undefined;
  for (const [key, value] of Object.entries(params))
    if (typeof value === 'string' && /%00/i.test(value)) return `params.${key}`;
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL in text, so a request carrying one (path, query or JSON body)
 * would fail deep in a query with a 500. It is refused here, once for every route, after the
 * access check and before any handler (decision 190).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const at =
      findNul(request.params, 'params') ??
      findEncodedNul(request.params) ??
      findNul(request.query, 'query') ??
      // The JSON body's fields keep their own names, as the form's field messages do.
      findNul(request.body, '');
    if (at) throw invalid(NUL_MESSAGE, { [at]: NUL_MESSAGE });
  });
}
