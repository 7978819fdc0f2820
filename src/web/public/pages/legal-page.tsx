import type { ReactNode } from 'react';

/** Privacy and Terms were last updated October 2024 (docs/product.md "The business"). */
export const LEGAL_LAST_UPDATED = 'October 2024';

export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <p className="mt-2 text-sm font-medium text-gray-700">Last updated {LEGAL_LAST_UPDATED}</p>
      <div className="mt-6 text-lg text-gray-800">{intro}</div>
      <div className="legal mt-8 space-y-8 text-gray-800">{children}</div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-2xl font-bold text-charcoal">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">{children}</div>
    </section>
  );
}
