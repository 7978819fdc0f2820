import { describe, expect, it } from 'vitest';
import {
  confirmationEmailNote,
  invoiceAlreadyEmailedToast,
  invoiceEmailToast,
  pdfEmailedNote,
  refundEmailNote,
  unconfirmedPaymentNote,
} from './email-wording';

const sentence = (n: { before: string; after: string }, email = 'sam@example.com') => `${n.before}${email}${n.after}`;

describe('what screens say about an email they queued (decision 241)', () => {
  it('keeps the product wording when a mail server is set', () => {
    expect(sentence(confirmationEmailNote('smtp', 'wizard'))).toBe("We've sent the confirmation to sam@example.com.");
    expect(sentence(confirmationEmailNote('smtp', 'paid'))).toBe(
      'A confirmation email is on its way to sam@example.com.',
    );
    expect(sentence(refundEmailNote('smtp'))).toBe('An email with the details is on its way to sam@example.com.');
    expect(unconfirmedPaymentNote('smtp')).toBe(
      'If your card was charged you will receive a confirmation email shortly;',
    );
    expect(invoiceEmailToast('smtp', { invoiceNumber: 'INV-000007', version: 2, to: 'sam@example.com' })).toEqual({
      title: 'Invoice Emailed',
      description: 'INV-000007 (PDF version 2) is on its way to sam@example.com.',
    });
    expect(pdfEmailedNote('smtp', 'Mon 23 Nov, 9:05 am')).toBe('emailed Mon 23 Nov, 9:05 am');
  });

  it('never says sent, emailed or on its way when emails are only stored', () => {
    const stored = [
      sentence(confirmationEmailNote('stored', 'wizard')),
      sentence(confirmationEmailNote('stored', 'paid')),
      sentence(refundEmailNote('stored')),
      unconfirmedPaymentNote('stored'),
      ...Object.values(invoiceEmailToast('stored', { invoiceNumber: 'INV-000007', version: 2, to: 'sam@example.com' })),
      pdfEmailedNote('stored', 'Mon 23 Nov, 9:05 am'),
      ...Object.values(
        invoiceAlreadyEmailedToast('stored', {
          number: 'INV-000007',
          to: 'sam@example.com',
          at: 'Mon 23 Nov, 9:05 am',
        }),
      ),
    ];
    for (const text of stored) expect(text).not.toMatch(/\b(sent the|emailed|on its way|will receive)\b/i);
    expect(sentence(confirmationEmailNote('stored', 'wizard'))).toBe(
      "Please keep your booking reference: we can't send emails at the moment, so no confirmation email will reach sam@example.com.",
    );
    expect(invoiceEmailToast('stored', { invoiceNumber: 'INV-000007', version: 2, to: 'sam@example.com' }).title).toBe(
      'Invoice Saved',
    );
    expect(pdfEmailedNote('stored', 'Mon 23 Nov')).toBe('saved for email Mon 23 Nov, not sent');
    expect(
      invoiceAlreadyEmailedToast('stored', { number: 'CN-000002', to: 'sam@example.com', at: 'Mon 23 Nov, 9:05 am' }),
    ).toEqual({
      title: 'Already Saved',
      description:
        'CN-000002 was saved for sam@example.com at Mon 23 Nov, 9:05 am and not sent: email is not set up (SMTP_URL). It was not saved again.',
    });
    expect(
      invoiceAlreadyEmailedToast('smtp', { number: 'CN-000002', to: 'sam@example.com', at: 'Mon 23 Nov, 9:05 am' })
        .description,
    ).toBe('CN-000002 went to sam@example.com at Mon 23 Nov, 9:05 am; it was not sent again.');
  });
});
