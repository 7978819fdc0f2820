import { gstOf } from './gst';
import { formatDollars, sumCents, type Cents } from './money';
import type { ServiceType } from './services';
import type { Fees } from './settings';
import { normaliseTyreSize } from './tyre-size';

// The fees are the owner's settings (docs/decisions/280-owner-settings-in-the-database.md): every
// price below takes the fees in force when the quote is made; nothing here keeps a copy.
export const MAX_TYRE_QUANTITY = 4;
export const CALLBACK_MESSAGE = 'Please call for a quote on this tyre size';

export type QuoteItem = { description: string; priceCents: Cents };

export const CALLOUT_LABEL = 'Mobile Service Callout';

/**
 * Battery service: the battery itself is quoted on site and comes on top of the price booked, as
 * its service card says (docs/product.md "Prices and fees"). The wizard, the manage page and the
 * confirmation email say it beside the amount in the same words.
 */
export const BATTERY_ON_TOP = 'plus the battery, quoted on site';

export function withBatteryOnTop(serviceType: string, price: string): string {
  return serviceType === 'battery-service' ? `${price} ${BATTERY_ON_TOP}` : price;
}

/**
 * New tyres whose price needs a call (no size given, or a size without a price): we call with the
 * tyre price before the visit, and the callout is the price so far (docs/product.md "Prices and fees").
 */
export function tyrePriceToFollow(calloutCents: Cents): string {
  return `We'll call you with the price of your tyres before the visit. The ${CALLOUT_LABEL} (${formatDollars(calloutCents)}) is the price so far.`;
}

export type Quote = {
  items: QuoteItem[];
  subtotalCents: Cents;
  discountCents: Cents;
  totalCents: Cents;
  gstCents: Cents;
  originalCents: Cents;
  callbackRequired: boolean;
  message?: string;
};

export type PriceServiceInput = {
  serviceType: ServiceType;
  isPrepaid: boolean;
  quantity?: number;
  tyreSize?: string | null;
  tyreUnitPriceCents?: Cents | null;
};

export function assertTyreQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_TYRE_QUANTITY) {
    throw new Error(`Quantity must be a whole number from 1 to ${MAX_TYRE_QUANTITY}`);
  }
}

function serviceItems(input: PriceServiceInput, quantity: number, unit: Cents, fees: Fees): QuoteItem[] {
  const CALLOUT_ITEM: QuoteItem = { description: CALLOUT_LABEL, priceCents: fees.callout };
  switch (input.serviceType) {
    case 'new-tyres': {
      const size = input.tyreSize ? (normaliseTyreSize(input.tyreSize) ?? input.tyreSize.trim()) : '';
      return [
        { description: size ? `${quantity} x ${size} tyre` : `${quantity} x tyre`, priceCents: unit * quantity },
        { description: 'Fitting', priceCents: fees.fittingPerTyre * quantity },
        { description: 'Balancing', priceCents: fees.balancingPerTyre * quantity },
        CALLOUT_ITEM,
      ];
    }
    case 'puncture-repair':
      return [{ description: 'Puncture Repair', priceCents: fees.punctureRepair }, CALLOUT_ITEM];
    case 'battery-service':
      return [{ description: 'Battery Service (Quote on site)', priceCents: 0 }, CALLOUT_ITEM];
    case 'emergency-callout':
      return [CALLOUT_ITEM];
  }
}

/** The one pricing rule (docs/product.md "Prices and fees"); GST is total / 11, never 10%. */
export function priceService(input: PriceServiceInput, fees: Fees): Quote {
  const quantity = input.quantity ?? 1;
  let unit: Cents = 0;
  if (input.serviceType === 'new-tyres') {
    assertTyreQuantity(quantity);
    const price = input.tyreUnitPriceCents;
    if (price === null || price === undefined) {
      return {
        items: [],
        subtotalCents: 0,
        discountCents: 0,
        totalCents: 0,
        gstCents: 0,
        originalCents: 0,
        callbackRequired: true,
        message: CALLBACK_MESSAGE,
      };
    }
    if (!Number.isSafeInteger(price) || price < 0) throw new Error('Tyre price must be whole cents, not negative');
    unit = price;
  }
  const items = serviceItems(input, quantity, unit, fees).map((item) => ({ ...item }));
  const subtotalCents = sumCents(items.map((i) => i.priceCents));
  const discountCents = input.isPrepaid && subtotalCents > 0 ? fees.prepaidDiscount : 0;
  const totalCents = Math.max(0, subtotalCents - discountCents);
  return {
    items,
    subtotalCents,
    discountCents,
    totalCents,
    gstCents: gstOf(totalCents),
    originalCents: discountCents > 0 ? totalCents + discountCents : totalCents,
    callbackRequired: false,
  };
}

/** Battery service and callback-required quotes are paid on site (docs/product.md "Prices and fees"). */
export function canPrepay(serviceType: ServiceType, quote: Quote): boolean {
  return serviceType !== 'battery-service' && !quote.callbackRequired;
}

/** The card surcharge, added at checkout only (docs/product.md "Prices and fees"), in whole-number maths. */
export function cardSurcharge(amountCents: Cents, fees: Fees): Cents {
  // The rate in hundredths of a per cent (170 = 1.70%), so the cents maths has no float error.
  return Math.round((amountCents * fees.cardSurchargeBasisPoints) / 10_000);
}

export function withCardSurcharge(amountCents: Cents, fees: Fees): Cents {
  return amountCents + cardSurcharge(amountCents, fees);
}

/** "1.7%", "2%", "1.75%": the surcharge as the checkout and invoice lines name it. */
export function cardSurchargeLabel(fees: Fees): string {
  return `${String(fees.cardSurchargeBasisPoints / 100)}%`;
}

/**
 * The admin estimate (docs/product.md "Prices and fees"): callout + puncture repair (129.80 by
 * default), the callout alone (89.80), or the tyre formula; 0 when the size needs a callback.
 * The fixed estimates follow the fees (docs/decisions/290-fees-and-estimates-in-the-dashboard.md).
 */
export function adminEstimate(
  input: {
    serviceType: ServiceType;
    quantity: number;
    tyreUnitPriceCents: Cents | null;
  },
  fees: Fees,
): Cents {
  switch (input.serviceType) {
    case 'puncture-repair':
      return fees.punctureRepair + fees.callout;
    case 'battery-service':
    case 'emergency-callout':
      return fees.callout;
    case 'new-tyres':
      if (input.tyreUnitPriceCents === null) return 0;
      assertTyreQuantity(input.quantity);
      return (input.tyreUnitPriceCents + fees.fittingPerTyre + fees.balancingPerTyre) * input.quantity + fees.callout;
  }
}
