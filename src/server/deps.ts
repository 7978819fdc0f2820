import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/email';
import type { PhotoStorage } from './adapters/storage';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Outbox } from './emails/outbox';
import type { InvoicePdfStore } from './invoices/pdf-store';
import type { PaymentProvider } from './payments/provider';
import type { SettingsStore } from './settings/store';
import type { SmsOutbox } from './sms/delivery';
import type { AppMetrics } from './system/app-metrics';

/**
 * Everything the app is built from. Kept apart from app.ts (which imports every area) so a
 * service can name what it needs, e.g. `Pick<AppDeps, 'db' | 'clock'>`, without an import circle.
 */
export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  outbox: Outbox;
  /** The SMS outbox's delivery: Twilio, or the local outbox without it (docs/decisions/363-sms-delivery.md). */
  sms: SmsOutbox;
  /** Photo files, on local disk or in S3 (decision 220). */
  storage: PhotoStorage;
  /** Invoice PDF files, beside the photos (decisions 200, 220). */
  pdfs: InvoicePdfStore;
  /** The card provider; null when prepaid is off (production without Stripe keys). */
  payments: PaymentProvider | null;
  /** The owner's settings (fees, business profile), stored in the database (decision 280). */
  settings: SettingsStore;
  /** The counters /metrics reports (docs/decisions/400-system-health.md); absent where no app is built (scripts). */
  metrics?: AppMetrics;
};
