import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_MESSAGE } from '../../shared/domain/pricing';
import { tyreStockPricing } from '../db/schema';
import { seedTyrePrices } from '../../../tests/helpers/bookings';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTyrePrices(t.db);
});
afterAll(async () => {
  await t.close();
});

const lookup = (size: string) => t.app.inject({ method: 'GET', url: `/api/tyre-pricing/${encodeURIComponent(size)}` });

describe('GET /api/tyre-pricing/{size}', () => {
  it.each(['205/55R16', '205/55 r16', ' 205 55 R 16 '])('answers the cheapest active price for %j', async (size) => {
    const res = await lookup(size);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ price: '159.00' });
  });

  it('skips inactive rows', async () => {
    await t.db.update(tyreStockPricing).set({ isActive: false }).where(eq(tyreStockPricing.size, '175/65R14'));
    const res = await lookup('175/65R14');
    expect(res.statusCode).toBe(404);
  });

  it.each(['999/99R99', 'not-a-size', '205'])('answers 404 callback-required for %j', async (size) => {
    const res = await lookup(size);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: CALLBACK_MESSAGE, callbackRequired: true, error: 'NOT_FOUND' });
  });
});
