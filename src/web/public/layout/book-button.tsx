import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import type { BookingPrefill } from '../booking/booking-wizard';
import { useBookingDialog } from '../booking-launcher';
import { BOOKING_PAGE_PATH } from '../../../shared/public-routes';

/**
 * Every "Book ..." button on the public site. It is drawn by the server before the page is
 * interactive, so it is the submit button of a form that goes to the server-rendered booking page:
 * a tap in that gap is never lost. Once the page is interactive the tap opens the booking dialog in
 * place instead, preloading it on hover or focus (docs/decisions/357-book-button-before-the-page-is-ready.md).
 */
export function BookButton({
  children,
  prefill,
  onBeforeOpen,
  ...props
}: Omit<ButtonProps, 'onClick' | 'type'> & {
  children: ReactNode;
  prefill?: BookingPrefill;
  onBeforeOpen?: () => void;
}) {
  const booking = useBookingDialog();
  return (
    <form action={BOOKING_PAGE_PATH} method="get" className="contents">
      {prefill?.suburb ? <input type="hidden" name="suburb" value={prefill.suburb} /> : null}
      {prefill?.postcode ? <input type="hidden" name="postcode" value={prefill.postcode} /> : null}
      <Button
        {...props}
        type="submit"
        onPointerEnter={booking.preload}
        onFocus={booking.preload}
        onClick={(event) => {
          event.preventDefault();
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
    </form>
  );
}
