import { expect } from 'vitest';
import { E2E_ADMIN } from './e2e-global-setup';

/**
 * Set-up calls the browser tests make to the shared server as staff would, outside the page: an
 * API call from the site's own origin, and the owner's session cookie.
 */
export function staffApi(baseUrl: () => string) {
  async function api(method: string, url: string, cookie: string, body?: unknown): Promise<Response> {
    return fetch(`${baseUrl()}${url}`, {
      method,
      headers: { origin: baseUrl(), cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  /** The owner's own API session, for set-up only. */
  async function ownerCookie(): Promise<string> {
    const login = await fetch(`${baseUrl()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl() }, body: JSON.stringify(E2E_ADMIN) });
    expect(login.status).toBe(200);
    return login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }
  return { api, ownerCookie };
}
