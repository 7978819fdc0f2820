import type { PlaceholderBusiness } from '../../../shared/domain/business-placeholders';
import type { BusinessInfo } from '../../../shared/schemas/site';

/** What a page's placeholders stand for, from what every page knows (docs/decisions/285-suburb-page-placeholders.md). */
export function placeholderValuesOf(business: BusinessInfo): PlaceholderBusiness {
  return {
    name: business.name,
    phone: business.phone,
    businessDays: business.hours.days,
    prepaidDiscount: business.fees.prepaidDiscount,
  };
}
