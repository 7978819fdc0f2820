import { Mail, MessageSquareText, Navigation, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { JobDetail } from '../../../shared/schemas/jobs';
import { telHref } from '../../public/contact';
import {
  arrivalSmsBody,
  arrivalTime,
  offersArrivalText,
  directionsHref,
  jobEmailBody,
  mailtoHref,
  smsHref,
} from './contact-links';
import { perthClockTime } from '../../../shared/domain/perth-time';
import { useBusiness, useNow } from '../../lib/use-browser-state';

const linkClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 text-center font-semibold text-charcoal hover:bg-gray-50';

function ActionLink({
  href,
  icon,
  children,
  external = false,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  external?: boolean;
}) {
  return (
    <a href={href} className={linkClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {icon}
      {children}
    </a>
  );
}

/**
 * Call, text, email and directions for the job's own contact and address (docs/product.md "Staff
 * dashboard"): the text says the technician arrives in about 30 minutes, in Perth time, so the
 * clock is re-read every 30 seconds while the job is open; it is offered only while the job is in
 * progress, as a later or finished job has no arrival to announce.
 */
export function JobContactLinks({ job }: { job: JobDetail }) {
  const business = useBusiness();
  const now = useNow(30_000);
  const arrival = perthClockTime(arrivalTime(now));
  const textsArrival = offersArrivalText(job);
  return (
    <section aria-labelledby="job-contact-heading" className="space-y-2">
      <h3 id="job-contact-heading" className="sr-only">
        Contact and directions
      </h3>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <ActionLink href={telHref(job.customer.phone)} icon={<Phone aria-hidden className="h-4 w-4" />}>
          Call
        </ActionLink>
        {textsArrival ? (
          <ActionLink
            href={smsHref(job.customer.phone, arrivalSmsBody(job, business.name, now))}
            icon={<MessageSquareText aria-hidden className="h-4 w-4" />}
          >
            Text ETA
          </ActionLink>
        ) : null}
        {job.customer.email ? (
          <ActionLink
            href={mailtoHref(
              job.customer.email,
              `${business.name}: booking ${job.jobNumber}`,
              jobEmailBody(job, business),
            )}
            icon={<Mail aria-hidden className="h-4 w-4" />}
          >
            Email
          </ActionLink>
        ) : null}
        <ActionLink href={directionsHref(job)} external icon={<Navigation aria-hidden className="h-4 w-4" />}>
          Directions
        </ActionLink>
      </div>
      {textsArrival ? (
        <p className="text-sm text-gray-700">
          Text ETA tells {job.customer.name || 'the customer'} you will arrive at about {arrival}.
        </p>
      ) : null}
    </section>
  );
}
