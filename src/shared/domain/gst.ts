import type { Cents } from './money';

/** GST on a GST-inclusive amount is always round(total / 11), never 10% (docs/product.md "Prices and fees"). */
export function gstOf(totalIncGst: Cents): Cents {
  const gst = Math.round(totalIncGst / 11);
  return gst === 0 ? 0 : gst;
}

export function exGst(totalIncGst: Cents): Cents {
  return totalIncGst - gstOf(totalIncGst);
}
