import { gstOf } from './gst';
import { sumCents, type Cents } from './money';
import type { ServiceType } from './services';
import { normaliseTyreSize } from './tyre-size';

// Fees in cents, GST-inclusive (docs/product.md "Prices and fees").
export const CALLOUT: Cents = 8980;
export const PUNCTURE_REPAIR: Cents = 4000;
export const PREPAID_DISCOUNT: Cents = 3000;
export const FITTING_PER_TYRE: Cents = 2500;
export const BALANCING_PER_TYRE: Cents = 1500;
export const CARD_SURCHARGE_RATE = 0.017;
// The same rate in thousandths as a whole number (17), so the cents maths has no float error.
const CARD_SURCHARGE_PER_MILLE = Math.round(CARD_SURCHARGE_RATE * 1000);
export const MAX_TYRE_QUANTITY = 4;
export const CALLBACK_MESSAGE = 'Please call for a quote on this tyre size';

export type QuoteItem = { description: string; priceCents: Cents };

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

const CALLOUT_ITEM: QuoteItem = { description: 'Mobile Service Callout', priceCents: CALLOUT };

function serviceItems(input: PriceServiceInput, quantity: number, unit: Cents): QuoteItem[] {
  switch (input.serviceType) {
    case 'new-tyres': {
      const size = input.tyreSize ? (normaliseTyreSize(input.tyreSize) ?? input.tyreSize.trim()) : '';
      return [
        { description: size ? `${quantity} x ${size} tyre` : `${quantity} x tyre`, priceCents: unit * quantity },
        { description: 'Fitting', priceCents: FITTING_PER_TYRE * quantity },
        { description: 'Balancing', priceCents: BALANCING_PER_TYRE * quantity },
        CALLOUT_ITEM,
      ];
    }
    case 'puncture-repair':
      return [{ description: 'Puncture Repair', priceCents: PUNCTURE_REPAIR }, CALLOUT_ITEM];
    case 'battery-service':
      return [{ description: 'Battery Service (Quote on site)', priceCents: 0 }, CALLOUT_ITEM];
    case 'emergency-callout':
      return [CALLOUT_ITEM];
  }
}

/** The one pricing rule (docs/product.md "Prices and fees"); GST is total / 11, never 10%. */
export function priceService(input: PriceServiceInput): Quote {
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
  const items = serviceItems(input, quantity, unit).map((item) => ({ ...item }));
  const subtotalCents = sumCents(items.map((i) => i.priceCents));
  const discountCents = input.isPrepaid && subtotalCents > 0 ? PREPAID_DISCOUNT : 0;
  const totalCents = Math.max(0, subtotalCents - discountCents);
  return {
    items,
    subtotalCents,
    discountCents,
    totalCents,
    gstCents: gstOf(totalCents),
    originalCents: discountCents > 0 ? totalCents + PREPAID_DISCOUNT : totalCents,
    callbackRequired: false,
  };
}

/** Battery service and callback-required quotes are paid on site (docs/product.md "Prices and fees"). */
export function canPrepay(serviceType: ServiceType, quote: Quote): boolean {
  return serviceType !== 'battery-service' && !quote.callbackRequired;
}

/** The card surcharge, added at checkout only (docs/product.md "Prices and fees"), in whole-number maths. */
export function cardSurcharge(amountCents: Cents): Cents {
  return Math.round((amountCents * CARD_SURCHARGE_PER_MILLE) / 1000);
}

export function withCardSurcharge(amountCents: Cents): Cents {
  return amountCents + cardSurcharge(amountCents);
}

/** The admin estimate (docs/product.md "Prices and fees"): fixed 129.80 / 89.80, or the tyre formula; 0 when the size needs a callback. */
export function adminEstimate(input: {
  serviceType: ServiceType;
  quantity: number;
  tyreUnitPriceCents: Cents | null;
}): Cents {
  switch (input.serviceType) {
    case 'puncture-repair':
      return PUNCTURE_REPAIR + CALLOUT;
    case 'battery-service':
    case 'emergency-callout':
      return CALLOUT;
    case 'new-tyres':
      if (input.tyreUnitPriceCents === null) return 0;
      assertTyreQuantity(input.quantity);
      return (input.tyreUnitPriceCents + FITTING_PER_TYRE + BALANCING_PER_TYRE) * input.quantity + CALLOUT;
  }
}
