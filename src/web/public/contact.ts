import { describeBusinessHours } from '../../shared/domain/business-hours';
import type { BusinessInfo } from '../../shared/schemas/site';

/** A tel: link for the configured phone number ("08 5550 1234" -> "tel:0855501234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Shared with the server's emails, which end sentences after the business name too. */
export { endSentence } from '../../shared/domain/business-placeholders';

/** The configured business days and hours in the forms the pages use ("Mon-Fri 8am-4pm", ...). */
export function hoursOf(business: Pick<BusinessInfo, 'hours'>) {
  return describeBusinessHours(business.hours);
}
