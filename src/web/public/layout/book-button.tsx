import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import type { BookingPrefill } from '../booking/booking-wizard';
import { useBookingDialog } from '../booking-launcher';

/** Every "Book ..." button on the public site: opens the booking dialog, preloading it on hover or focus. */
export function BookButton({ children, prefill, onBeforeOpen, ...props }: Omit<ButtonProps, 'onClick'> & { children: ReactNode; prefill?: BookingPrefill; onBeforeOpen?: () => void }) {
  const booking = useBookingDialog();
  return (
    <Button
      {...props}
      onPointerEnter={booking.preload}
      onFocus={booking.preload}
      onClick={() => {
        if (onBeforeOpen) {
          onBeforeOpen();
          // Let the closing drawer hand focus back before the booking dialog takes it.
          setTimeout(() => booking.open(prefill), 0);
        } else {
          booking.open(prefill);
        }
      }}
    >
      {children}
    </Button>
  );
}
