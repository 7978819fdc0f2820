/**
 * SPEC section 7 client conventions, in one place: cookies on every call, JSON bodies with a JSON
 * content type (FormData without one), and any non-OK answer raised as "{status}: {body}".
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
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
  get json(): Record<string, unknown> | undefined {
    try {
      return JSON.parse(this.body) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
}

async function throwIfNotOk(res: Response) {
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function getJson<T>(url: string, opts: { on401?: 'throw' | 'null' } = {}): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (opts.on401 === 'null' && res.status === 401) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** The best sentence to show a person for a failed call: the server's message, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}
