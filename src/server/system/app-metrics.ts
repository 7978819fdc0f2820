/**
 * The counters the services call for /metrics (docs/decisions/400-system-health.md), apart from
 * metrics.ts so that deps.ts can name them without an import circle.
 */
export type AppMetrics = {
  /** A prepaid booking confirmed by its payment; the others are counted from their answers. */
  bookingCreated(channel: 'public' | 'staff' | 'prepaid'): void;
  paymentRecorded(method: 'card' | 'onsite'): void;
};
