import { describe, expect, it } from 'vitest';
import { toCents } from './money';
import { chargeFor, DEFAULT_PAYMENT_METHODS, offeredMethods, type PaymentMethodSwitches } from './payment-methods';
import { DEFAULT_FEES } from './settings';

const on: PaymentMethodSwitches = { afterpay: true, zip: true, wallets: true, bnplSurchargeBasisPoints: 0 };
const names = (amount: string, switches = on) =>
  offeredMethods(toCents(amount), DEFAULT_FEES, switches).map((m) => m.method);

describe('the ways a booking can be paid online (decision 410)', () => {
  it('offers card, Afterpay, Zip and the wallets for a $487.80 booking while they are on, Afterpay with its limits and no surcharge', () => {
    const offered = offeredMethods(toCents('487.80'), DEFAULT_FEES, on);
    expect(offered.map((m) => m.method)).toEqual(['card', 'afterpay', 'zip', 'apple-pay', 'google-pay']);
    expect(offered[0]).toEqual({ method: 'card', surcharge: '8.29', total: '496.09' });
    expect(offered[1]).toEqual({ method: 'afterpay', min: '1.00', max: '2000.00', surcharge: '0.00', total: '487.80' });
    expect(offered[2]).toMatchObject({ method: 'zip', min: '1.00', max: '5000.00', total: '487.80' });
  });

  it.each([
    ['2000.00', ['card', 'afterpay', 'zip']],
    ['2000.01', ['card', 'zip']],
    ['5000.00', ['card', 'zip']],
    ['5000.01', ['card']],
    ['0.99', ['card']],
    ['1.00', ['card', 'afterpay', 'zip']],
  ])('keeps each provider to its limits: $%s offers %j', (amount, methods) => {
    expect(names(amount, { ...on, wallets: false })).toEqual(methods);
  });

  it('offers nothing the owner switched off; card always', () => {
    expect(names('487.80', { ...on, afterpay: false })).toEqual(['card', 'zip', 'apple-pay', 'google-pay']);
    expect(names('487.80', DEFAULT_PAYMENT_METHODS)).toEqual(['card', 'apple-pay', 'google-pay']);
    expect(names('487.80', { ...DEFAULT_PAYMENT_METHODS, wallets: false })).toEqual(['card']);
  });

  it('charges Afterpay and Zip the owner surcharge only, and checks the limits on the charged total', () => {
    const switches = { ...on, bnplSurchargeBasisPoints: 150 };
    expect(chargeFor('afterpay', toCents('487.80'), DEFAULT_FEES, switches)).toEqual({
      surchargeCents: 732,
      totalCents: 49_512,
      basisPoints: 150,
    });
    // $1,980 plus 1.5% is over Afterpay's $2,000.
    expect(names('1980.00', { ...switches, wallets: false })).toEqual(['card', 'zip']);
  });
});
