import { useEffect, useRef, useState } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { PublicBookingFormInput } from '../../../shared/schemas/booking';
import { api } from '../../lib/api';

/** What filling in from an earlier booking came to: nothing asked, asking, filled, or a link that filled nothing. */
export type BookAgainState = 'none' | 'loading' | 'filled' | 'not-found';

/**
 * "Book again" (docs/decisions/412-book-again.md): the wizard opened from a booking's own link
 * fills in that booking's contact, vehicle and address, read through the link's token and nothing
 * else. A field the customer has typed in meanwhile is kept. A wrong link fills nothing.
 */
export function useBookAgain(
  token: string | undefined,
  open: boolean,
  form: { setValue: UseFormSetValue<PublicBookingFormInput>; getValues: () => PublicBookingFormInput },
): BookAgainState {
  const [state, setState] = useState<BookAgainState>(token ? 'loading' : 'none');
  const { setValue, getValues } = form;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    // Asked once per link, the first time the wizard opens with it.
    if (!token || !open || asked.current === token) return;
    asked.current = token;
    api.manage
      .bookAgain({ params: { token } })
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
        if (d.vehicle) {
          fill('vehicleMake', d.vehicle.make);
          fill('vehicleModel', d.vehicle.model);
          fill('vehicleYear', String(d.vehicle.year));
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
  }, [token, open, setValue, getValues]);
  return state;
}
