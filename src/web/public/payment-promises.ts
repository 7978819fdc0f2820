import { bnplNames, promisedOnlineMethods } from '../../shared/domain/payment-methods';
import type { BusinessInfo } from '../../shared/schemas/site';

/**
 * What the public pages promise about paying (docs/decisions/410-afterpay-zip-and-wallets.md): the
 * ways on site always, the online ones only while the owner has them switched on, so no page offers
 * what checkout does not. The structured data, the terms and the home page read these.
 */
const onlineOf = (b: BusinessInfo) =>
  promisedOnlineMethods(
    b.prepaidAvailable && b.onlineMethods ? b.onlineMethods : { afterpay: false, zip: false, wallets: false },
  );

/** schema.org's paymentAccepted on the home page. */
export function paymentAcceptedOf(b: BusinessInfo): string {
  const online = onlineOf(b);
  return [
    'Cash, Credit Card, Visa, Mastercard, American Express, EFTPOS, PayID',
    ...(online.wallets ? ['Apple Pay, Google Pay'] : []),
    ...online.bnpl.map((m) => `${bnplNames([m])} (buy now, pay later)`),
  ].join(', ');
}

/** The terms' "Payment" section. */
export function paymentTermsOf(b: BusinessInfo): string {
  const onDay = 'card (Visa, Mastercard, Amex), EFTPOS, PayID or cash';
  if (!b.prepaidAvailable) return `You pay on the day by ${onDay}.`;
  const online = onlineOf(b);
  const ways = [online.wallets ? 'by card, Apple Pay or Google Pay' : 'by card'];
  if (online.bnpl.length > 0)
    ways.push(`in instalments with ${bnplNames(online.bnpl)} (subject to their approval and terms)`);
  return `You can pay online when you book (prepaid) ${ways.join(', or ')}, or on the day by ${onDay}.`;
}

/** The home page's "Accepted Payments" list, by kind so the page picks each one's icon. */
export function homePaymentsOf(b: BusinessInfo): { kind: 'card' | 'phone' | 'cash' | 'later'; label: string }[] {
  const online = onlineOf(b);
  return [
    { kind: 'card', label: 'Visa, Mastercard and Amex' },
    { kind: 'card', label: 'EFTPOS' },
    { kind: 'phone', label: 'PayID' },
    { kind: 'cash', label: 'Cash' },
    ...(online.wallets ? [{ kind: 'phone' as const, label: 'Apple Pay and Google Pay online' }] : []),
    ...(online.bnpl.length > 0
      ? [{ kind: 'later' as const, label: `Pay in instalments online with ${bnplNames(online.bnpl)}` }]
      : []),
  ];
}
