import { useEffect, useRef, useState } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { PublicBookingFormInput } from '../../../shared/schemas/booking';
import { linkKeyOf, readEarlierBooking, type EarlierBookingLink } from './earlier-booking';

/** What filling in from an earlier booking came to: nothing asked, asking, filled, or a link that filled nothing. */
export type BookAgainState = 'none' | 'loading' | 'filled' | 'not-found';

/**
 * "Book again" (docs/decisions/412-book-again.md): the wizard opened from a booking's own link
 * fills in that booking's contact, vehicle and address, read through the link's token and nothing
 * else; after a declined Afterpay or Zip payment its service and tyres too (decision 443). A field
 * the customer has typed in meanwhile is kept. A wrong link fills nothing.
 */
export function useBookAgain(
  link: EarlierBookingLink | undefined,
  open: boolean,
  form: { setValue: UseFormSetValue<PublicBookingFormInput>; getValues: () => PublicBookingFormInput },
): BookAgainState {
  const key = linkKeyOf(link);
  const [state, setState] = useState<BookAgainState>(key ? 'loading' : 'none');
  const { setValue, getValues } = form;
  const asked = useRef<string | null>(null);
  const again = link?.again;
  const declined = link?.declined;
  useEffect(() => {
    // Asked once per link, the first time the wizard opens with it.
    if (!key || !open || asked.current === key) return;
    asked.current = key;
    readEarlierBooking({ again, declined })
      .then((d) => {
        const fill = (name: keyof PublicBookingFormInput, value: string) => {
          if (!getValues()[name]) setValue(name, value);
        };
        fill('customerName', d.customer.name);
        fill('customerPhone', d.customer.phone);
        fill('customerEmail', d.customer.email);
        fill('address', d.address);
        fill('suburb', d.suburb);
        fill('postcode', d.postcode);
        if (d.serviceType) fill('serviceType', d.serviceType);
        if (d.dontKnowSize && getValues().serviceType === 'new-tyres') setValue('dontKnowSize', true);
        if (d.tyreQuantity && Number(getValues().quantity) === 1) setValue('quantity', d.tyreQuantity);
        if (d.vehicle) {
          fill('vehicleMake', d.vehicle.make);
          fill('vehicleModel', d.vehicle.model);
          if (d.vehicle.year) fill('vehicleYear', String(d.vehicle.year));
          fill('registration', d.vehicle.registration);
          // The car's tyre size from that booking, for the same tyres again.
          const size = /^(\d{3})\/(\d{2})R(\d{2})$/.exec(d.vehicle.tyreSize ?? '');
          if (size) {
            fill('tyreWidth', size[1]!);
            fill('aspectRatio', size[2]!);
            fill('rimSize', size[3]!);
          }
        }
        setState('filled');
      })
      .catch(() => setState('not-found'));
  }, [key, again, declined, open, setValue, getValues]);
  return state;
}
