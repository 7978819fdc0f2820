import type { z } from 'zod';
import type { Area } from './areas';

/**
 * One API operation, written once and read by three parties: the server registers a handler for
 * it (and enforces its access level), the browser calls it through `api.<area>.<operation>`, and
 * the OpenAPI document describes it. Decision 183 says why this is our own small helper.
 */

/**
 * Who may call an operation (docs/product.md "Roles and permissions").
 * - public: anyone; the handler is not told who is signed in.
 * - optional-staff: anyone, but the handler is told which active staff user is signed in, if any.
 * - staff: a signed-in active admin or technician (401 otherwise).
 * - admin: a signed-in active admin (401 / 403 otherwise).
 * - webhook: a machine caller proving itself another way (a signature), exempt from the origin check.
 */
export const ACCESS_LEVELS = ['public', 'optional-staff', 'staff', 'admin', 'webhook'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What the operation answers with:
 * - json (default): the `response` schema, with `status` (200 unless stated);
 * - empty: 204 No Content;
 * - file: bytes with their own content type (photos, PDFs): the browser links to them by URL;
 * - html: a page (the API reference).
 */
export type ResponseKind = 'json' | 'empty' | 'file' | 'html';

export type ContractDef = {
  method: HttpMethod;
  /** Fastify-style path: `/api/dashboard/jobs/:id`. */
  path: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Sent as multipart form data (the body schema then documents the fields only). */
  multipart?: true;
  response?: z.ZodType;
  responseKind?: ResponseKind;
  status?: 200 | 201;
  /** A list that pages: the body stays the JSON array, the total count travels in X-Total-Count. */
  paged?: true;
  /** Extra documented answers besides the success and the standard error body, e.g. { 402: ... }. */
  otherResponses?: Record<number, z.ZodType>;
  /**
   * For a write: every area whose reads it changes, its own included (decision 278). The browser
   * reads them again after the write succeeds, so a screen showing an effect is never stale; the
   * list says what the server does (an invoice marked paid moves its job), not what a screen wants.
   */
  affects?: readonly Area[];
};

/** Declares an operation; `const` keeps the literal path and access in the type. */
export function defineContract<const C extends ContractDef>(contract: C): C {
  return contract;
}

type Empty = Record<never, never>;
/** A key is optional on the caller's side when its schema accepts `{}` (every field optional). */
type Part<K extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : Empty;
type ParsedPart<K extends string, S> = S extends z.ZodType ? { [P in K]: z.output<S> } : Empty;

/** What the browser passes: `{ params, query, body }`, each present only where the contract has it. */
export type RequestOf<C extends ContractDef> = Part<'params', C['params']> &
  Part<'query', C['query']> &
  (C['multipart'] extends true ? { body?: FormData } : Part<'body', C['body']>);
/** What the handler receives, already parsed by the same schemas (a multipart body is read by the handler). */
export type ParsedRequestOf<C extends ContractDef> = ParsedPart<'params', C['params']> &
  ParsedPart<'query', C['query']> &
  (C['multipart'] extends true ? Empty : ParsedPart<'body', C['body']>);

/** The answer as the browser reads it. */
export type ResponseOf<C extends ContractDef> = C['responseKind'] extends 'empty' | 'file' | 'html'
  ? void
  : C['response'] extends z.ZodType
    ? z.output<C['response']>
    : void;
/** The answer as the handler returns it (the response schema's input: it is serialized by that schema). */
export type ReplyOf<C extends ContractDef> = C['response'] extends z.ZodType ? z.input<C['response']> : void;

/** The concrete URL of an operation: path parameters filled in and encoded, query appended. */
export function buildUrl(
  contract: Pick<ContractDef, 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(String(value));
  });
  const search = toSearchParams(input.query).toString();
  return search ? `${path}?${search}` : path;
}

/** Query values as the server reads them: absent, null and empty values are left out; arrays repeat. */
export function toSearchParams(query: unknown): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const v of [value].flat()) {
      if (v === undefined || v === null || v === '') continue;
      search.append(key, String(v));
    }
  }
  return search;
}

/** A fastify path (`/api/jobs/:id`) as an OpenAPI path (`/api/jobs/{id}`). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}
