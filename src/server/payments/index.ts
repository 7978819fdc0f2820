import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { SimulatedPaymentProvider } from './simulated';
import { StripePaymentProvider } from './stripe';

/** The provider config.paymentProvider names (docs/product.md "Payments"); null when prepaid is off. */
export function createPaymentProvider(config: Config): PaymentProvider | null {
  if (config.paymentProvider === 'stripe' && config.stripe) {
    return new StripePaymentProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
    });
  }
  if (config.paymentProvider === 'simulated') return new SimulatedPaymentProvider();
  return null;
}
