import { formatCents, type Cents } from './money';
import { cardSurcharge } from './pricing';
import type { Fees } from './settings';

/**
 * The ways a booking can be paid online (docs/decisions/410-afterpay-zip-and-wallets.md): card
 * (Apple Pay and Google Pay ride on it, with the card surcharge), Afterpay and Zip (buy now, pay
 * later, by a redirect to the provider). The owner switches each on or off; Afterpay and Zip carry
 * no surcharge unless the owner sets one for them.
 */
export const ONLINE_METHODS = ['card', 'afterpay', 'zip'] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const BNPL_METHODS = ['afterpay', 'zip'] as const;
export type BnplMethod = (typeof BNPL_METHODS)[number];
export const WALLET_METHODS = ['apple-pay', 'google-pay'] as const;
export type WalletMethod = (typeof WALLET_METHODS)[number];
export type OfferedMethodName = OnlineMethod | WalletMethod;

export const isBnpl = (method: string | undefined | null): method is BnplMethod =>
  method === 'afterpay' || method === 'zip';

export const METHOD_LABELS: Record<OfferedMethodName, string> = {
  card: 'Card',
  afterpay: 'Afterpay',
  zip: 'Zip',
  'apple-pay': 'Apple Pay',
  'google-pay': 'Google Pay',
};

/**
 * What each provider accepts in Australia, in cents, on the amount charged: Afterpay from $1 to
 * $2,000 (Stripe's Afterpay limits for AUD); Zip from $1 to $5,000 (decision 410 says where the
 * figure comes from: Stripe's Zip pages name none, Zip's products run from Zip Pay's $1,000 line to
 * Zip Money's larger ones, and the customer's own credit limit decides above that).
 */
export const BNPL_LIMITS: Record<BnplMethod, { minCents: Cents; maxCents: Cents }> = {
  afterpay: { minCents: 100, maxCents: 200_000 },
  zip: { minCents: 100, maxCents: 500_000 },
};

/** The owner's switches (Settings, "Ways to pay online"); the surcharge in hundredths of a per cent. */
export type PaymentMethodSwitches = {
  afterpay: boolean;
  zip: boolean;
  wallets: boolean;
  bnplSurchargeBasisPoints: number;
};

/**
 * Off until the owner turns them on (decision 410): Afterpay and Zip must be enabled in the Stripe
 * account first, and the site promises nothing the checkout does not offer. Wallets are card
 * payments and show only where the browser offers them, so they start on.
 */
export const DEFAULT_PAYMENT_METHODS: PaymentMethodSwitches = {
  afterpay: false,
  zip: false,
  wallets: true,
  bnplSurchargeBasisPoints: 0,
};

/** The surcharge rate a method's amount is made with: the card fee for card, the owner's BNPL rate otherwise. */
export function surchargeBasisPointsFor(method: OnlineMethod, fees: Fees, switches: PaymentMethodSwitches): number {
  return method === 'card' ? fees.cardSurchargeBasisPoints : switches.bnplSurchargeBasisPoints;
}

/** What paying `amountCents` by `method` charges: the surcharge and the total, in whole cents. */
export function chargeFor(
  method: OnlineMethod,
  amountCents: Cents,
  fees: Fees,
  switches: PaymentMethodSwitches,
): { surchargeCents: Cents; totalCents: Cents; basisPoints: number } {
  const basisPoints = surchargeBasisPointsFor(method, fees, switches);
  const surchargeCents = cardSurcharge(amountCents, { ...fees, cardSurchargeBasisPoints: basisPoints });
  return { surchargeCents, totalCents: amountCents + surchargeCents, basisPoints };
}

export type OfferedMethod = {
  method: OfferedMethodName;
  /** The provider's limits on the amount charged (Afterpay and Zip only). */
  min?: string;
  max?: string;
  surcharge: string;
  total: string;
};

/**
 * The ways this amount can be paid now, card first: a method switched off, or whose limits the
 * charged total falls outside, is not offered. Apple Pay and Google Pay are listed when the wallets
 * are on; the browser still decides whether it shows them (Stripe's Payment Element asks it).
 */
export function offeredMethods(amountCents: Cents, fees: Fees, switches: PaymentMethodSwitches): OfferedMethod[] {
  const card = chargeFor('card', amountCents, fees, switches);
  const asCard = { surcharge: formatCents(card.surchargeCents), total: formatCents(card.totalCents) };
  const offered: OfferedMethod[] = [{ method: 'card', ...asCard }];
  for (const method of BNPL_METHODS) {
    if (!switches[method]) continue;
    const charge = chargeFor(method, amountCents, fees, switches);
    const limits = BNPL_LIMITS[method];
    if (charge.totalCents < limits.minCents || charge.totalCents > limits.maxCents) continue;
    offered.push({
      method,
      min: formatCents(limits.minCents),
      max: formatCents(limits.maxCents),
      surcharge: formatCents(charge.surchargeCents),
      total: formatCents(charge.totalCents),
    });
  }
  if (switches.wallets) for (const method of WALLET_METHODS) offered.push({ method, ...asCard });
  return offered;
}

/** The online ways to pay the public pages may promise: only those switched on (decision 410). */
export function promisedOnlineMethods(switches: Pick<PaymentMethodSwitches, 'afterpay' | 'zip' | 'wallets'>): {
  bnpl: BnplMethod[];
  wallets: boolean;
} {
  return { bnpl: BNPL_METHODS.filter((m) => switches[m]), wallets: switches.wallets };
}

/** "Afterpay or Zip", "Afterpay", "": the switched-on BNPL providers in a sentence. */
export function bnplNames(methods: readonly BnplMethod[]): string {
  return methods.map((m) => METHOD_LABELS[m]).join(' or ');
}
