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
import {
  bookingTokenPathParams,
  offeredMethodsResponse,
  simulatedRedirectRequest,
  simulatedRedirectResponse,
} from '../schemas/payment-methods';
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
    summary:
      'Starts the payment of a booking by card (the card surcharge added), Afterpay or Zip (no surcharge unless the owner set one); a method not offered is refused (409).',
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
  paymentMethods: defineContract({
    method: 'GET',
    path: '/api/bookings/:bookingToken/payment-methods',
    access: 'public',
    summary:
      "The ways this booking can be paid now (card, Afterpay, Zip, Apple Pay, Google Pay), from the owner's switches and the amount, each with its surcharge and total; Afterpay and Zip with their limits.",
    params: bookingTokenPathParams,
    response: offeredMethodsResponse,
  }),
  simulatedRedirect: defineContract({
    method: 'POST',
    path: '/api/payments/simulated/redirect',
    access: 'public',
    affects: ['jobs', 'slots', 'staffSlots', 'invoices', 'reports'],
    summary:
      "Test mode only: the customer's answer on the simulated Afterpay or Zip page (approve confirms the booking, decline frees its slot); no real payment is taken.",
    body: simulatedRedirectRequest,
    response: simulatedRedirectResponse,
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
