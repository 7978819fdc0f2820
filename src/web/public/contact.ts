/** A tel: link for the configured phone number ("08 5550 1234" -> "tel:0855501234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export const HOURS_TEXT = 'Mon-Fri 8am-4pm';
