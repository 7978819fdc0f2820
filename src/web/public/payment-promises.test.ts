import { describe, expect, it } from 'vitest';
import { DEFAULT_FEES } from '../../shared/domain/settings';
import type { BusinessInfo } from '../../shared/schemas/site';
import { homePaymentsOf, paymentAcceptedOf, paymentTermsOf } from './payment-promises';

const business = (onlineMethods: BusinessInfo['onlineMethods'], prepaidAvailable = true): BusinessInfo => ({
  name: 'Mobile Tyre & Battery Co.',
  abn: '',
  phone: '08 5550 1234',
  email: '',
  publicBaseUrl: 'http://localhost',
  gstRegistered: false,
  prepaidAvailable,
  paymentProvider: prepaidAvailable ? 'simulated' : 'none',
  stripePublishableKey: null,
  googleMapsApiKey: null,
  emailDelivery: 'stored',
  ...(onlineMethods ? { onlineMethods } : {}),
  hours: { days: [1, 2, 3, 4, 5], opensHour: 8, closesHour: 16 },
  fees: DEFAULT_FEES,
});
const all = { afterpay: true, zip: true, wallets: true };
const none = { afterpay: false, zip: false, wallets: false };

describe('the public pages promise only the ways to pay switched on (decision 410)', () => {
  it('names Afterpay, Zip and the wallets while they are on', () => {
    const b = business(all);
    expect(paymentAcceptedOf(b)).toBe(
      'Cash, Credit Card, Visa, Mastercard, American Express, EFTPOS, PayID, Apple Pay, Google Pay, Afterpay (buy now, pay later), Zip (buy now, pay later)',
    );
    expect(paymentTermsOf(b)).toContain('in instalments with Afterpay or Zip');
    expect(paymentTermsOf(b)).toContain('Apple Pay or Google Pay');
    expect(homePaymentsOf(b).map((p) => p.label)).toContain('Pay in instalments online with Afterpay or Zip');
  });

  it('drops a provider switched off from every page', () => {
    const b = business({ ...all, afterpay: false });
    for (const text of [
      paymentAcceptedOf(b),
      paymentTermsOf(b),
      homePaymentsOf(b)
        .map((p) => p.label)
        .join(' '),
    ]) {
      expect(text).not.toContain('Afterpay');
      expect(text).toContain('Zip');
    }
  });

  it('promises no instalments, wallets or buy-now-pay-later with all off, without a card provider, or unknown', () => {
    for (const b of [business(none), business(all, false), business(undefined)]) {
      const text = [paymentAcceptedOf(b), paymentTermsOf(b), ...homePaymentsOf(b).map((p) => p.label)].join(' ');
      expect(text).not.toMatch(/instalment|Afterpay|Zip|Apple Pay|Google Pay|pay later/i);
    }
  });
});
