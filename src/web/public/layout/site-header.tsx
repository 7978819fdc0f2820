import { Menu, Phone, X } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { telHref } from '../contact';
import { BookButton } from './book-button';
import { Logo } from './logo';

const NAV_LINKS = [
  { href: '/#services', label: 'Services' },
  { href: '/#areas', label: 'Areas' },
  { href: '/about', label: 'About' },
] as const;

/** Same-page anchors scroll in place once the drawer has closed; other links load their page. */
function followAfterClose(href: string) {
  const url = new URL(href, window.location.href);
  if (url.pathname === window.location.pathname && url.hash) {
    window.history.pushState(null, '', url.hash);
    document.getElementById(url.hash.slice(1))?.scrollIntoView();
  } else {
    window.location.assign(url.href);
  }
}

/**
 * The small-screen menu: a native modal <dialog> on the right (focus kept inside, Escape and a tap
 * outside close it), which keeps a dialog library out of the first page load (decision 120).
 */
function MenuDrawer({ business }: { business: BusinessInfo }) {
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => setOpen(false);
  const onLink = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    event.preventDefault();
    close();
    setTimeout(() => followAfterClose(href), 0);
  };

  return (
    <>
      <button
        type="button"
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-white/10 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden className="h-6 w-6" />
      </button>
      {/* A click on the backdrop closes the menu; the keyboard way is Escape, which the native dialog handles. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above */}
      <dialog
        ref={dialogRef}
        aria-labelledby="menu-title"
        onClose={close}
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
        className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 text-charcoal shadow-xl backdrop:bg-black/50"
      >
        <div className="flex h-full flex-col p-5">
          <div className="mb-6 flex items-center justify-between">
            <h2 id="menu-title" className="text-lg font-bold">
              Menu
            </h2>
            <button
              type="button"
              onClick={close}
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-gray-100"
              aria-label="Close menu"
            >
              <X aria-hidden className="h-6 w-6" />
            </button>
          </div>
          <nav aria-label="Menu" className="flex flex-col gap-1">
            {NAV_LINKS.map((l) => (
              <a
                key={l.href}
                href={l.href}
                onClick={(e) => onLink(e, l.href)}
                className="flex min-h-12 items-center rounded-lg px-3 text-lg font-medium hover:bg-gray-100"
              >
                {l.label}
              </a>
            ))}
          </nav>
          <div className="mt-auto flex flex-col gap-3 pt-6">
            <BookButton size="lg" onBeforeOpen={close}>
              Book Now
            </BookButton>
            <a
              href={telHref(business.phone)}
              onClick={close}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-charcoal px-6 text-lg font-semibold text-white hover:bg-charcoal-soft"
            >
              <Phone aria-hidden className="h-5 w-5" />
              Call Now
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}

/** Fixed top navigation (docs/product.md "Public pages"): links inline from md up, in a right-side drawer below that. */
export function SiteHeader({ business }: { business: BusinessInfo }) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-white/10 bg-charcoal text-white">
      {/* Padding outside, width inside: the same box as every section below, so all start at one edge. */}
      <nav aria-label="Main" className="px-4">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4">
          <a href="/" className="flex min-h-11 items-center gap-2 font-bold">
            <Logo />
            <span className="text-base leading-tight sm:text-lg">{business.name}</span>
          </a>
          <div className="hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((l) => (
              <a
                key={l.href}
                href={l.href}
                className="inline-flex min-h-11 items-center rounded-lg px-3 font-medium hover:bg-white/10"
              >
                {l.label}
              </a>
            ))}
            <a
              href={telHref(business.phone)}
              className="ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium hover:bg-white/10"
            >
              <Phone aria-hidden className="h-4 w-4" />
              {business.phone}
            </a>
            <BookButton className="ml-2">Book Now</BookButton>
          </div>
          <MenuDrawer business={business} />
        </div>
      </nav>
    </header>
  );
}
