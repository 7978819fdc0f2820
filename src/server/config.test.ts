import { describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_COST, TEST_PASSWORD_COST } from './auth/passwords';
import { PASSWORD_RULES } from '../shared/schemas/auth';
import { checkConfig, ConfigError, loadConfig, testConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults: port 5000, ./data, the fictitious business details', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.dataDir).toMatch(/[/\\]data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.business).toMatchObject({
      phone: '08 5550 1234',
      email: 'bookings@example.com',
      abn: '00 000 000 000',
      businessDays: [1, 2, 3, 4, 5],
      gstRegistered: false,
    });
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
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ FILE_STORAGE: 'disk' }, 'FILE_STORAGE'],
    [{ FILE_STORAGE: 's3' }, 'S3_BUCKET'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'tyres', S3_ENDPOINT: 'localhost:4568' }, 'S3_ENDPOINT'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'tyres', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ FILE_STORAGE: 's3', S3_BUCKET: 'tyres', S3_PREFIX: 'a b' }, 'S3_PREFIX'],
    [{ HOLD_SWEEP_SECONDS: '0' }, 'HOLD_SWEEP_SECONDS'],
  ])('stops start-up naming the bad variable for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  // docs/decisions/394-one-password-rule.md: the first admin's password meets the rule every chosen password meets.
  it.each([
    ['123456', PASSWORD_RULES.tooShort],
    ['x'.repeat(129), PASSWORD_RULES.tooLong],
    ['1234567890', PASSWORD_RULES.common],
    ['owner-of-the-vans', PASSWORD_RULES.hasUsername],
  ])('refuses ADMIN_PASSWORD=%j with the message a weak new password gets', (password, message) => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'Owner', ADMIN_PASSWORD: password })).toThrow(
      `ADMIN_PASSWORD: ${message}`,
    );
  });

  it('keeps files on local disk by default, in an S3 bucket when FILE_STORAGE=s3', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'tyres' }).fileStorage).toEqual({
      kind: 's3',
      bucket: 'tyres',
      region: 'ap-southeast-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: '',
    });
    const compatible = loadConfig({
      FILE_STORAGE: 's3',
      S3_BUCKET: 'tyres',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: '/shop/prod/',
    }).fileStorage;
    expect(compatible).toEqual({
      kind: 's3',
      bucket: 'tyres',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:4568',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix: 'shop/prod/',
    });
  });

  it('sweeps expired holds every minute unless HOLD_SWEEP_SECONDS says otherwise', () => {
    expect(loadConfig({}).holdSweepMs).toBe(60_000);
    expect(loadConfig({ HOLD_SWEEP_SECONDS: '2' }).holdSweepMs).toBe(2_000);
  });

  it('trusts a stated number of proxies or a list of their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.6' }).trustProxy).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('picks the card provider: Stripe with keys, simulated in development, none in production', () => {
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).paymentProvider,
    ).toBe('stripe');
    expect(loadConfig({}).paymentProvider).toBe('simulated');
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SIMULATED: 'true' }).paymentProvider).toBe('simulated');
  });

  it('honours PORT, DATA_DIR and the first admin', () => {
    const c = loadConfig({
      PORT: '5055',
      DATA_DIR: '/tmp/x',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'tyre-van-42-rockingham',
    });
    expect(c.port).toBe(5055);
    expect(c.dataDir).toBe('/tmp/x');
    expect(c.firstAdmin).toEqual({ username: 'owner', password: 'tyre-van-42-rockingham' });
    expect(c.publicBaseUrl).toBe('http://localhost:5055');
  });

  it('hashes passwords at N=2^17 everywhere but tests, which use a cheap cost', () => {
    expect(PRODUCTION_PASSWORD_COST).toBe(2 ** 17);
    expect(loadConfig({ NODE_ENV: 'production' }).passwordCost).toBe(2 ** 17);
    expect(loadConfig({}).passwordCost).toBe(2 ** 17);
    expect(testConfig().passwordCost).toBe(TEST_PASSWORD_COST);
    expect(TEST_PASSWORD_COST).toBeLessThan(2 ** 17);
  });

  it('refuses a production configuration with a cheap password cost', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(() => checkConfig({ ...production, passwordCost: TEST_PASSWORD_COST })).toThrow(ConfigError);
    expect(() => checkConfig({ ...production, passwordCost: TEST_PASSWORD_COST })).toThrow(
      /below the production minimum/,
    );
    expect(() => checkConfig({ ...testConfig(), passwordCost: TEST_PASSWORD_COST })).not.toThrow();
  });

  it('reads TEST_CLOCK_START outside production and refuses it in production, naming it', () => {
    expect(loadConfig({}).testClockStart).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '2026-11-23T07:00:00+08:00' }).testClockStart?.toISOString(),
    ).toBe('2026-11-22T23:00:00.000Z');
    expect(loadConfig({ TEST_CLOCK_START: '2026-11-22T23:00:00Z' }).testClockStart?.toISOString()).toBe(
      '2026-11-22T23:00:00.000Z',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK_START: '2026-11-22T23:00:00Z' })).toThrow(
      /TEST_CLOCK_START: is a test-only setting/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', TEST_CLOCK_START: 'next tuesday' })).toThrow(/TEST_CLOCK_START/);
    expect(() => checkConfig({ ...loadConfig({ NODE_ENV: 'production' }), testClockStart: new Date() })).toThrow(
      ConfigError,
    );
  });

  it('gives the business hours from BUSINESS_DAYS and the time slots', () => {
    expect(loadConfig({}).business.hours).toEqual({ days: [1, 2, 3, 4, 5], opensHour: 8, closesHour: 16 });
    expect(loadConfig({ BUSINESS_DAYS: '1,2,3,4,5,6' }).business.hours.days).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
