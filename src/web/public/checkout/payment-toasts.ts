import { BOOKING_NOT_FOUND } from '../../../shared/schemas/payments';
import { toast } from '../../components/ui/toast';

/** The checkout toasts (docs/product.md "Messages the UI shows"), worded in one place. */
export const paymentToasts = {
  failed: (message: string) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' }),
  error: () =>
    toast({
      title: 'Payment Error',
      description: 'An unexpected error occurred. Please try again.',
      variant: 'destructive',
    }),
  setupFailed: () =>
    toast({
      title: 'Payment Setup Failed',
      description: 'Unable to initialize payment. Please try again.',
      variant: 'destructive',
    }),
  notFound: () => toast({ title: 'Booking Not Found', description: BOOKING_NOT_FOUND, variant: 'destructive' }),
};
