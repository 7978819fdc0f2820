import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults: port 5000, ./data, the fictitious business details', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.dataDir).toMatch(/[/\\]data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.business).toMatchObject({ phone: '08 5550 1234', email: 'bookings@example.com', abn: '00 000 000 000', businessDays: [1, 2, 3, 4, 5], gstRegistered: false });
    expect(c.holdMs).toBe(30 * 60_000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ BUSINESS_DAYS: '1,2,9' }, 'BUSINESS_DAYS'],
    [{ BUSINESS_EMAIL: 'nope' }, 'BUSINESS_EMAIL'],
    [{ ADMIN_USERNAME: 'owner' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ GST_REGISTERED: 'maybe' }, 'GST_REGISTERED'],
  ])('stops start-up naming the bad variable for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('honours PORT, DATA_DIR and the first admin', () => {
    const c = loadConfig({ PORT: '5055', DATA_DIR: '/tmp/x', ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'secret1' });
    expect(c.port).toBe(5055);
    expect(c.dataDir).toBe('/tmp/x');
    expect(c.firstAdmin).toEqual({ username: 'owner', password: 'secret1' });
    expect(c.publicBaseUrl).toBe('http://localhost:5055');
  });
});
