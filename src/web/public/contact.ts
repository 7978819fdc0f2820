import { describeBusinessHours } from '../../shared/domain/business-hours';
import type { BusinessInfo } from '../../shared/schemas/site';

/** A tel: link for the configured phone number ("08 5550 1234" -> "tel:0855501234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Ends a sentence after a configured name: "Mobile Tyre & Battery Co." already carries its stop, so
 * adding one would print "Co.." (the default name of docs/product.md "The business").
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The configured business days and hours in the forms the pages use ("Mon-Fri 8am-4pm", ...). */
export function hoursOf(business: Pick<BusinessInfo, 'hours'>) {
  return describeBusinessHours(business.hours);
}
