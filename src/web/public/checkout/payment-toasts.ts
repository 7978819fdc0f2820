import { BOOKING_NOT_FOUND } from '../../../shared/schemas/payments';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';

export const SETUP_FAILED = 'Unable to initialize payment. Please try again.';

/** The server's sentence of a 503 (the card provider down, decision 402), else the checkout's own. */
export const setupFailedMessage = (err: unknown, fallback = SETUP_FAILED): string =>
  err instanceof ApiError && err.status === 503 ? (err.serverMessage ?? fallback) : fallback;

/** The checkout toasts (docs/product.md "Messages the UI shows"), worded in one place. */
export const paymentToasts = {
  failed: (message: string) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' }),
  error: () =>
    toast({
      title: 'Payment Error',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'destructive',
    }),
  /** With the server's sentence when the card provider is down: it names the other ways to pay (decision 402). */
  setupFailed: (description = SETUP_FAILED) =>
    toast({
      title: 'Payment Setup Failed',
      description,
      variant: 'destructive',
    }),
  notFound: () => toast({ title: 'Booking Not Found', description: BOOKING_NOT_FOUND, variant: 'destructive' }),
};
