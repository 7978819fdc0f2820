import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_CAPACITY,
  DEFAULT_FEES,
  DEFAULT_MESSAGE_SETTINGS,
  DEFAULT_SECURITY,
  MAX_VANS,
  type BusinessProfile,
  type Capacity,
  type Fees,
  type MessageSettings,
  type Security,
} from '../../shared/domain/settings';
import { DEFAULT_PAYMENT_METHODS, type PaymentMethodSwitches } from '../../shared/domain/payment-methods';
import type { PublicChanges } from '../cache/public-changes';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import { businessSettings, type SettingKey } from '../db/schema';

/**
 * The owner's settings as every reader sees them (decision 280): stored rows win; the environment
 * (business details) and docs/product.md's fees only seed the first start.
 */
export type Settings = {
  fees: Fees;
  business: BusinessProfile;
  capacity: Capacity;
  security: Security;
  messages: MessageSettings;
  /** Afterpay, Zip and the wallets on or off (docs/decisions/410-afterpay-zip-and-wallets.md). */
  paymentMethods: PaymentMethodSwitches;
};

const cents = z.number().int().min(0).max(9_999_999);

/** What a stored row must hold; a row that does not (edited by hand) falls back to the seed, loudly. */
const STORED = {
  fees: z.object({
    callout: cents,
    punctureRepair: cents,
    fittingPerTyre: cents,
    balancingPerTyre: cents,
    prepaidDiscount: cents,
    cardSurchargeBasisPoints: z.number().int().min(0).max(10_000),
  }),
  business: z.object({
    name: z.string().min(1),
    abn: z.string(),
    phone: z.string().min(1),
    email: z.string(),
    postalAddress: z.string(),
    gstRegistered: z.boolean(),
    gstRegisteredFrom: z.string().nullable(),
    payment: z.object({
      bank: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }).optional(),
      payId: z.string().optional(),
    }),
    reviewUrl: z.string(),
    businessDays: z.array(z.number().int().min(0).max(6)),
    // A profile stored before the switch existed reads as on, the first-start value (decision 301).
    overdueReminders: z.boolean().default(true),
  }),
  capacity: z.object({ vans: z.number().int().min(1).max(MAX_VANS) }),
  security: z.object({ requireAdminMfa: z.boolean() }),
  messages: z.object({
    remindersOn: z.boolean(),
    reminderTime: z.string().regex(/^\d\d:\d\d$/),
    reviewRequestsOn: z.boolean(),
    reviewDelayHours: z.number().int().min(1).max(72),
    returnVisitsOn: z.boolean(),
  }),
  paymentMethods: z.object({
    afterpay: z.boolean(),
    zip: z.boolean(),
    wallets: z.boolean(),
    bnplSurchargeBasisPoints: z.number().int().min(0).max(1000),
  }),
} satisfies Record<SettingKey, z.ZodType>;

/** The first start's settings: fees from docs/product.md, business details from the environment. */
export function seedSettings(config: Config): Settings {
  const b = config.business;
  return {
    fees: DEFAULT_FEES,
    business: {
      name: b.name,
      abn: b.abn,
      phone: b.phone,
      email: b.email,
      postalAddress: '',
      gstRegistered: b.gstRegistered,
      gstRegisteredFrom: null,
      payment: {
        ...(b.payment.bank ? { bank: b.payment.bank } : {}),
        ...(b.payment.payId ? { payId: b.payment.payId } : {}),
      },
      reviewUrl: '',
      businessDays: b.businessDays,
      overdueReminders: true,
    },
    capacity: DEFAULT_CAPACITY,
    security: DEFAULT_SECURITY,
    messages: DEFAULT_MESSAGE_SETTINGS,
    paymentMethods: DEFAULT_PAYMENT_METHODS,
  };
}

/** Reads the settings in `exec` (a transaction sees its own writes). */
export async function readSettings(
  exec: Executor,
  config: Config,
  log?: { error(obj: object, msg: string): void },
): Promise<Settings> {
  const seed = seedSettings(config);
  const rows = await exec.select({ key: businessSettings.key, value: businessSettings.value }).from(businessSettings);
  const settings = { ...seed };
  for (const row of rows) {
    const parsed = STORED[row.key].safeParse(row.value);
    if (parsed.success) (settings as Record<SettingKey, unknown>)[row.key] = parsed.data;
    else
      log?.error(
        { key: row.key, issues: parsed.error.issues.map((i) => i.path.join('.')) },
        'A stored setting is not valid; its first-start value is used',
      );
  }
  return settings;
}

/** Stores one group of settings in the caller's transaction; the database tells every instance. */
export async function writeSetting<K extends SettingKey>(
  exec: Executor,
  key: K,
  value: Settings[K],
  actorId: string | null,
  at: Date,
): Promise<void> {
  const stored: object = STORED[key].parse(value);
  await exec
    .insert(businessSettings)
    .values({ key, value: stored, updatedAt: at, updatedBy: actorId })
    .onConflictDoUpdate({ target: businessSettings.key, set: { value: stored, updatedAt: at, updatedBy: actorId } });
}

/**
 * First start: the environment's business details become stored settings, so later changes to
 * the environment no longer apply (the README says so). Existing rows are never overwritten.
 */
export async function storeFirstStartSettings(db: Db, config: Config, at: Date): Promise<void> {
  const seed = seedSettings(config);
  for (const key of ['fees', 'business'] as const) {
    await db
      .insert(businessSettings)
      .values({ key, value: STORED[key].parse(seed[key]), updatedAt: at })
      .onConflictDoNothing({ target: businessSettings.key });
  }
}

/** Takes a group's row for the caller's transaction, so two saves of one form apply in turn, each against the other's result. */
export async function lockSetting(exec: Executor, key: SettingKey): Promise<void> {
  await exec
    .select({ key: businessSettings.key })
    .from(businessSettings)
    .where(eq(businessSettings.key, key))
    .for('update');
}

export type SettingsStore = {
  /** The current settings; kept per instance while database changes are heard, read afresh otherwise. */
  current(): Promise<Settings>;
  /**
   * Forgets this instance's copy at once after its own write: PostgreSQL's NOTIFY reaches the
   * instance a moment after commit, and the writer's next request must already see the change.
   */
  forget(): void;
};

/** One copy per instance, forgotten on every `settings` change from any instance (decision 231). */
export function createSettingsStore(
  deps: { db: Db; config: Config; log?: { error(obj: object, msg: string): void } },
  changes: PublicChanges | undefined,
): SettingsStore {
  let kept: Promise<Settings> | undefined;
  let listening = false;
  let generation = 0;
  changes?.subscribe({
    onChange: (change) => {
      if (change.kind === 'settings') {
        generation++;
        kept = undefined;
      }
    },
    onListening: (now) => {
      listening = now;
      generation++;
      kept = undefined;
    },
  });
  return {
    forget() {
      generation++;
      kept = undefined;
    },
    current() {
      if (!listening) return readSettings(deps.db, deps.config, deps.log);
      if (kept) return kept;
      const asked = generation;
      const reading = readSettings(deps.db, deps.config, deps.log);
      kept = reading;
      // A change heard while reading makes this copy stale: the next reader reads again.
      reading.then(
        () => {
          if (asked !== generation && kept === reading) kept = undefined;
        },
        () => {
          if (kept === reading) kept = undefined;
        },
      );
      return reading;
    },
  };
}
