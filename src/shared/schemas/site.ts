import { z } from 'zod';

/** What every page knows about the business: from configuration, never hard-coded (docs/product.md "The business"). */
export const businessInfo = z.object({
  name: z.string(),
  abn: z.string(),
  phone: z.string(),
  email: z.string(),
  publicBaseUrl: z.string(),
  gstRegistered: z.boolean(),
  prepaidAvailable: z.boolean(),
  paymentProvider: z.enum(['stripe', 'simulated', 'none']),
  stripePublishableKey: z.string().nullable(),
  googleMapsApiKey: z.string().nullable(),
  /** 'smtp' when SMTP_URL is set; 'stored' when emails only wait in the outbox, so no page says "sent" (decision 241). */
  emailDelivery: z.enum(['smtp', 'stored']),
  /** Business days and hours (src/shared/domain/business-hours.ts), shown on every page. */
  hours: z.object({ days: z.array(z.number().int().min(0).max(6)), opensHour: z.number().int(), closesHour: z.number().int() }),
});
export type BusinessInfo = z.infer<typeof businessInfo>;

/** The data a server-rendered page is built from; serialised into the page for hydration. */
export type PageData = {
  app: 'public' | 'staff';
  business: BusinessInfo;
  /** Route-specific data loaded by the server (e.g. a suburb page). */
  page?: unknown;
};
