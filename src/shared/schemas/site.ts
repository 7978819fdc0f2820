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
  /**
   * The online ways to pay the owner switched on (docs/decisions/410-afterpay-zip-and-wallets.md): the
   * public pages promise these and no others. Absent or off: none promised.
   */
  onlineMethods: z.object({ afterpay: z.boolean(), zip: z.boolean(), wallets: z.boolean() }).optional(),
  /** Business days and hours (src/shared/domain/business-hours.ts), shown on every page. */
  hours: z.object({
    days: z.array(z.number().int().min(0).max(6)),
    opensHour: z.number().int(),
    closesHour: z.number().int(),
  }),
  /**
   * The fees every quote uses now, in cents (docs/decisions/280-owner-settings-in-the-database.md):
   * the wizard prices with them and the pages that state a price show them.
   */
  fees: z.object({
    callout: z.number().int(),
    punctureRepair: z.number().int(),
    fittingPerTyre: z.number().int(),
    balancingPerTyre: z.number().int(),
    prepaidDiscount: z.number().int(),
    cardSurchargeBasisPoints: z.number().int(),
  }),
});
export type BusinessInfo = z.infer<typeof businessInfo>;

/** The data a server-rendered page is built from; serialised into the page for hydration. */
export type PageData = {
  app: 'public' | 'staff';
  business: BusinessInfo;
  /** Route-specific data loaded by the server (e.g. a suburb page). */
  page?: unknown;
};
