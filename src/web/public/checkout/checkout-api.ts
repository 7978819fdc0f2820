import { api } from '../../lib/api';

/** The calls the checkout makes. */
export const fetchBooking = (token: string) => api.payments.bookingByToken({ params: { token } });

export const createPaymentIntent = (bookingToken: string) =>
  api.payments.createPaymentIntent({ body: { bookingToken } });

export const confirmSimulatedPayment = (body: {
  bookingToken: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  nameOnCard: string;
}) => api.payments.confirmSimulated({ body });

/** Where the provider returns after payment; the page there only reads the result. */
export function successPath(token: string): string {
  return `/?payment=success&booking=${encodeURIComponent(token)}`;
}
