import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, registerAccessControl, type RouteAccess } from '../../src/server/http/access';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { call, insertStaff, signIn } from './staff-helpers';

/**
 * The permission matrix (issue 3, DECISIONS.md "Staff, sessions and permissions"), built from the
 * routes the server actually registered: a route added by anyone later is covered automatically.
 */
let t: TestApp;
let adminCookie: string;
let technicianCookie: string;
let routes: RouteAccess[];

beforeAll(async () => {
  t = await createTestApp();
  const [admin, technician] = await Promise.all([insertStaff(t, { role: 'admin' }), insertStaff(t, { role: 'technician' })]);
  adminCookie = await signIn(t, admin.username);
  technicianCookie = await signIn(t, technician.username);
  routes = t.app.routeAccess.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern: every path parameter gets a valid-looking value. */
function concreteUrl(pattern: string): string {
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

const protectedRoutes = (level: 'staff' | 'admin') => routes.filter((r) => r.access === level);
const label = (r: RouteAccess) => `${r.method} ${r.url}`;
const requestFor = (r: RouteAccess, cookie?: string) => ({
  method: r.method as 'GET',
  url: concreteUrl(r.url),
  cookie,
  ...(['POST', 'PUT', 'PATCH'].includes(r.method) ? { payload: {} } : {}),
});

describe('every route states who may call it', () => {
  it('finds the auth and team routes in the registry (the matrix is not empty by accident)', () => {
    expect(routes.map(label)).toEqual(expect.arrayContaining(['GET /api/user', 'POST /api/login', 'GET /api/admin/users', 'PATCH /api/admin/users/:userId/status']));
    expect(protectedRoutes('admin').length).toBeGreaterThanOrEqual(3);
  });

  it('gives every /api and /ws route an access level', () => {
    const missing = routes.filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/ws')) && !ACCESS_LEVELS.includes(r.access!));
    expect(missing.map(label)).toEqual([]);
  });

  it('keeps /api/admin/* admin-only and /api/dashboard/* behind a sign-in', () => {
    const adminArea = routes.filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'admin');
    const dashboard = routes.filter((r) => r.url.startsWith('/api/dashboard/') && r.access !== 'staff' && r.access !== 'admin');
    expect(adminArea.map(label)).toEqual([]);
    expect(dashboard.map(label)).toEqual([]);
  });

  it('refuses to start when an API route states no access level', async () => {
    const app = Fastify();
    registerAccessControl(app, async () => null);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/must state config\.access/);
    expect(() => app.get('/api/stated', { config: { access: 'staff' } }, async () => ({}))).not.toThrow();
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
