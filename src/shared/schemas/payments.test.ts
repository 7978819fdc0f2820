import { describe, expect, it } from 'vitest';
import { CARD_EXPIRED, cardExpired, simulatedCardForm } from './payments';

describe("a test card's expiry", () => {
  const now = new Date('2026-12-08T01:00:00Z');

  it('is good to the end of its month, and expired from the next', () => {
    expect(cardExpired('12/26', now)).toBe(false);
    expect(cardExpired('01/27', now)).toBe(false);
    expect(cardExpired('11/26', now)).toBe(true);
    expect(cardExpired('01/20', now)).toBe(true);
    expect(cardExpired('12 / 26', now)).toBe(false);
  });

  it('leaves a malformed expiry to the format rule', () => {
    expect(cardExpired('13/26', now)).toBe(false);
    const parsed = simulatedCardForm.safeParse({
      cardNumber: '4242424242424242',
      expiry: '13/26',
      cvc: '123',
      nameOnCard: 'A',
    });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Expiry must be MM/YY']);
  });

  it('is refused by the form in the provider words', () => {
    const parsed = simulatedCardForm.safeParse({
      cardNumber: '4242424242424242',
      expiry: '01/20',
      cvc: '123',
      nameOnCard: 'A',
    });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([CARD_EXPIRED]);
  });
});
