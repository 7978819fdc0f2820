import type { BusinessInfo } from '../../shared/schemas/site';

/**
 * What a screen may say about an email it queued (decision 241). With SMTP_URL set the email
 * leaves the machine and the usual words stand ("We've sent the confirmation to ..."). Without it
 * the email only waits in the outbox, so nothing may claim it was sent: the customer is told to
 * keep their booking reference, staff are told it was saved and where to read it.
 */
export type EmailDelivery = BusinessInfo['emailDelivery'];

/** A sentence around the customer's address, which the page shows in bold between the two parts. */
export type AroundEmail = { before: string; after: string };

const NOT_SENDING = "we can't send emails at the moment";

/** The booking wizard's last step and the paid-online page: where the confirmation went. */
export function confirmationEmailNote(delivery: EmailDelivery, where: 'wizard' | 'paid'): AroundEmail {
  if (delivery === 'smtp')
    return where === 'wizard'
      ? { before: "We've sent the confirmation to ", after: '.' }
      : { before: 'A confirmation email is on its way to ', after: '.' };
  return {
    before: `Please keep your booking reference: ${NOT_SENDING}, so no confirmation email will reach `,
    after: '.',
  };
}

/**
 * Where the confirmation's manage link also went (docs/decisions/413-returning-customer-frictions.md):
 * the email only when it leaves the machine, the text only when texts do; otherwise it says plainly
 * that the link could not be sent, so the customer keeps it from the screen.
 */
export function manageLinkSentNote(emailedTo: string | null, textedTo: string | null): string {
  if (emailedTo && textedTo) return `We also sent it to ${emailedTo} and by text to ${textedTo}.`;
  if (emailedTo) return `We also sent it to ${emailedTo}.`;
  if (textedTo) return `We also sent it by text to ${textedTo}.`;
  return "We couldn't send this link by email or text, so please keep it now: copy or bookmark it.";
}

/** A late payment that will be refunded: where the details went. */
export function refundEmailNote(delivery: EmailDelivery): AroundEmail {
  if (delivery === 'smtp') return { before: 'An email with the details is on its way to ', after: '.' };
  return { before: `We can't send emails at the moment, so no email with the details will reach `, after: '.' };
}

/** A payment the provider has not confirmed yet. */
export function unconfirmedPaymentNote(delivery: EmailDelivery): string {
  return delivery === 'smtp'
    ? 'If your card was charged you will receive a confirmation email shortly;'
    : `If your card was charged, please call us to check your booking (${NOT_SENDING});`;
}

/** The toast after 'Email Invoice'. */
export function invoiceEmailToast(
  delivery: EmailDelivery,
  r: { invoiceNumber: string; version: number; to: string },
): { title: string; description: string } {
  if (delivery === 'smtp')
    return {
      title: 'Invoice Emailed',
      description: `${r.invoiceNumber} (PDF version ${r.version}) is on its way to ${r.to}.`,
    };
  return {
    title: 'Invoice Saved',
    description: `${r.invoiceNumber} (PDF version ${r.version}) was not sent to ${r.to}: email is not set up (SMTP_URL). It waits under Settings, Customer emails.`,
  };
}

/**
 * 'Email Invoice' again within a few minutes (decision 296): nothing is sent again, and the toast
 * says what happened to the first, sent or only kept while email is not set up.
 */
export function invoiceAlreadyEmailedToast(
  delivery: EmailDelivery,
  r: { number: string; to: string; at: string },
): { title: string; description: string } {
  if (delivery === 'smtp')
    return { title: 'Already Emailed', description: `${r.number} went to ${r.to} at ${r.at}; it was not sent again.` };
  return {
    title: 'Already Saved',
    description: `${r.number} was saved for ${r.to} at ${r.at} and not sent: email is not set up (SMTP_URL). It was not saved again.`,
  };
}

/** A PDF version's note in the invoice's list of versions: when it went out by email. */
export function pdfEmailedNote(delivery: EmailDelivery, when: string): string {
  return delivery === 'smtp' ? `emailed ${when}` : `saved for email ${when}, not sent`;
}
