import type { BusinessInfo } from '../../../shared/schemas/site';
import { hoursOf, telHref } from '../contact';
import { LegalPage, LegalSection } from './legal-page';

export function PrivacyPage({ business }: { business: BusinessInfo }) {
  const b = business;
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          {b.name} (ABN {b.abn}) respects your privacy. This policy explains what personal information we collect when
          you use this website and book a service, why we collect it, who we share it with and how long we keep it. We
          handle personal information in line with the Privacy Act 1988 (Cth) and the Australian Privacy Principles
          (APPs).
        </p>
      }
    >
      <LegalSection title="1. Information we collect">
        <p>We only collect what we need to arrange and carry out your booking:</p>
        <ul>
          <li>Contact details: your name, phone number and email address.</li>
          <li>
            Vehicle details: make, model, year, registration and tyre size, tyre quantity and any notes you give us.
          </li>
          <li>Service address: the street address, suburb and postcode where you want the work done.</li>
          <li>
            Photos you choose to upload of your tyres or vehicle. We remove location and other hidden data (EXIF) from
            photos when they are uploaded.
          </li>
          <li>
            Booking and payment records: the date and time slot, service, prices, invoices and whether and how you paid.
          </li>
        </ul>
        <p>
          Card payments are processed by our payment provider. Your card number is entered directly with that provider
          and is never stored on our systems. This public website does not use advertising or tracking cookies.
        </p>
      </LegalSection>
      <LegalSection title="2. Why we collect it">
        <ul>
          <li>
            To confirm your booking, send you the booking reference and contact you about it (for example, to call
            before the technician arrives).
          </li>
          <li>
            To send the right tyres, battery and equipment to the right address, and to quote accurately from your
            vehicle details and photos.
          </li>
          <li>To take payment, issue invoices and provide warranty service.</li>
          <li>To meet our legal obligations, including tax record keeping, and to handle complaints.</li>
        </ul>
        <p>We do not sell your personal information and we do not use it for direct marketing without your consent.</p>
      </LegalSection>
      <LegalSection title="3. Who we share it with">
        <p>
          {b.name} is a booking platform; the work is carried out by independent service providers. We share the details
          a provider needs to do your job (your name, phone number, address, vehicle details and photos) with the
          provider assigned to it. We also use service providers to run this website: hosting, email delivery, address
          suggestions and card payments. They may only use your information to provide their service to us. Some of
          these providers may store data outside Australia; where they do, we take reasonable steps to ensure they
          handle it consistently with the APPs.
        </p>
      </LegalSection>
      <LegalSection title="4. How long we keep it">
        <ul>
          <li>
            Bookings, invoices and payment records are kept for 5 years after the job, as Australian tax law requires,
            and then deleted.
          </li>
          <li>
            Photos you upload are kept for 12 months after the job is completed (so we can handle warranty questions)
            and then deleted.
          </li>
          <li>
            An online booking that is never paid is cancelled after 30 minutes; its details are deleted within 12
            months.
          </li>
          <li>Emails and messages you send us are kept for up to 2 years.</li>
        </ul>
      </LegalSection>
      <LegalSection title="5. How we protect it">
        <p>
          Your information is stored on secured servers and is only available to staff and providers who need it,
          through individual logins. Photos are only shown to signed-in staff. Information is sent over encrypted
          connections (HTTPS).
        </p>
      </LegalSection>
      <LegalSection title="6. Access, correction and complaints">
        <p>
          You can ask to see the personal information we hold about you, or ask us to correct it (APPs 12 and 13). We
          will respond within 30 days. If you have a concern about how we have handled your information, contact us
          first; if you are not satisfied with our response you can complain to the Office of the Australian Information
          Commissioner (OAIC) at oaic.gov.au.
        </p>
      </LegalSection>
      <LegalSection title="7. Contact us">
        <p>
          Phone{' '}
          <a className="underline" href={telHref(b.phone)}>
            {b.phone}
          </a>{' '}
          or email{' '}
          <a className="underline" href={`mailto:${b.email}`}>
            {b.email}
          </a>
          , {`${hoursOf(b).daysLong} ${hoursOf(b).opens} to ${hoursOf(b).closes}.`}
        </p>
        <p>We may update this policy from time to time; the date at the top shows when it last changed.</p>
      </LegalSection>
    </LegalPage>
  );
}
