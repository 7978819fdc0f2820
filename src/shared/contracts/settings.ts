import { z } from 'zod';
import { capacityForm, capacityView } from '../schemas/capacity';
import {
  businessForm,
  businessView,
  feesForm,
  feesView,
  settingChange,
  settingHistoryQuery,
} from '../schemas/settings';
import { securityForm } from '../schemas/auth';
import { paymentMethodsForm, paymentMethodsView } from '../schemas/payment-methods';
import { messagesForm, messagesView } from '../schemas/customer-messages';
import { defineContract } from './contract';

/**
 * The owner's settings (docs/decisions/280-owner-settings-in-the-database.md): the fees every quote
 * uses, the business profile pages, emails and invoices show, the vans on the road (decision 302),
 * and the history of every setting.
 * Admin only: a technician gets 403.
 */
export const settings = {
  fees: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/fees',
    access: 'admin',
    summary: "The fees every new quote uses, with the admin booking form's fixed estimates made from them.",
    response: feesView,
  }),
  updateFees: defineContract({
    method: 'PUT',
    path: '/api/dashboard/settings/fees',
    access: 'admin',
    affects: ['settings'],
    summary:
      'Changes the fees: every new quote uses them at once, on every instance; a booked job keeps its price. Each changed field is recorded in the history.',
    body: feesForm,
    response: feesView,
  }),
  business: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/business',
    access: 'admin',
    summary:
      'The business profile: name, ABN, contact, invoice details, GST, bank and PayID, review link, opening days.',
    response: businessView,
  }),
  updateBusiness: defineContract({
    method: 'PUT',
    path: '/api/dashboard/settings/business',
    access: 'admin',
    affects: ['settings', 'slots', 'staffSlots', 'reports'],
    summary:
      'Changes the business profile; pages, emails and invoices use it at once. Each changed field is recorded in the history.',
    body: businessForm,
    response: businessView,
  }),
  security: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/security',
    access: 'admin',
    summary: 'Staff sign-in rules: whether every admin must use two-factor sign-in.',
    response: securityForm,
  }),
  updateSecurity: defineContract({
    method: 'PUT',
    path: '/api/dashboard/settings/security',
    access: 'admin',
    affects: ['settings', 'twoFactor'],
    summary:
      'Changes the staff sign-in rules; while two-factor is required, an admin without it can only set it up. Requiring it is refused (409) until the admin making the change has it. Recorded in the history.',
    body: securityForm,
    response: securityForm,
  }),
  capacity: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/capacity',
    access: 'admin',
    summary: 'The vans on the road: how many jobs each time slot takes (less the technicians on leave that day).',
    response: capacityView,
  }),
  updateCapacity: defineContract({
    method: 'PUT',
    path: '/api/dashboard/settings/capacity',
    access: 'admin',
    affects: ['settings', 'slots', 'staffSlots'],
    summary:
      'Changes the vans on the road (1 to 20): public availability and every booking use it at once; lowering it cancels no booked job, the slot simply shows full. Recorded in the history.',
    body: capacityForm,
    response: capacityView,
  }),
  messages: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/messages',
    access: 'admin',
    summary:
      'Messages to customers: the reminder time the day before a visit, the review request delay after payment, and which automated messages go.',
    response: messagesView,
  }),
  updateMessages: defineContract({
    method: 'PUT',
    path: '/api/dashboard/settings/messages',
    access: 'admin',
    affects: ['settings'],
    summary:
      'Changes the messages to customers; the next pass of the message scheduler on every instance uses them. Each changed field is recorded in the history.',
    body: messagesForm,
    response: messagesView,
  }),
  paymentMethods: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/payment-methods',
    access: 'admin',
    summary:
      'Ways to pay online: whether Afterpay, Zip and Apple Pay / Google Pay are offered at checkout and promised on the public pages, and the surcharge on Afterpay and Zip.',
    response: paymentMethodsView,
  }),
  updatePaymentMethods: defineContract({
    method: 'PUT',
    path: '/api/dashboard/settings/payment-methods',
    access: 'admin',
    affects: ['settings'],
    summary:
      'Switches Afterpay, Zip and Apple Pay / Google Pay on or off (and the Afterpay and Zip surcharge, kept when left out); checkout and the public pages follow at once. Each changed field is recorded in the history.',
    body: paymentMethodsForm,
    response: paymentMethodsView,
  }),
  history: defineContract({
    method: 'GET',
    path: '/api/dashboard/settings/history',
    access: 'admin',
    summary:
      'Changes to the settings, newest first: one subject (fees, business, tyre-price:<id>, ...) or all of them; paged.',
    query: settingHistoryQuery,
    response: z.array(settingChange),
    paged: true,
  }),
};
