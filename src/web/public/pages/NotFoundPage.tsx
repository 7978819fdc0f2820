import { Link } from 'wouter';
import type { BusinessInfo } from '../../../shared/schemas/site';

export function NotFoundPage({ business }: { business: BusinessInfo }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4">The page you were looking for doesn&apos;t exist or has moved.</p>
      <div className="mt-6 flex flex-col items-center gap-3">
        <Link href="/" className="rounded-lg bg-accent px-5 py-3 font-semibold text-charcoal">
          Back to Home
        </Link>
        <a href={`tel:${business.phone.replace(/\s+/g, '')}`} className="underline">
          Call {business.phone}
        </a>
        <p className="text-sm text-gray-600">Need help? We&apos;re available Mon-Fri 8am-4pm.</p>
      </div>
    </main>
  );
}
