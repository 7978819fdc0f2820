import path from 'node:path';
import { z } from 'zod';
import { businessHoursOf } from '../shared/domain/business-hours';
import { PERTH_UTC_OFFSET } from '../shared/domain/perth-time';
import { SIGN_IN_LIMITS, TEST_SIGN_IN_LIMITS } from './auth/hash-gate';
import { assertPasswordCost, PRODUCTION_PASSWORD_COST, TEST_PASSWORD_COST } from './auth/passwords';
import { passwordProblem } from './auth/password-rule';
import { BAD_KEY, MAKE_A_KEY, parseKey, secretKeyOf, type SecretsKeyring, testKeyring } from './secrets/at-rest';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A key for secrets at rest (docs/decisions/401-secrets-at-rest.md): 32 bytes in base64. */
const secretsKey = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const key = parseKey(v);
  if (!key) {
    ctx.addIssue({ code: 'custom', message: BAD_KEY });
    return z.NEVER;
  }
  return key;
});

const positiveInt = (fallback: number) => z.coerce.number().int().positive().optional().default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(z.url({ message: 'must be a postgres:// URL' }).optional()),
    /** The owner role's URL, used only to apply migrations at start (docs/decisions/408-app-login-not-a-superuser.md). */
    DATABASE_MIGRATION_URL: optionalText.pipe(z.url({ message: 'must be a postgres:// URL' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** This instance's name among several behind one proxy: sent as X-Instance and in every log line (decision 226). */
    INSTANCE_NAME: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.-]{1,40}$/, 'may hold only letters, digits, ".", "-" and "_" (at most 40)')
        .optional(),
    ),
    /** How long a stopping instance lets requests in flight finish before it closes them (decision 225). */
    SHUTDOWN_SECONDS: positiveInt(10),
    PUBLIC_BASE_URL: optionalText.pipe(z.url().optional()),
    STAFF_HOST: optionalText,
    /** How many reverse proxies to trust for the client address: 'false', a hop count, or a list of proxy addresses. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx): boolean | number | string[] => {
        const value = v?.trim() ?? '';
        if (value === '' || value === 'false' || value === '0') return false;
        if (value === 'true') {
          ctx.addIssue({
            code: 'custom',
            message:
              "use the number of proxies in front of the app (e.g. 1) or their addresses, not 'true' (that trusts any X-Forwarded-For a client sends)",
          });
          return z.NEVER;
        }
        if (/^\d+$/.test(value)) return Number(value);
        return value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
      }),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    BUSINESS_NAME: z.string().min(1).default('Mobile Tyre & Battery Co.'),
    BUSINESS_ABN: z.string().default('00 000 000 000'),
    BUSINESS_PHONE: z.string().min(8).default('08 5550 1234'),
    BUSINESS_EMAIL: z.email().default('bookings@example.com'),
    BUSINESS_DAYS: z
      .string()
      .default('1,2,3,4,5')
      .transform((v, ctx) => {
        const days = v.split(',').map((d) => Number(d.trim()));
        if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) {
          ctx.addIssue({ code: 'custom', message: 'must be a comma list of weekday numbers 0-6 (0 = Sunday)' });
          return z.NEVER;
        }
        return days;
      }),
    GST_REGISTERED: bool,
    /** How customers pay an invoice by bank transfer or PayID (printed on invoice PDFs, decision 201); unset: not offered. */
    BANK_ACCOUNT_NAME: optionalText,
    BANK_BSB: optionalText.pipe(
      z
        .string()
        .regex(/^\d{3}-?\d{3}$/, 'must be a 6-digit BSB, e.g. 066-000')
        .optional(),
    ),
    BANK_ACCOUNT_NUMBER: optionalText.pipe(
      z
        .string()
        .regex(/^\d{5,10}$/, 'must be 5 to 10 digits')
        .optional(),
    ),
    PAYID: optionalText.pipe(z.string().max(254, 'must be at most 254 characters').optional()),
    SESSION_IDLE_HOURS: positiveInt(8),
    SESSION_MAX_DAYS: positiveInt(7),
    HOLD_MINUTES: positiveInt(30),
    BOOKINGS_PER_ADDRESS: positiveInt(20),
    HOLDS_PER_ADDRESS: positiveInt(3),
    /** How often each instance tries the expired-hold sweep; one instance runs it per tick (decision 222). */
    HOLD_SWEEP_SECONDS: positiveInt(60),
    /** Where photos and invoice PDFs live: local disk under DATA_DIR, or an S3-compatible bucket (decision 220). */
    FILE_STORAGE: z
      .enum(['local', 's3'], { message: "must be 'local' (files under DATA_DIR) or 's3' (an S3-compatible bucket)" })
      .default('local'),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, message: 'must be the http(s):// address of the S3-compatible service' })
        .optional(),
    ),
    S3_FORCE_PATH_STYLE: bool,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PREFIX: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.\-/]*$/, 'may hold only letters, digits, ".", "-", "_" and "/"')
        .optional(),
    ),
    SMTP_URL: optionalText,
    MAIL_FROM: optionalText,
    /** Twilio sends the text messages when these are set; otherwise they are kept in a local outbox (docs/decisions/363-sms-delivery.md). */
    TWILIO_ACCOUNT_SID: optionalText.pipe(
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/, 'must be the Account SID from the Twilio console (AC and 32 hex digits)')
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText.pipe(
      z
        .string()
        .regex(
          /^(\+[1-9]\d{6,14}|[A-Za-z][A-Za-z0-9 ]{0,10})$/,
          'must be the sending number in E.164 form (+614...) or an alphanumeric sender ID of up to 11 characters',
        )
        .optional(),
    ),
    TWILIO_MESSAGING_SERVICE_SID: optionalText.pipe(
      z
        .string()
        .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG and 32 hex digits)')
        .optional(),
    ),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Xero's app credentials (docs/decisions/418-xero-sync.md); without them the labelled simulated Xero runs outside production. */
    XERO_CLIENT_ID: optionalText,
    XERO_CLIENT_SECRET: optionalText,
    /** Apple Pay's domain association file, served at its well-known path (docs/decisions/411-apple-pay-domain-file.md). */
    APPLE_PAY_DOMAIN_ASSOCIATION_FILE: optionalText,
    GOOGLE_MAPS_API_KEY: optionalText,
    /** Seals two-factor secrets in the database; the previous key is still read while a new one is rolled in (decision 401). */
    SECRETS_KEY: secretsKey,
    SECRETS_KEY_PREVIOUS: secretsKey,
    /** Set: /metrics also answers a scraper elsewhere that sends it as a bearer token (docs/decisions/400-system-health.md). */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    /** The TLS certificate whose expiry Settings, "System" shows; unset: Let's Encrypt's file for PUBLIC_BASE_URL's host. */
    CERT_PATH: optionalText,
    PAYMENTS_SIMULATED: z.enum(['true', 'false', '1', '0', '']).optional(),
    /**
     * Test-only: the server's clock starts at this instant (ISO 8601) and runs on in real time,
     * so browser tests choose their dates from a known "now" (docs/decisions/181-fast-tests-and-a-pinned-clock.md).
     */
    TEST_CLOCK_START: optionalText.pipe(
      z.iso
        .datetime({
          offset: true,
          message: `must be an ISO 8601 date and time, e.g. 2026-11-23T07:00:00${PERTH_UTC_OFFSET}`,
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
      });
    }
    // The one password rule, with the message a weak new password gets (docs/decisions/394-one-password-rule.md):
    // a weak one stops start-up before anything is opened or served.
    const adminPasswordProblem = env.ADMIN_PASSWORD && passwordProblem(env.ADMIN_PASSWORD, env.ADMIN_USERNAME ?? '');
    if (adminPasswordProblem) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: adminPasswordProblem });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      // Without it every webhook is refused: customers would be charged and their booking never marked paid.
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when Stripe keys are set',
      });
    }
    if (env.SECRETS_KEY_PREVIOUS && !env.SECRETS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: 'is required with SECRETS_KEY_PREVIOUS: the new key, while the previous one is still read',
      });
    }
    if (env.TEST_CLOCK_START && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_START'],
        message:
          'is a test-only setting and is refused when NODE_ENV=production: the production server always runs on the real clock. Unset it.',
      });
    }
    if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when FILE_STORAGE=s3: the name of the bucket that holds photos and invoice PDFs',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, to use the AWS SDK's default credentials)",
      });
    }
    const bank = [env.BANK_ACCOUNT_NAME, env.BANK_BSB, env.BANK_ACCOUNT_NUMBER];
    if (bank.some(Boolean) && !bank.every(Boolean)) {
      const missing = (['BANK_ACCOUNT_NAME', 'BANK_BSB', 'BANK_ACCOUNT_NUMBER'] as const).find((k) => !env[k]);
      ctx.addIssue({
        code: 'custom',
        path: [missing ?? 'BANK_ACCOUNT_NAME'],
        message: 'BANK_ACCOUNT_NAME, BANK_BSB and BANK_ACCOUNT_NUMBER must be set together',
      });
    }
    if (Boolean(env.TWILIO_ACCOUNT_SID) !== Boolean(env.TWILIO_AUTH_TOKEN)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID'],
        message: 'TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together',
      });
    }
    if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
      ctx.addIssue({
        code: 'custom',
        path: ['TWILIO_FROM'],
        message:
          'is required with Twilio keys (or set TWILIO_MESSAGING_SERVICE_SID): the number or sender ID texts come from',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
      });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.output<typeof envSchema>) {
  const isProduction = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    logLevel: env.LOG_LEVEL,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    staffHost: env.STAFF_HOST?.toLowerCase(),
    trustProxy: env.TRUST_PROXY,
    instanceName: env.INSTANCE_NAME,
    shutdownMs: env.SHUTDOWN_SECONDS * 1000,
    firstAdmin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    business: {
      name: env.BUSINESS_NAME,
      abn: env.BUSINESS_ABN,
      phone: env.BUSINESS_PHONE,
      email: env.BUSINESS_EMAIL,
      businessDays: env.BUSINESS_DAYS,
      /** The days from BUSINESS_DAYS, the hours from the time slots: every page, email and the JSON-LD show these. */
      hours: businessHoursOf(env.BUSINESS_DAYS),
      gstRegistered: env.GST_REGISTERED,
      /** Bank transfer and PayID details for invoices (decision 201); undefined when not configured. */
      payment: {
        bank:
          env.BANK_ACCOUNT_NAME && env.BANK_BSB && env.BANK_ACCOUNT_NUMBER
            ? {
                accountName: env.BANK_ACCOUNT_NAME,
                bsb: env.BANK_BSB.replace(/^(\d{3})-?(\d{3})$/, '$1-$2'),
                accountNumber: env.BANK_ACCOUNT_NUMBER,
              }
            : undefined,
        payId: env.PAYID,
      },
    },
    /** scrypt's cost: cheap only under NODE_ENV=test; loadConfig refuses a cheap cost in production. */
    passwordCost: env.NODE_ENV === 'test' ? TEST_PASSWORD_COST : PRODUCTION_PASSWORD_COST,
    /**
     * Sign-ins checked at once (docs/decisions/399-sign-in-flood.md): wide only under NODE_ENV=test,
     * whose hashes take milliseconds.
     */
    signInLimits: env.NODE_ENV === 'test' ? TEST_SIGN_IN_LIMITS : SIGN_IN_LIMITS,
    /** Set only by TEST_CLOCK_START (never in production): where the server's clock starts. */
    testClockStart: env.TEST_CLOCK_START ? new Date(env.TEST_CLOCK_START) : undefined,
    sessions: { idleMs: env.SESSION_IDLE_HOURS * 3_600_000, maxMs: env.SESSION_MAX_DAYS * 86_400_000 },
    holdMs: env.HOLD_MINUTES * 60_000,
    /** Period of the expired-hold sweep (decision 222). */
    holdSweepMs: env.HOLD_SWEEP_SECONDS * 1000,
    /** Photos and invoice PDFs: local disk under dataDir, or an S3-compatible bucket (decision 220). */
    fileStorage:
      env.FILE_STORAGE === 's3' && env.S3_BUCKET
        ? {
            kind: 's3' as const,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'ap-southeast-2',
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            /** Keys are `<prefix>photos/<name>` and `<prefix>invoices/<name>`; a prefix always ends in '/'. */
            prefix: (env.S3_PREFIX ?? '')
              .split('/')
              .filter(Boolean)
              .map((part) => `${part}/`)
              .join(''),
          }
        : { kind: 'local' as const },
    /** Public quotes and bookings one client address may make in 15 minutes (decision 160). */
    bookingsPerAddress: env.BOOKINGS_PER_ADDRESS,
    /** Live unpaid holds one client address may have at once (decision 198). */
    holdsPerAddress: env.HOLDS_PER_ADDRESS,
    smtpUrl: env.SMTP_URL,
    /** The emails' sender when set; otherwise the business's stored name and address at each send (decision 280). */
    mailFrom: env.MAIL_FROM,
    /** Twilio's keys and sender; undefined keeps texts in the local outbox (docs/decisions/363-sms-delivery.md). */
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && (env.TWILIO_FROM || env.TWILIO_MESSAGING_SERVICE_SID)
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
          }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    xero:
      env.XERO_CLIENT_ID && env.XERO_CLIENT_SECRET
        ? { clientId: env.XERO_CLIENT_ID, clientSecret: env.XERO_CLIENT_SECRET }
        : undefined,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    applePayDomainAssociationFile: env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE,
    /**
     * The keys of secrets at rest (docs/decisions/401-secrets-at-rest.md): SECRETS_KEY, a fixed test
     * key under NODE_ENV=test, else undefined until the start reads or makes DATA_DIR's key file.
     */
    secrets: (env.SECRETS_KEY
      ? {
          current: secretKeyOf(env.SECRETS_KEY),
          previous: env.SECRETS_KEY_PREVIOUS ? secretKeyOf(env.SECRETS_KEY_PREVIOUS) : undefined,
        }
      : env.NODE_ENV === 'test'
        ? testKeyring()
        : undefined) as SecretsKeyring | undefined,
    metricsToken: env.METRICS_TOKEN,
    certPath: env.CERT_PATH,
    /**
     * Without Stripe keys a labelled simulated card provider is used outside production; in
     * production it must be asked for explicitly (PAYMENTS_SIMULATED=true), else prepaid is off.
     */
    paymentProvider: (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? 'stripe'
      : (env.PAYMENTS_SIMULATED ? env.PAYMENTS_SIMULATED === 'true' || env.PAYMENTS_SIMULATED === '1' : !isProduction)
        ? 'simulated'
        : 'none') as 'stripe' | 'simulated' | 'none',
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with the variable's name. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return checkConfig(toConfig(parsed.data));
}

/** The server's and every command's start: a bad setting prints its message and exits 1, no stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** Invariants of a built configuration that no environment value may break. */
export function checkConfig(config: Config): Config {
  try {
    assertPasswordCost(config);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  // A server's own PostgreSQL: its key is set by whoever deploys it, never made beside the data
  // (docs/decisions/401-secrets-at-rest.md); the embedded database makes one in DATA_DIR.
  if (config.isProduction && config.databaseUrl && !config.secrets) {
    throw new ConfigError(
      `Invalid configuration:\n  SECRETS_KEY: is required in production with DATABASE_URL: it seals the two-factor secrets in the database. Make one with \`${MAKE_A_KEY}\` and add SECRETS_KEY=<that value> to the environment file (keep a copy: without it no one with two-factor can sign in).`,
    );
  }
  if (config.databaseMigrationUrl && !config.databaseUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_MIGRATION_URL: is the owner role of the PostgreSQL database in DATABASE_URL; set DATABASE_URL (the runtime role) too, or unset both for the embedded database.',
    );
  }
  if (config.isProduction && config.testClockStart) {
    throw new ConfigError(
      'Invalid configuration:\n  TEST_CLOCK_START: the production server always runs on the real clock',
    );
  }
  return config;
}

/** A complete config for tests, with overrides. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: './data/test', ...overrides });
}
