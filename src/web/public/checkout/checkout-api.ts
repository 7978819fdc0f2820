import type { BnplMethod, OnlineMethod } from '../../../shared/domain/payment-methods';
import { api } from '../../lib/api';

/** The calls the checkout makes. */
export const fetchBooking = (token: string) => api.payments.bookingByToken({ params: { token } });

export const createPaymentIntent = (bookingToken: string, method: OnlineMethod = 'card') =>
  api.payments.createPaymentIntent({ body: { bookingToken, ...(method === 'card' ? {} : { method }) } });

/** The ways this booking can be paid now (decision 410). */
export const fetchPaymentMethods = (bookingToken: string) => api.payments.paymentMethods({ params: { bookingToken } });

/** Test mode: the customer's answer on the simulated Afterpay or Zip page. */
export const answerSimulatedProvider = (body: {
  bookingToken: string;
  method: BnplMethod;
  decision: 'approve' | 'decline';
}) => api.payments.simulatedRedirect({ body });

/** The simulated provider's own page, which the checkout sends the browser to as Stripe would send it to Afterpay. */
export function simulatedProviderPath(token: string, method: BnplMethod): string {
  return `/checkout/${encodeURIComponent(token)}?provider=${method}`;
}

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
