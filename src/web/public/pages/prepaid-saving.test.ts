import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEES } from '../../../shared/domain/settings';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { BookingLauncherProvider } from '../booking-launcher';
import { AboutPage } from './about-page';
import { HomePage } from './home-page';

// The online saving is offered only where a customer can take it: with card payments on and a
// discount above nothing (docs/decisions/280-owner-settings-in-the-database.md).
const business = (over: Partial<BusinessInfo>): BusinessInfo => ({
  name: 'Mobile Tyre & Battery Co.',
  abn: '51 824 753 556',
  phone: '08 5550 1234',
  email: 'bookings@example.com',
  publicBaseUrl: 'http://localhost:5000',
  gstRegistered: false,
  prepaidAvailable: true,
  paymentProvider: 'simulated',
  stripePublishableKey: null,
  googleMapsApiKey: null,
  emailDelivery: 'stored',
  hours: { days: [1, 2, 3, 4, 5], opensHour: 8, closesHour: 16 },
  fees: DEFAULT_FEES,
  ...over,
});
const page = (component: typeof HomePage | typeof AboutPage, b: BusinessInfo) =>
  renderToStaticMarkup(
    createElement(
      BookingLauncherProvider,
      null,
      createElement(component as typeof HomePage, { business: b, search: '', featured: [] }),
    ),
  );

describe('the online saving on the public pages', () => {
  it('is offered with card payments on', () => {
    expect(page(HomePage, business({}))).toContain('Save $30 when you book and pay online');
    expect(page(AboutPage, business({}))).toContain('Pay online when you book and save $30');
  });

  it('is not offered when no card payment can be taken, nor when the owner set no discount', () => {
    for (const b of [
      business({ prepaidAvailable: false, paymentProvider: 'none' }),
      business({ fees: { ...DEFAULT_FEES, prepaidDiscount: 0 } }),
    ]) {
      expect(page(HomePage, b)).not.toContain('Save $');
      expect(page(AboutPage, b)).not.toMatch(/save \$/i);
    }
  });
});
