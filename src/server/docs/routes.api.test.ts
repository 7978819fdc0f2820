import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContracts } from '../../shared/contracts';
import { openApiPath } from '../../shared/contracts/contract';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { call, signedInStaff } from '../../../tests/api/staff-helpers';

let t: TestApp;
let adminCookie: string;
let technicianCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signedInStaff(t, { role: 'admin' })).cookie;
  technicianCookie = (await signedInStaff(t, { role: 'technician' })).cookie;
});
afterAll(async () => {
  await t?.close();
});

type JsonSchema = {
  properties: Record<string, JsonSchema & { properties?: Record<string, JsonSchema & { enum?: string[] }> }>;
  required?: string[];
  enum?: string[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<string, { security?: unknown; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
};
const bodySchema = (doc: OpenApi, path: string) =>
  doc.paths[path]!.post!.requestBody!.content['application/json']!.schema;

describe('the API described for integrations', () => {
  it('serves an OpenAPI 3.1 document with every operation, its access and its schemas, to admins only', async () => {
    expect((await call(t, { method: 'GET', url: '/api/admin/openapi.json' })).statusCode).toBe(401);
    expect(
      (await call(t, { method: 'GET', url: '/api/admin/openapi.json', cookie: technicianCookie })).statusCode,
    ).toBe(403);
    const res = await call(t, { method: 'GET', url: '/api/admin/openapi.json', cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; security?: unknown; requestBody?: unknown }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const { area, name, contract } of listContracts()) {
      const op = doc.paths[openApiPath(contract.path)]?.[contract.method.toLowerCase()];
      expect(op?.operationId, `${contract.method} ${contract.path}`).toBe(`${area}.${name}`);
      expect(Boolean(op?.security)).toBe(contract.access === 'staff' || contract.access === 'admin');
    }
    // A request body carries its rules: the login form's required fields.
    const login = doc.paths['/api/login']!.post!.requestBody as {
      content: Record<string, { schema: { required: string[] } }>;
    };
    expect(login.content['application/json']!.schema.required).toEqual(['username', 'password']);
  });

  it("documents the booking bodies field by field: the wizard's on POST /api/bookings, the New Booking form's on the staff path", async () => {
    const doc = (
      await call(t, { method: 'GET', url: '/api/admin/openapi.json', cookie: adminCookie })
    ).json() as OpenApi;
    const publicBody = bodySchema(doc, '/api/bookings');
    expect(publicBody.required).toEqual(['customer', 'vehicle', 'job']);
    expect(Object.keys(publicBody.properties.customer!.properties!)).toEqual(['name', 'email', 'phone']);
    expect(Object.keys(publicBody.properties.vehicle!.properties!)).toEqual(['make', 'model', 'year', 'registration']);
    expect(Object.keys(publicBody.properties.job!.properties!)).toEqual(
      expect.arrayContaining([
        'serviceType',
        'scheduledDate',
        'timeSlot',
        'address',
        'suburb',
        'postcode',
        'tyreSize',
        'tyreQuantity',
        'notes',
        'paymentMethod',
      ]),
    );
    expect(publicBody.properties.job!.properties!.timeSlot!.enum).toEqual(['8-10 AM', '10-12 AM', '12-2 PM', '2-4 PM']);
    // The quote takes the same body.
    expect(bodySchema(doc, '/api/bookings/quote')).toEqual(publicBody);

    const staffBody = bodySchema(doc, '/api/dashboard/bookings');
    expect(Object.keys(staffBody.properties.vehicle!.properties!)).toContain('color');
    expect(Object.keys(staffBody.properties.job!.properties!)).toEqual(
      expect.arrayContaining(['tyreBrand', 'customerValue', 'paymentMethod']),
    );
    expect(doc.paths['/api/dashboard/bookings']!.post!.security).toBeTruthy();
  });

  it('serves a readable reference page listing the operations by area', async () => {
    expect(
      (await call(t, { method: 'GET', url: '/api/admin/api-reference', cookie: technicianCookie })).statusCode,
    ).toBe(403);
    const res = await call(t, { method: 'GET', url: '/api/admin/api-reference', cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<code>/api/bookings/quote</code>');
    expect(res.body).toContain('<code>/api/dashboard/jobs/{id}</code>');
    expect(res.body).toContain('Signed-in admins.');
    // The same tab icon as every other page of the site.
    expect(res.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
