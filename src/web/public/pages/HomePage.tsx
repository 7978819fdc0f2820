import type { BusinessInfo } from '../../../shared/schemas/site';

export function HomePage({ business }: { business: BusinessInfo }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">Mobile tyres, puncture repair and batteries, at your place</h1>
      <p className="mt-4 text-lg">We come to you anywhere in Perth and the Peel region, Monday to Friday 8am to 4pm.</p>
      <a className="mt-6 inline-block rounded-lg bg-accent px-5 py-3 font-semibold text-charcoal" href={`tel:${business.phone.replace(/\s+/g, '')}`}>
        Call {business.phone}
      </a>
    </main>
  );
}
