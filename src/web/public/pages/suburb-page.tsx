import { CalendarCheck, MapPin, Phone, ShieldCheck, Tag } from 'lucide-react';
import { formatPrice } from '../../../shared/domain/money';
import type { BusinessInfo } from '../../../shared/schemas/site';
import type { SuburbPage as SuburbPageContent } from '../../../shared/schemas/suburbs';
import { hoursOf, telHref } from '../contact';
import { BookButton } from '../layout/book-button';

export function SuburbPage({ business, page }: { business: BusinessInfo; page: SuburbPageContent }) {
  const prefill = { suburb: page.suburb, postcode: page.postcode };
  const paragraphs = page.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      <section className="bg-charcoal px-4 pb-12 pt-10 text-white md:pt-16">
        <div className="mx-auto max-w-4xl">
          <nav aria-label="Breadcrumb" className="text-sm text-gray-300">
            <a href="/" className="underline">
              Home
            </a>{' '}
            <span aria-hidden="true">/</span>{' '}
            <a href="/#areas" className="underline">
              Areas
            </a>{' '}
            <span aria-hidden="true">/</span> <span aria-current="page">{page.suburb}</span>
          </nav>
          <h1 className="mt-4 text-4xl font-extrabold leading-tight md:text-5xl">{`Mobile Tyres ${page.suburb}`}</h1>
          <p className="mt-3 flex items-center gap-2 text-lg text-gray-200">
            <MapPin aria-hidden className="h-5 w-5 text-accent" /> {page.suburb} WA {page.postcode} · {page.region}
          </p>
          <p className="mt-4 max-w-2xl text-lg text-gray-200">{page.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <BookButton size="lg" prefill={prefill}>
              {`Book in ${page.suburb}`}
            </BookButton>
            <a
              href={telHref(business.phone)}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/40 px-6 text-lg font-semibold hover:bg-white/10"
            >
              <Phone aria-hidden className="h-5 w-5" /> Call {business.phone}
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="suburb-about" className="px-4 py-12">
        <div className="mx-auto grid max-w-4xl gap-10 md:grid-cols-[2fr_1fr]">
          <div>
            <h2 id="suburb-about" className="text-2xl font-bold">
              {`Mobile tyre fitting, puncture repair and batteries in ${page.suburb}`}
            </h2>
            <div className="mt-4 space-y-4 text-lg text-gray-800">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </div>
          <aside aria-labelledby="suburb-facts" className="h-fit rounded-2xl bg-gray-50 p-5">
            <h2 id="suburb-facts" className="text-lg font-bold">
              {`Service in ${page.suburb}`}
            </h2>
            <ul className="mt-3 space-y-3 text-gray-800">
              <li className="flex gap-2">
                <CalendarCheck aria-hidden className="h-5 w-5 shrink-0" />{' '}
                {`Same or next day, ${hoursOf(business).short}`}
              </li>
              <li className="flex gap-2">
                <ShieldCheck aria-hidden className="h-5 w-5 shrink-0" /> 12-month warranty
              </li>
              {business.prepaidAvailable && business.fees.prepaidDiscount > 0 ? (
                <li className="flex gap-2">
                  <Tag aria-hidden className="h-5 w-5 shrink-0" />{' '}
                  {`Save ${formatPrice(business.fees.prepaidDiscount)} when you book and pay online`}
                </li>
              ) : null}
            </ul>
            <BookButton className="mt-5 w-full" prefill={prefill}>
              Book Now
            </BookButton>
          </aside>
        </div>
      </section>

      {page.nearby?.length ? (
        <section aria-labelledby="nearby-title" className="bg-gray-50 px-4 py-12">
          <div className="mx-auto max-w-4xl">
            <h2 id="nearby-title" className="text-2xl font-bold">
              Nearby suburbs we also service
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2">
              {page.nearby.map((n) => (
                <li key={n.slug}>
                  <a
                    href={`/suburb/${n.slug}`}
                    className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 font-medium shadow-sm hover:bg-accent"
                  >
                    {n.suburb} {n.postcode}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

export function SuburbNotFound({ business }: { business: BusinessInfo }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Service Area Not Found</h1>
      <p className="mt-4 text-gray-700">
        We couldn&apos;t find a page for that suburb. We cover 350+ suburbs across Perth, Peel and the Hills, so check
        whether we come to you.
      </p>
      <div className="mt-8 flex flex-col items-center gap-3">
        <BookButton size="lg">Check Service Availability</BookButton>
        <a href="/#areas" className="inline-flex min-h-11 items-center font-semibold underline">
          See the areas we service
        </a>
        <a href={telHref(business.phone)} className="inline-flex min-h-11 items-center gap-2 font-semibold underline">
          <Phone aria-hidden className="h-4 w-4" /> Call {business.phone}
        </a>
      </div>
    </section>
  );
}
