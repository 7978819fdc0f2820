import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContracts } from '../../src/shared/contracts';
import type { ContractDef } from '../../src/shared/contracts/contract';
import { registerAccessControl } from '../../src/server/http/access';
import { addRoute } from '../../src/server/http/contract-routes';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { call, signedInStaff } from './staff-helpers';

/**
 * The permission matrix (docs/product.md "Roles and permissions"), built from every API contract:
 * an operation added later is covered automatically, and the server cannot serve an /api route
 * that is not a contract (checked below), so nothing escapes the matrix.
 */
let t: TestApp;
let adminCookie: string;
let technicianCookie: string;
let technicianId: string;
type Operation = { method: string; url: string; access: ContractDef['access'] };
const operations: Operation[] = listContracts().map(({ contract }) => ({
  method: contract.method,
  url: contract.path,
  access: contract.access,
}));

beforeAll(async () => {
  t = await createTestApp();
  const [admin, technician] = await Promise.all([
    signedInStaff(t, { role: 'admin' }),
    signedInStaff(t, { role: 'technician' }),
  ]);
  adminCookie = admin.cookie;
  technicianCookie = technician.cookie;
  technicianId = technician.user.id;
});
afterAll(async () => {
  await t?.close();
});

/**
 * A concrete URL for a route pattern: every path parameter gets a valid-looking value. A technician
 * asks for their own jobs (another's are refused by the rule, not the guard: tested in the jobs API tests).
 */
function concreteUrl(pattern: string): string {
  if (pattern === '/api/dashboard/technicians/:id/jobs') return `/api/dashboard/technicians/${technicianId}/jobs`;
  return pattern
    .replace(/:(\w+)/g, (_m, name: string) => {
      if (/date|day/i.test(name)) return '2026-11-24';
      if (/slot/i.test(name)) return encodeURIComponent('8-10 AM');
      if (/token/i.test(name)) return 'tok_' + randomUUID().replaceAll('-', '');
      if (/size/i.test(name)) return '205-55R16';
      if (/suburb|slug/i.test(name)) return 'joondalup';
      return randomUUID();
    })
    .replace(/\*$/, 'x');
}

const protectedRoutes = (level: 'staff' | 'admin') => operations.filter((r) => r.access === level);
const label = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const requestFor = (r: Operation, cookie?: string) => ({
  method: r.method as 'GET',
  url: concreteUrl(r.url),
  cookie,
  ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
});

describe('every route states who may call it', () => {
  it('finds the auth and team operations among the contracts (the matrix is not empty by accident)', () => {
    expect(operations.map(label)).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'POST /api/login',
        'GET /api/admin/users',
        'PATCH /api/admin/users/:userId/status',
      ]),
    );
    expect(protectedRoutes('admin').length).toBeGreaterThanOrEqual(3);
  });

  it('serves exactly the contracts under /api: every contract is implemented, no route bypasses one', () => {
    const served = t.app.routeAccess.filter(
      (r) => (r.url.startsWith('/api') || r.url.startsWith('/ws')) && r.method !== 'HEAD',
    );
    expect(served.filter((r) => !r.contract).map(label)).toEqual([]);
    expect(new Set(served.map(label))).toEqual(new Set(operations.map(label)));
  });

  it('keeps /api/admin/* admin-only and /api/dashboard/* behind a sign-in', () => {
    const adminArea = operations.filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'admin');
    const dashboard = operations.filter(
      (r) => r.url.startsWith('/api/dashboard/') && r.access !== 'staff' && r.access !== 'admin',
    );
    expect(adminArea.map(label)).toEqual([]);
    expect(dashboard.map(label)).toEqual([]);
  });

  it('refuses to start when an API route is not registered from a contract', async () => {
    const app = Fastify();
    registerAccessControl(app, async () => null);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/must be registered from a contract/);
    expect(() =>
      addRoute(
        app,
        { method: 'GET', path: '/api/stated', access: 'staff', summary: 'A test route.', responseKind: 'empty' },
        async () => undefined,
      ),
    ).not.toThrow();
    await app.close();
  });
});

describe('permission matrix', () => {
  it('answers 401 to an anonymous caller on every staff and admin route', async () => {
    const wrong: string[] = [];
    for (const r of [...protectedRoutes('staff'), ...protectedRoutes('admin')]) {
      const res = await call(t, requestFor(r));
      if (res.statusCode !== 401) wrong.push(`${label(r)} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a caller with an unknown or forged session cookie', async () => {
    const wrong: string[] = [];
    for (const r of [...protectedRoutes('staff'), ...protectedRoutes('admin')]) {
      const res = await call(t, requestFor(r, `sid=${randomUUID()}`));
      if (res.statusCode !== 401) wrong.push(`${label(r)} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a technician on every admin route', async () => {
    const wrong: string[] = [];
    for (const r of protectedRoutes('admin')) {
      const res = await call(t, requestFor(r, technicianCookie));
      if (res.statusCode !== 403) wrong.push(`${label(r)} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a technician past the guard on every staff route', async () => {
    const wrong: string[] = [];
    for (const r of protectedRoutes('staff')) {
      const res = await call(t, requestFor(r, technicianCookie));
      if (res.statusCode === 401 || res.statusCode === 403) wrong.push(`${label(r)} -> ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets an admin past the guard on every staff and admin route', async () => {
    const wrong: string[] = [];
    for (const r of [...protectedRoutes('staff'), ...protectedRoutes('admin')]) {
      // The admin's own status is not toggled here: a random user id is never the admin's.
      const res = await call(t, requestFor(r, adminCookie));
      if (res.statusCode === 401 || res.statusCode === 403) wrong.push(`${label(r)} -> ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });
});
