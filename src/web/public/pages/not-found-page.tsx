import { Phone } from 'lucide-react';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { hoursOf, telHref } from '../contact';

export function NotFoundPage({ business }: { business: BusinessInfo }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-gray-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-gray-700">The page you were looking for doesn&apos;t exist or has moved.</p>
      <div className="mt-8 flex flex-col items-center gap-3">
        <a
          href="/"
          className="inline-flex min-h-12 items-center rounded-lg bg-accent px-6 font-semibold text-charcoal hover:bg-accent-strong"
        >
          Back to Home
        </a>
        <a href={telHref(business.phone)} className="inline-flex min-h-11 items-center gap-2 font-semibold underline">
          <Phone aria-hidden className="h-4 w-4" /> Call {business.phone}
        </a>
        <p className="text-sm text-gray-700">{`Need help? We're available ${hoursOf(business).short}.`}</p>
      </div>
    </section>
  );
}
