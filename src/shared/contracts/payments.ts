import { z } from 'zod';
import {
  bookingByTokenResponse,
  bookingTokenParams,
  createPaymentIntentRequest,
  paymentIntentResponse,
  simulatedConfirmRequest,
  simulatedConfirmResponse,
} from '../schemas/payments';
import { errorBody } from '../schemas/errors';
import { defineContract } from './contract';

/** Checkout (docs/product.md "Payments"). */
export const payments = {
  bookingByToken: defineContract({
    method: 'GET',
    path: '/api/booking-token/:token',
    access: 'public',
    summary: 'The booking behind a checkout token; 404 Booking Not Found once unknown or lapsed.',
    params: bookingTokenParams,
    response: bookingByTokenResponse,
  }),
  createPaymentIntent: defineContract({
    method: 'POST',
    path: '/api/create-payment-intent-token',
    access: 'public',
    summary: 'Starts the card payment of a booking, with the card surcharge added.',
    body: createPaymentIntentRequest,
    response: paymentIntentResponse,
  }),
  confirmSimulated: defineContract({
    method: 'POST',
    path: '/api/payments/simulated/confirm',
    access: 'public',
    affects: ['jobs', 'slots', 'staffSlots', 'invoices', 'reports'],
    summary: 'Test mode only: pays with the simulated card provider (no real payment is taken).',
    body: simulatedConfirmRequest,
    response: simulatedConfirmResponse,
    otherResponses: { 402: errorBody },
  }),
  webhook: defineContract({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'webhook',
    affects: ['jobs', 'slots', 'staffSlots', 'invoices', 'reports'],
    summary: "Stripe's events, verified by their signature (raw body).",
    response: z.object({ received: z.literal(true) }),
  }),
};
