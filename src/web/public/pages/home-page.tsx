import {
  Award,
  Banknote,
  Battery,
  CalendarCheck,
  Car,
  CircleDot,
  Clock,
  CreditCard,
  MapPin,
  Phone,
  ShieldCheck,
  Smartphone,
  Tag,
  Timer,
  Truck,
  Wrench,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatPrice } from '../../../shared/domain/money';
import { homePaymentsOf } from '../payment-promises';
import type { Fees } from '../../../shared/domain/settings';
import type { BusinessInfo } from '../../../shared/schemas/site';
import type { EmailDelivery } from '../../lib/email-wording';
import type { FeaturedArea } from '../../../shared/schemas/suburbs';
import { hoursOf, telHref } from '../contact';
import { BookButton } from '../layout/book-button';
import { useHydrated } from '../../lib/use-hydrated';

const PaymentSuccess = lazy(() => import('../checkout/payment-success'));

/** The service cards; the repair price is the owner's fee (docs/decisions/280-owner-settings-in-the-database.md). */
const servicesOf = (fees: Fees) => [
  {
    icon: CircleDot,
    title: 'New Tyres',
    price: 'From $139',
    unit: 'fitting',
    text: 'Quality tyres supplied, fitted and balanced at your home or workplace.',
  },
  {
    icon: Wrench,
    title: 'Puncture Repair',
    price: formatPrice(fees.punctureRepair),
    unit: 'per repair',
    text: 'Nails, screws and slow leaks repaired on the spot where it is safe to do so.',
  },
  {
    icon: Battery,
    title: 'Mobile Battery Service',
    price: 'Quote on site',
    unit: '',
    text: 'Battery testing and replacement when your car will not start.',
  },
  {
    icon: Truck,
    title: 'Mobile Tyre Service',
    price: 'We come to you',
    unit: '',
    text: 'A fully equipped van at your driveway, work car park or roadside.',
  },
];

/** The claims of docs/product.md "The business"; the hours are the configured ones. */
const claimsOf = (business: BusinessInfo) => [
  { icon: MapPin, title: '350+ suburbs', text: 'Across Perth Metro, the Peel Region and the Hills.' },
  { icon: Award, title: '20+ years experience', text: 'Tyre and battery technicians who know their trade.' },
  { icon: ShieldCheck, title: '12-month warranty', text: 'All our work is backed by a 12-month warranty.' },
  { icon: CalendarCheck, title: 'Same or next day', text: 'Book today and we are usually there today or tomorrow.' },
  { icon: Clock, title: hoursOf(business).short, text: 'Four 2-hour arrival windows every business day.' },
  {
    icon: Timer,
    title: '30-60 minute response',
    text: 'For roadside help, a technician is typically with you in 30-60 minutes.',
  },
];

/** The icons of the "Accepted Payments" list; what it lists is the owner's (decision 410). */
const PAYMENT_ICONS = { card: CreditCard, phone: Smartphone, cash: Banknote, later: Tag } as const;

function PaymentResult({ search, emailDelivery }: { search: string; emailDelivery: EmailDelivery }) {
  const params = new URLSearchParams(search);
  const hydrated = useHydrated();
  const token = params.get('booking');
  if (!hydrated || params.get('payment') !== 'success' || !token) return null;
  return (
    <div className="px-4 pt-6">
      <div className="mx-auto max-w-6xl">
        <Suspense fallback={null}>
          <PaymentSuccess token={token} emailDelivery={emailDelivery} />
        </Suspense>
      </div>
    </div>
  );
}

export function HomePage({
  business,
  search,
  featured,
}: {
  business: BusinessInfo;
  search: string;
  featured: FeaturedArea[];
}) {
  return (
    <>
      <PaymentResult search={search} emailDelivery={business.emailDelivery} />
      <section className="bg-charcoal px-4 text-white">
        <div className="mx-auto max-w-6xl pb-14 pt-10 md:pb-20 md:pt-16">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
            <Car aria-hidden className="h-4 w-4 text-accent" /> Mobile service across Perth and Peel
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight md:text-5xl">
            Mobile tyres, puncture repair and batteries. <span className="text-accent">We come to you.</span>
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-gray-200">
            {`New tyres fitted, punctures repaired and flat batteries replaced at your home, workplace or roadside. Same or next day service, ${hoursOf(business).daysLong} ${hoursOf(business).opens} to ${hoursOf(business).closes}.`}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <BookButton size="lg">Book Service Now</BookButton>
            <a
              href={telHref(business.phone)}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/40 px-6 text-lg font-semibold hover:bg-white/10"
            >
              <Phone aria-hidden className="h-5 w-5" /> Contact Us
            </a>
          </div>
          {/* The saving is offered only where a customer can pay online and there is a saving to have. */}
          {business.prepaidAvailable && business.fees.prepaidDiscount > 0 ? (
            <p className="mt-6 inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 font-semibold text-charcoal">
              <Tag aria-hidden className="h-5 w-5" />{' '}
              {`Save ${formatPrice(business.fees.prepaidDiscount)} when you book and pay online`}
            </p>
          ) : null}
        </div>
      </section>

      <section id="services" aria-labelledby="services-title" className="scroll-mt-16 px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="services-title" className="text-3xl font-bold">
            Our Services
          </h2>
          <p className="mt-2 max-w-2xl text-gray-700">
            Everything a tyre shop does, done where your car is parked. All prices include GST.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {servicesOf(business.fees).map(({ icon: Icon, title, price, unit, text }) => (
              <li key={title} className="flex flex-col rounded-2xl border border-gray-200 p-5 shadow-sm">
                <Icon aria-hidden className="h-8 w-8 text-charcoal" />
                <h3 className="mt-3 text-xl font-bold">{title}</h3>
                <p className="mt-1 text-2xl font-extrabold">
                  {price} {unit ? <span className="text-base font-medium text-gray-700">{unit}</span> : null}
                </p>
                <p className="mt-2 flex-1 text-gray-700">{text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 grid gap-4 md:grid-cols-2">
            <div className="rounded-2xl bg-gray-100 p-6">
              <h3 className="text-xl font-bold">At home or at work</h3>
              <p className="mt-2 text-gray-700">
                Pick a 2-hour window and we fit your tyres or battery on your driveway or in the car park.
              </p>
              <BookButton className="mt-4">Book Home Service</BookButton>
            </div>
            <div className="rounded-2xl bg-gray-100 p-6">
              <h3 className="text-xl font-bold">Stuck on the roadside?</h3>
              <p className="mt-2 text-gray-700">
                Flat tyre or flat battery away from home? Our emergency callout gets you moving again.
              </p>
              <BookButton className="mt-4" variant="secondary">
                Get Roadside Help
              </BookButton>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-title" className="bg-gray-50 px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="why-title" className="text-3xl font-bold">
            Why Choose Us
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {claimsOf(business).map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm">
                <Icon aria-hidden className="h-8 w-8 shrink-0 text-charcoal" />
                <div>
                  <h3 className="text-lg font-bold">{title}</h3>
                  <p className="mt-1 text-gray-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <h3 className="mt-12 text-xl font-bold">Accepted Payments</h3>
          <ul className="mt-4 flex flex-wrap gap-3">
            {homePaymentsOf(business).map(({ kind, label }) => {
              const Icon = PAYMENT_ICONS[kind];
              return (
                <li
                  key={label}
                  className="inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 text-sm font-medium"
                >
                  <Icon aria-hidden className="h-4 w-4" /> {label}
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section id="areas" aria-labelledby="areas-title" className="scroll-mt-16 px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="areas-title" className="text-3xl font-bold">
            Areas We Service
          </h2>
          <p className="mt-2 max-w-2xl text-gray-700">
            We cover 350+ suburbs across Perth, Peel and the Hills. Here are some of the areas we visit every week.
          </p>
          <div className="mt-8 grid gap-6 lg:grid-cols-3">
            {featured.map(({ region, suburbs }) => (
              <div key={region} className="rounded-2xl border border-gray-200 p-5">
                <h3 className="text-xl font-bold">{region}</h3>
                <ul className="mt-4 grid grid-cols-2 gap-2">
                  {suburbs.map((s) => (
                    <li key={s.slug}>
                      <a
                        href={`/suburb/${s.slug}`}
                        className="flex min-h-11 items-center rounded-lg bg-gray-100 px-3 text-sm font-medium hover:bg-accent"
                      >
                        {s.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl bg-charcoal p-6 text-white sm:flex-row sm:items-center sm:justify-between">
            <p className="text-lg font-semibold">Not sure if we come to you? Pick your suburb in the booking form.</p>
            <BookButton>Check Service Availability</BookButton>
          </div>
        </div>
      </section>
    </>
  );
}
