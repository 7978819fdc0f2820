import { expect } from 'vitest';
import { E2E_ADMIN } from './e2e-global-setup';

export type OutboxEmail = {
  kind: string;
  subject: string;
  to: string;
  text: string;
  status: string;
  attachments: { filename: string; contentType: string }[];
};

/** The stored emails, read by the owner through the staff API (no SMTP in the browser tests). */
export async function readOutbox(baseUrl: string): Promise<OutboxEmail[]> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers, body: JSON.stringify(E2E_ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${baseUrl}/api/admin/outbox?limit=200`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as OutboxEmail[];
}
