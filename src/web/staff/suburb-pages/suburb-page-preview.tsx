import { fillPlaceholders } from '../../../shared/domain/business-placeholders';
import { placeholderValuesOf } from './placeholder-values';
import type { BusinessInfo } from '../../../shared/schemas/site';
import type { SuburbPage as SuburbPageContent } from '../../../shared/schemas/suburbs';
import { BookingLauncherProvider } from '../../public/booking-launcher';
import { SuburbPage } from '../../public/pages/suburb-page';

/**
 * The page as a visitor will see it, drawn by the public page's own component with the placeholders
 * filled from the business's settings (docs/decisions/285-suburb-page-placeholders.md). Inert: it
 * is a picture, its buttons do nothing here.
 */
export function SuburbPagePreview({ business, page }: { business: BusinessInfo; page: SuburbPageContent }) {
  const fill = (text: string) => fillPlaceholders(text, placeholderValuesOf(business));
  const shown = { ...page, title: fill(page.title), description: fill(page.description), content: fill(page.content) };
  return (
    <figure
      aria-label={`Preview of the ${page.suburb} page`}
      className="overflow-hidden rounded-xl border border-gray-300"
    >
      <figcaption className="border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm">
        <span className="block font-semibold text-charcoal">{shown.title}</span>
        <span className="block text-gray-700">/suburb/{page.slug}</span>
      </figcaption>
      <div inert className="pointer-events-none">
        <BookingLauncherProvider>
          <SuburbPage business={business} page={shown} />
        </BookingLauncherProvider>
      </div>
    </figure>
  );
}
