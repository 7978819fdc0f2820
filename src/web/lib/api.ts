import type { QueryKey } from '@tanstack/react-query';
import { contracts, type Contracts } from '../../shared/contracts';
import {
  buildUrl,
  toSearchParams,
  type ContractDef,
  type RequestOf,
  type ResponseOf,
} from '../../shared/contracts/contract';

/**
 * The browser's side of the API contracts (src/shared/contracts): `api.<area>.<operation>(input)`
 * with the request and response types of the contract, so nothing is typed twice. The client
 * conventions (docs/product.md "API conventions") live here: cookies on every call, JSON bodies with
 * a JSON content type (FormData without one), and any non-OK answer raised as "{status}: {body}".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
  /** The server's human message when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    const message = this.json?.message;
    return typeof message === 'string' ? message : undefined;
  }
  get json(): Record<string, unknown> | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
}

const answeredListeners = new Set<() => void>();

/**
 * Called each time the server answers a call (any status below 500): the network works, so the
 * phone's waiting changes are tried at once (docs/decisions/402-providers-down-offline-retry-rtl.md).
 */
export function onServerAnswered(listener: () => void): () => void {
  answeredListeners.add(listener);
  return () => answeredListeners.delete(listener);
}

function answered(res: Response): void {
  if (res.status < 500) for (const listener of answeredListeners) listener();
}

async function send(method: string, url: string, body?: unknown): Promise<unknown> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  answered(res);
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  if (res.status === 204) return undefined;
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/** Calls a paged list: its items and the total count from X-Total-Count. */
async function callPaged<C extends ContractDef>(
  contract: C,
  input?: RequestOf<C>,
): Promise<{ items: ResponseOf<C>; total: number }> {
  const { params, query } = (input ?? {}) as { params?: unknown; query?: unknown };
  const res = await fetch(buildUrl(contract, { params, query }), { credentials: 'include' });
  answered(res);
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const items = (await res.json()) as ResponseOf<C>;
  return { items, total: Number(res.headers.get('X-Total-Count') ?? (Array.isArray(items) ? items.length : 0)) };
}

/** Calls one operation. */
export async function callContract<C extends ContractDef>(contract: C, input?: RequestOf<C>): Promise<ResponseOf<C>> {
  const { params, query, body } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  return (await send(contract.method, buildUrl(contract, { params, query }), body)) as ResponseOf<C>;
}

/**
 * A read's query key: the URL's path segments, then its query object when there is one, e.g.
 * ['api', 'time-slots', { date: '2026-11-24' }]. Invalidating a prefix (['api', 'dashboard', 'jobs'])
 * refreshes every list and detail beneath it.
 */
export function queryKeyOf(
  contract: Pick<ContractDef, 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): QueryKey {
  const path = buildUrl(contract, { params: input.params });
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const hasQuery = toSearchParams(input.query).size > 0;
  return hasQuery ? [...segments, input.query as object] : segments;
}

/** The fixed start of an operation's query keys: the path before its first parameter, as segments. */
export function keyPrefixOf(contract: Pick<ContractDef, 'path'>): QueryKey {
  return contract.path.split('/:')[0]!.split('/').filter(Boolean);
}

/** The default read of a query key made by queryKeyOf: segments joined by slashes, the query appended. */
export function urlOfQueryKey(queryKey: QueryKey): string {
  const last = queryKey[queryKey.length - 1];
  const hasQuery = typeof last === 'object' && last !== null;
  const segments = (hasQuery ? queryKey.slice(0, -1) : queryKey).map((s) => encodeURIComponent(String(s)));
  const search = hasQuery ? toSearchParams(last).toString() : '';
  return `/${segments.join('/')}${search ? `?${search}` : ''}`;
}

export async function getJson(url: string): Promise<unknown> {
  return send('GET', url);
}

/** Input is optional where the operation needs none. */
type Args<C extends ContractDef> =
  Record<never, never> extends RequestOf<C> ? [input?: RequestOf<C>] : [input: RequestOf<C>];

export type Operation<C extends ContractDef> = ((...args: Args<C>) => Promise<ResponseOf<C>>) & {
  contract: C;
  /** The fixed start of its query keys (the path before any parameter): invalidates every read of it. */
  prefix: QueryKey;
  /** Its query key (see queryKeyOf). */
  key: (...args: Args<C>) => QueryKey;
  /** useQuery options for a read: `useQuery(api.slots.list.query({ query: { date } }))`. */
  query: (...args: Args<C>) => { queryKey: QueryKey; queryFn: () => Promise<ResponseOf<C>> };
  /** The URL, for links to files (photos, PDFs) and uploads that need progress. */
  url: (...args: Args<C>) => string;
  /** For a paged list: useQuery options whose data is `{ items, total }`. */
  pageQuery: (...args: Args<C>) => {
    queryKey: QueryKey;
    queryFn: () => Promise<{ items: ResponseOf<C>; total: number }>;
  };
};

type Client = {
  [Area in keyof Contracts]: {
    [Name in keyof Contracts[Area]]: Contracts[Area][Name] extends ContractDef
      ? Operation<Contracts[Area][Name]>
      : never;
  };
};

function operation<C extends ContractDef>(contract: C): Operation<C> {
  const call = ((input?: RequestOf<C>) => callContract(contract, input)) as unknown as Operation<C>;
  call.contract = contract;
  call.prefix = keyPrefixOf(contract);
  call.key = (...args) => queryKeyOf(contract, (args[0] ?? {}) as { params?: unknown; query?: unknown });
  call.query = (...args) => ({ queryKey: call.key(...args), queryFn: () => call(...args) });
  call.url = (...args) => buildUrl(contract, (args[0] ?? {}) as { params?: unknown; query?: unknown });
  call.pageQuery = (...args) => ({
    queryKey: [...call.key(...args), 'page'],
    queryFn: () => callPaged(contract, args[0]),
  });
  return call;
}

export const api = Object.fromEntries(
  Object.entries(contracts).map(([area, ops]) => [
    area,
    Object.fromEntries(Object.entries(ops as Record<string, ContractDef>).map(([name, c]) => [name, operation(c)])),
  ]),
) as unknown as Client;

/** The best sentence to show a person for a failed call: the server's message, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}

/** The server's sentence for each field of a form it refused (its answer's `fields`); empty for any other failure. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const fields = err instanceof ApiError ? err.json?.fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The server's sentence for the first field it named, else its message, else the fallback. */
export function refusalOf(err: unknown, fallback: string): string {
  return Object.values(fieldErrorsOf(err))[0] ?? errorMessage(err, fallback);
}
