import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { hoursOf, telHref } from '../contact';
import { Logo } from './logo';

export function SiteFooter({ business }: { business: BusinessInfo }) {
  return (
    <footer className="bg-charcoal text-gray-200">
      {/* Padding outside, width inside: the same box as the header and every section above. */}
      <div className="px-4">
        <div className="mx-auto grid max-w-6xl gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <Logo className="h-7 w-7" />
              {business.name}
            </p>
            <p className="mt-3 text-sm">
              Mobile tyres, puncture repair and battery service across Perth, Peel and the Hills.
            </p>
            <p className="mt-3 text-sm">ABN {business.abn}</p>
          </div>
          <div>
            <h2 className="font-semibold text-white">Contact</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <a
                  href={telHref(business.phone)}
                  className="inline-flex min-h-11 items-center gap-2 hover:text-white hover:underline"
                >
                  <Phone aria-hidden className="h-4 w-4" /> {business.phone}
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${business.email}`}
                  className="inline-flex min-h-11 items-center gap-2 break-all hover:text-white hover:underline"
                >
                  <Mail aria-hidden className="h-4 w-4" /> {business.email}
                </a>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="font-semibold text-white">Hours</h2>
            <p className="mt-3 flex items-center gap-2 text-sm">
              <Clock aria-hidden className="h-4 w-4" /> {hoursOf(business).long}
            </p>
            <p className="mt-2 flex items-center gap-2 text-sm">
              <MapPin aria-hidden className="h-4 w-4" /> Perth, Peel and the Hills, WA
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-white">Company</h2>
            <ul className="mt-3 text-sm">
              <li>
                <a href="/about" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  About Us
                </a>
              </li>
              <li>
                <a href="/privacy" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  Privacy Policy
                </a>
              </li>
              <li>
                <a href="/terms" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  Terms of Service
                </a>
              </li>
            </ul>
          </div>
        </div>
      </div>
      {/* Below md the floating call button (72 px from the bottom edge) sits over the page's end: the last line stays clear of it (decision 374). */}
      <div className="border-t border-white/10 px-4 pb-24 pt-5 text-center text-xs text-gray-300 md:pb-5">
        {business.name} is a booking platform; work is carried out by independent service providers.
      </div>
    </footer>
  );
}
