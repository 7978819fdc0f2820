import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { telHref } from '../contact';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame of every public page: fixed header, main content, footer and the phone-only call button. */
export function SiteLayout({
  business,
  children,
  ownMain = false,
  quickCall = true,
}: {
  business: BusinessInfo;
  children: ReactNode;
  ownMain?: boolean;
  /** The floating call button; a page whose controls fill the width and has its own call link goes without (decision 413). */
  quickCall?: boolean;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-accent px-4 py-2 font-semibold text-charcoal focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <SiteHeader business={business} />
      {ownMain ? (
        // The page supplies its own <main> (the checkout), so there is only one main landmark.
        <div className="pt-16">{children}</div>
      ) : (
        <main id="main" className="pt-16">
          {children}
        </main>
      )}
      <SiteFooter business={business} />
      {quickCall ? (
        <aside aria-label="Quick call" className="md:hidden">
          <a
            href={telHref(business.phone)}
            aria-label={`Call ${business.phone}`}
            className="fixed bottom-4 right-4 z-20 inline-flex h-14 w-14 items-center justify-center rounded-full bg-accent text-charcoal shadow-lg ring-2 ring-charcoal/10 hover:bg-accent-strong"
          >
            <Phone aria-hidden className="h-6 w-6" />
          </a>
        </aside>
      ) : null}
    </>
  );
}
