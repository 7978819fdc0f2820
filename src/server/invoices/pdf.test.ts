import { describe, expect, it } from 'vitest';
import { paidLine } from './pdf';

describe('the paid line of an invoice', () => {
  it('says Paid once and ends the note before Thank you', () => {
    expect(paidLine('Paid by EFTPOS on site on 27 Nov 2026')).toBe('Paid by EFTPOS on site on 27 Nov 2026. Thank you.');
    expect(paidLine('Paid by card online on 2026-11-20.')).toBe('Paid by card online on 2026-11-20. Thank you.');
    expect(paidLine('Bank transfer received')).toBe('Paid: Bank transfer received. Thank you.');
  });
});
