import type { BookingByToken, PaymentIntentResponse } from '../../../shared/schemas/payments';
import { apiRequest, getJson } from '../../lib/api';

/** One function per call the checkout makes. */
export async function fetchBooking(token: string): Promise<BookingByToken> {
  return (await getJson<BookingByToken>(`/api/booking-token/${encodeURIComponent(token)}`))!;
}

export function createPaymentIntent(bookingToken: string): Promise<PaymentIntentResponse> {
  return apiRequest<PaymentIntentResponse>('POST', '/api/create-payment-intent-token', { bookingToken });
}

export function confirmSimulatedPayment(body: { bookingToken: string; cardNumber: string; expiry: string; cvc: string; nameOnCard: string }) {
  return apiRequest<{ status: 'succeeded'; jobNumber: string }>('POST', '/api/payments/simulated/confirm', body);
}

/** Where the provider returns after payment; the page there only reads the result. */
export function successPath(token: string): string {
  return `/?payment=success&booking=${encodeURIComponent(token)}`;
}
