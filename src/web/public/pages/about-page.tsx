import { Clock, Heart, Mail, MapPin, Phone, ShieldCheck, Star, ThumbsUp, Wrench } from 'lucide-react';
import { formatPrice } from '../../../shared/domain/money';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { hoursOf, telHref } from '../contact';
import { BookButton } from '../layout/book-button';

const STATS = [
  { value: '20+', label: 'Years of experience' },
  { value: '350+', label: 'Suburbs covered' },
  { value: '4.8', label: 'Average rating from 150 reviews' },
  { value: '12 months', label: 'Warranty on our work' },
] as const;

const VALUES = [
  {
    icon: Heart,
    title: 'Customer First',
    text: 'We work around your day: at home, at work or at the roadside, with a call before we arrive.',
  },
  {
    icon: ShieldCheck,
    title: 'Quality Guaranteed',
    text: 'Quality tyres and batteries, fitted properly and backed by a 12-month warranty.',
  },
  {
    icon: Clock,
    title: 'Convenience',
    text: 'Same or next day service in 2-hour windows, and online booking that takes a couple of minutes.',
  },
  {
    icon: ThumbsUp,
    title: 'Professional Service',
    text: 'Experienced, fully equipped technicians, clear prices up front and a tidy job every time.',
  },
] as const;

export function AboutPage({ business }: { business: BusinessInfo }) {
  const hours = hoursOf(business);
  return (
    <>
      <section className="bg-charcoal px-4 pb-14 pt-10 text-white md:pt-16">
        <div className="mx-auto max-w-6xl">
          <h1 className="max-w-3xl text-4xl font-extrabold leading-tight md:text-5xl">{`About ${business.name}`}</h1>
          <p className="mt-4 max-w-2xl text-lg text-gray-200">
            Perth&apos;s mobile tyre, puncture and battery specialists. We bring the workshop to you, so you never have
            to drive on a flat again.
          </p>
          <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
            {STATS.map((s) => (
              <div key={s.label} className="rounded-2xl bg-white/10 p-4">
                <dt className="text-sm text-gray-200">{s.label}</dt>
                <dd className="mt-1 text-3xl font-extrabold text-accent">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="story-title" className="px-4 py-14">
        <div className="mx-auto max-w-3xl">
          <h2 id="story-title" className="text-3xl font-bold">
            Our Story
          </h2>
          <div className="mt-4 space-y-4 text-lg text-gray-800">
            <p>
              We started with one van and a simple idea: changing a tyre or a battery should not cost you half a day in
              a waiting room. After more than 20 years working in tyre shops around Perth, we took the workshop on the
              road.
            </p>
            <p>
              Today our technicians cover 350+ suburbs across Perth Metro, the Peel Region and the Hills. We fit new
              tyres, repair punctures and test and replace batteries on driveways, in office car parks and at the
              roadside, {`${hours.daysLong} from ${hours.opens} to ${hours.closes}.`}
            </p>
            <p>
              Booking takes a couple of minutes online. Not sure of your tyre size? Upload a photo and we will work it
              out.{' '}
              {business.prepaidAvailable && business.fees.prepaidDiscount > 0
                ? `Pay online when you book and save ${formatPrice(business.fees.prepaidDiscount)}, or pay on the day by card, EFTPOS, PayID or cash.`
                : 'Pay on the day by card, EFTPOS, PayID or cash.'}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-gray-50 px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="values-title" className="text-3xl font-bold">
            Our Values
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white p-5 shadow-sm">
                <Icon aria-hidden className="h-8 w-8" />
                <h3 className="mt-3 text-lg font-bold">{title}</h3>
                <p className="mt-1 text-gray-700">{text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <BookButton size="lg">Book Service Now</BookButton>
            <BookButton size="lg" variant="secondary">
              Get Roadside Help
            </BookButton>
          </div>
        </div>
      </section>

      <section aria-labelledby="contact-title" className="px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="contact-title" className="text-3xl font-bold">
            Contact Us
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            <li className="rounded-2xl border border-gray-200 p-5">
              <h3 className="flex items-center gap-2 font-bold">
                <Phone aria-hidden className="h-5 w-5" /> Phone
              </h3>
              <a
                href={telHref(business.phone)}
                className="mt-2 inline-flex min-h-11 items-center text-lg font-semibold underline"
              >
                {business.phone}
              </a>
            </li>
            <li className="rounded-2xl border border-gray-200 p-5">
              <h3 className="flex items-center gap-2 font-bold">
                <Mail aria-hidden className="h-5 w-5" /> Email
              </h3>
              <a
                href={`mailto:${business.email}`}
                className="mt-2 inline-flex min-h-11 items-center break-all text-lg font-semibold underline"
              >
                {business.email}
              </a>
            </li>
            <li className="rounded-2xl border border-gray-200 p-5">
              <h3 className="flex items-center gap-2 font-bold">
                <MapPin aria-hidden className="h-5 w-5" /> Hours and area
              </h3>
              <p className="mt-2">{hours.long}</p>
              <p>Perth Metro, Peel Region, Hills and Extended</p>
            </li>
          </ul>
          <p className="mt-6 flex items-center gap-2 text-gray-700">
            <Star aria-hidden className="h-5 w-5" /> Rated 4.8 out of 5 from 150 reviews.{' '}
            <Wrench aria-hidden className="h-5 w-5" /> 12-month warranty.
          </p>
        </div>
      </section>
    </>
  );
}
