import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';

// How to pay on the invoice comes from configuration (decision 201): all bank details or none.
describe('invoice payment details in configuration', () => {
  it('is unset by default: no bank account or PayID is ever made up', () => {
    expect(testConfig().business.payment).toEqual({ bank: undefined, payId: undefined });
  });

  it('reads the bank account and PayID, writing the BSB as 000-000', () => {
    const config = testConfig({
      BANK_ACCOUNT_NAME: 'Southside Tyres',
      BANK_BSB: '066000',
      BANK_ACCOUNT_NUMBER: '12345678',
      PAYID: 'accounts@example.com',
    });
    expect(config.business.payment).toEqual({
      bank: { accountName: 'Southside Tyres', bsb: '066-000', accountNumber: '12345678' },
      payId: 'accounts@example.com',
    });
  });

  it.each([
    [
      { BANK_ACCOUNT_NAME: 'Southside Tyres' },
      'BANK_BSB: BANK_ACCOUNT_NAME, BANK_BSB and BANK_ACCOUNT_NUMBER must be set together',
    ],
    [
      { BANK_ACCOUNT_NAME: 'A', BANK_BSB: '06600', BANK_ACCOUNT_NUMBER: '12345678' },
      'BANK_BSB: must be a 6-digit BSB, e.g. 066-000',
    ],
    [
      { BANK_ACCOUNT_NAME: 'A', BANK_BSB: '066-000', BANK_ACCOUNT_NUMBER: '12-34' },
      'BANK_ACCOUNT_NUMBER: must be 5 to 10 digits',
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => testConfig(env)).toThrow(message);
  });
});
