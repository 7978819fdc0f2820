import { formatPrice } from '../../../shared/domain/money';
import { cardSurchargeLabel } from '../../../shared/domain/pricing';
import { paymentTermsOf } from '../payment-promises';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { endSentence, hoursOf, telHref } from '../contact';
import { LegalPage, LegalSection } from './legal-page';

export function TermsPage({ business }: { business: BusinessInfo }) {
  const b = business;
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms apply when you use this website or book a service through {b.name} (ABN {b.abn}). By making a
          booking you agree to them. Nothing in these terms excludes, restricts or modifies your rights under the
          Australian Consumer Law.
        </p>
      }
    >
      <LegalSection title="1. Our role: a booking platform">
        <p>
          {b.name} is a booking platform. The tyre fitting, puncture repair, battery and callout work is carried out by
          independent service providers, not by employees of {endSentence(b.name)} We arrange the booking, take payment
          where you pay online and handle questions and complaints on the provider&apos;s behalf.
        </p>
      </LegalSection>
      <LegalSection title="2. Bookings and arrival times">
        <ul>
          <li>{`Services are available ${hoursOf(b).long}, in 2-hour arrival windows. The technician calls before arriving.`}</li>
          <li>
            You must give accurate vehicle, tyre and address details and make the vehicle safely accessible. If the job
            cannot be done because of incorrect details or no access, the callout fee may be charged.
          </li>
          <li>
            Puncture repairs are only made where it is safe to do so under Australian standards; otherwise we will offer
            a replacement tyre.
          </li>
        </ul>
      </LegalSection>
      <LegalSection title="3. Quotes and prices">
        <ul>
          <li>All prices are in Australian dollars and include GST where applicable.</li>
          <li>Quotes are valid for 7 days. Tyre prices depend on availability and may change after that.</li>
          <li>
            Every visit includes the mobile service callout fee shown in your quote. Battery prices are quoted on site
            after testing.
          </li>
          <li>{`Booking and paying online saves ${formatPrice(b.fees.prepaidDiscount)} off the quoted price. Card payments made online carry a ${cardSurchargeLabel(b.fees)} card surcharge, shown before you pay.`}</li>
        </ul>
      </LegalSection>
      <LegalSection title="4. Payment">
        <p>{paymentTermsOf(b)}</p>
      </LegalSection>
      <LegalSection title="5. Cancellations, refunds and no-shows">
        <ul>
          <li>Cancel 24 hours or more before your booked time: full refund.</li>
          <li>Cancel between 12 and 24 hours before your booked time: 50% refund.</li>
          <li>Cancel less than 12 hours before your booked time: no refund.</li>
          <li>No-shows (nobody there, or no access to the vehicle, at the booked time) are charged in full.</li>
          <li>Prepaid bookings are non-refundable once the work has been completed.</li>
        </ul>
        <p>To cancel or reschedule, call us on {b.phone}. Refunds are made to the original payment method.</p>
      </LegalSection>
      <LegalSection title="6. Warranty">
        <p>
          Workmanship is covered by a 12-month warranty from the date of the job. Tyres and batteries also carry the
          manufacturer&apos;s warranty. The warranty does not cover damage from road hazards, accidents, misuse or
          incorrect inflation after fitting. Our goods and services come with guarantees that cannot be excluded under
          the Australian Consumer Law.
        </p>
      </LegalSection>
      <LegalSection title="7. Liability">
        <p>
          To the extent permitted by law, our liability for any loss arising from a service is limited to supplying the
          service again or paying the cost of having it supplied again. We are not liable for indirect or consequential
          loss.
        </p>
      </LegalSection>
      <LegalSection title="8. Privacy">
        <p>
          We handle your personal information as described in our{' '}
          <a className="underline" href="/privacy">
            Privacy Policy
          </a>
          .
        </p>
      </LegalSection>
      <LegalSection title="9. General">
        <p>
          These terms are governed by the laws of Western Australia. We may change these terms from time to time; the
          version on this page at the time of your booking applies to it. Questions: call{' '}
          <a className="underline" href={telHref(b.phone)}>
            {b.phone}
          </a>{' '}
          or email{' '}
          <a className="underline" href={`mailto:${b.email}`}>
            {b.email}
          </a>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
