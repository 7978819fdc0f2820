import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { findSuburbByName } from '../../../shared/reference/service-area';
import { formatDollars, formatPrice } from '../../../shared/domain/money';
import { priceService, withBatteryOnTop } from '../../../shared/domain/pricing';
import { compareDays, isIsoDay, perthDay } from '../../../shared/domain/perth-time';
import { formatTyreSize } from '../../../shared/domain/tyre-size';
import {
  publicBookingForm,
  TYRE_SIZE_REQUIRED,
  type PublicBookingForm,
  type PublicBookingFormInput,
} from '../../../shared/schemas/booking';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { bookingDayProblem } from './booking-day';
import { outOfAreaMessage } from './service-area-check';
import { ConfirmationStep, type Confirmation } from './steps/confirmation-step';
import { ContactStep } from './steps/contact-step';
import { DateStep } from './steps/date-step';
import { LocationStep } from './steps/location-step';
import { PhotosStep } from './steps/photos-step';
import { ServiceStep } from './steps/service-step';
import { TyreStep } from './steps/tyre-step';
import { usePhotos } from './use-photos';
import { useSubmitBooking } from './use-submit-booking';
import { useTyrePrice } from './use-tyre-price';
import { useTyresOrdered } from './use-tyre-stock';
import { useBookAgain } from './use-book-again';
import { BOOK_AGAIN_AFTER_DECLINE_NOTE, type EarlierBookingLink } from './earlier-booking';
import { nextStep, previousStep, STEP_FIELDS, STEP_TITLES, TOTAL_STEPS, type WizardStep } from './wizard-steps';
import { PhotoArea } from './photo-area';
import { QuoteTotal } from './order-summary';
import { forgetDraft, loadDraft, saveDraft } from './wizard-draft';
import { NO_SLOT } from './form-types';

export type WizardProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  business: BusinessInfo;
  prefill?: { suburb?: string; postcode?: string } & EarlierBookingLink;
  onCompleted: () => void;
};

function stepOfField(name: string): WizardStep {
  const entry = (Object.entries(STEP_FIELDS) as [string, string[]][]).find(([, fields]) => fields.includes(name));
  return (entry ? Number(entry[0]) : 1) as WizardStep;
}

/**
 * The shared schema refuses a suburb outside the service area but cannot know the configured phone
 * number (decision 173); the wizard's message names it, as docs/product.md words it.
 */
function resolverWithPhone(phone: string): Resolver<PublicBookingFormInput, unknown, PublicBookingForm> {
  const resolve = zodResolver(publicBookingForm);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const outside = outOfAreaMessage(values.suburb ?? '', phone);
    const suburbError = result.errors.suburb;
    // The result is built afresh for each call, so its message can be replaced in place.
    if (outside && suburbError) suburbError.message = outside;
    return result;
  };
}

/**
 * The booking dialog (docs/product.md "Bookings"). Its state lives outside the dialog's content, so
 * closing the dialog by accident mid-way keeps what the customer typed.
 */
export function Wizard({ open, onOpenChange, business, prefill, onCompleted }: WizardProps) {
  const resolver = useMemo(() => resolverWithPhone(business.phone), [business.phone]);
  const [empty] = useState<Partial<PublicBookingFormInput>>(() => ({
    date: '',
    timeSlot: NO_SLOT,
    dontKnowSize: false,
    tyreWidth: '',
    aspectRatio: '',
    rimSize: '',
    quantity: 1,
    address: '',
    suburb: prefill?.suburb ?? '',
    postcode: prefill?.postcode ?? (prefill?.suburb ? (findSuburbByName(prefill.suburb)?.postcode ?? '') : ''),
    vehicleMake: '',
    vehicleModel: '',
    vehicleYear: '',
    registration: '',
    customerName: '',
    customerPhone: '',
    customerEmail: '',
    notes: '',
    returnVisitOptIn: false,
    paymentMethod: business.prepaidAvailable ? 'prepaid' : 'onsite',
  }));
  // What this tab had typed before a reload or Back, on top of the empty form (decision 445).
  // A "Book again" or "pay another way" link starts from its own booking instead.
  const [draft] = useState(() => (prefill?.again || prefill?.declined ? null : loadDraft(empty, new Date())));
  const form = useForm<PublicBookingFormInput, unknown, PublicBookingForm>({
    resolver,
    // Fields are judged on Next, never as one loses focus: a message that comes or goes on blur moves
    // the fields below while a finger is tapping the next one, and the tap (with what is typed after
    // it) then lands on the dialog instead (decision 355). A message clears as soon as the field is right.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { ...empty, ...draft?.values },
  });
  const { watch, trigger, setError, setValue, getValues, getFieldState, clearErrors } = form;
  const [step, setStep] = useState<WizardStep>(draft?.step ?? 1);
  const [restoredAt, setRestoredAt] = useState<WizardStep | null>(draft?.step ?? null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const photos = usePhotos();
  const again = useBookAgain(prefill, open, { setValue, getValues });

  // A suburb page opens the wizard with its suburb.
  useEffect(() => {
    if (open && prefill?.suburb && !getValues('suburb')) {
      setValue('suburb', prefill.suburb);
      setValue('postcode', prefill.postcode ?? findSuburbByName(prefill.suburb)?.postcode ?? '');
    }
  }, [open, prefill?.suburb, prefill?.postcode, getValues, setValue]);

  const [service, dontKnow, width, profile, rim, quantityValue, chosenMethod] = watch([
    'serviceType',
    'dontKnowSize',
    'tyreWidth',
    'aspectRatio',
    'rimSize',
    'quantity',
    'paymentMethod',
  ]);
  const size = service === 'new-tyres' && !dontKnow ? formatTyreSize(width ?? '', profile ?? '', rim ?? '') : null;
  const price = useTyrePrice(size);
  const quantity = [1, 2, 3, 4].includes(Number(quantityValue)) ? Number(quantityValue) : 1;
  const unitCents = price.result?.kind === 'priced' ? price.result.unitCents : null;
  // Tyres nobody holds are ordered: no visit before the owner's lead time (decision 423).
  const ordered = useTyresOrdered(size, quantity);
  const tooSoon = (day: string) => ordered !== null && isIsoDay(day) && compareDays(day, ordered.day) < 0;
  const baseQuote = service
    ? priceService(
        { serviceType: service, isPrepaid: false, quantity, tyreSize: size, tyreUnitPriceCents: unitCents },
        business.fees,
      )
    : null;

  // Battery service and callback-required prices are paid on site; so is everything when online payment is off.
  let onsiteReason: string | null = null;
  if (!business.prepaidAvailable) onsiteReason = 'Online payment is not available at the moment, so you pay on site.';
  else if (service === 'battery-service')
    onsiteReason =
      'Battery service is quoted on site, so you pay on site once the technician has checked your battery.';
  else if (baseQuote?.callbackRequired && !price.isLoading)
    onsiteReason = 'We need to confirm the price of your tyres first, so you pay on site.';
  const paymentMethod = onsiteReason ? 'onsite' : (chosenMethod ?? 'prepaid');
  const quote = service
    ? priceService(
        {
          serviceType: service,
          isPrepaid: paymentMethod === 'prepaid',
          quantity,
          tyreSize: size,
          tyreUnitPriceCents: unitCents,
        },
        business.fees,
      )
    : null;

  const { submit, submitting, progress } = useSubmitBooking({
    photos: photos.photos,
    onSlotTaken: () => {
      setValue('timeSlot', NO_SLOT);
      setStep(1);
    },
    onConfirmed: (booked) => {
      forgetDraft();
      // The confirmation repeats what was booked: the price and where the technician comes.
      const v = getValues();
      setConfirmation({
        ...booked,
        // A battery booking's amount is the callout; the battery comes on top, quoted on site.
        total:
          quote && !quote.callbackRequired
            ? withBatteryOnTop(v.serviceType ?? '', formatDollars(quote.totalCents))
            : null,
        address: `${v.address ?? ''}, ${v.suburb ?? ''} ${v.postcode ?? ''}`.trim(),
        emailed: business.emailDelivery === 'smtp',
      });
      setStep(7);
      onCompleted();
    },
  });

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [step, open]);

  // Every answer is kept for this tab as it is typed, with the step it was typed at (decision 445).
  const kept = useRef({ step, photos: 0 });
  const photoCount = photos.photos.length;
  useEffect(() => {
    kept.current = { step, photos: photoCount };
    if (step < 7) saveDraft({ ...kept.current, values: getValues() });
  }, [step, photoCount, getValues]);
  useEffect(() => {
    const subscription = watch((values) => {
      if (kept.current.step < 7) saveDraft({ ...kept.current, values });
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const startAgain = () => {
    forgetDraft();
    form.reset(empty);
    setRestoredAt(null);
    setStep(1);
  };

  // A message goes as soon as what is typed is right, not when the field loses focus; a field still
  // wrong keeps its first message rather than a new one per keystroke (decision 355).
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change' || !name || !getFieldState(name).error) return;
      if (name === 'tyreWidth' || name === 'aspectRatio' || name === 'rimSize') return; // the tyre step judges the size as a whole
      const result = publicBookingForm.safeParse(values);
      if (result.success || !result.error.issues.some((issue) => issue.path[0] === name)) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, clearErrors]);

  async function goNext() {
    if (step === 1) {
      const date = getValues('date') ?? '';
      const problem = isIsoDay(date) ? bookingDayProblem(date, perthDay(new Date())) : null;
      if (problem) {
        setError('date', { message: problem.message }, { shouldFocus: true });
        return;
      }
      if (ordered && tooSoon(date)) {
        setError('date', { message: ordered.note }, { shouldFocus: true });
        return;
      }
    }
    if (step === 3) {
      if (!dontKnow && !size) {
        setError('tyreWidth', { message: TYRE_SIZE_REQUIRED }, { shouldFocus: true });
        return;
      }
      // The window chosen at step 1 comes before the ordered tyres can: back to step 1's later windows.
      if (tooSoon(getValues('date') ?? '')) {
        setValue('timeSlot', NO_SLOT);
        setStep(1);
        return;
      }
    }
    // Step 4's suburb and postcode are checked against the service area by the schema itself.
    const valid = await trigger(STEP_FIELDS[step], { shouldFocus: true });
    if (!valid) return;
    // The service is read afresh: a tapped service card moves on in the same tap that chose it.
    setStep(nextStep(step, getValues('serviceType')));
  }

  const finish = form.handleSubmit(
    (values) => submit({ ...values, paymentMethod }),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setStep(stepOfField(first));
    },
  );

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    if (step === 6) void finish();
    else void goNext();
  };

  const isLast = step === 6;
  return (
    <FormProvider {...form}>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Book a Mobile Service"
        initialFocus={headingRef}
        className="flex h-[100dvh] flex-col overflow-hidden rounded-none sm:h-auto sm:max-h-[92vh] sm:rounded-2xl"
      >
        <div className="mb-4 shrink-0">
          <p className="text-sm font-medium text-gray-700">
            Step {step} of {TOTAL_STEPS}
          </p>
          <div
            role="progressbar"
            aria-label="Booking progress"
            aria-valuemin={1}
            aria-valuemax={TOTAL_STEPS}
            aria-valuenow={step}
            aria-valuetext={`Step ${step} of ${TOTAL_STEPS}`}
            className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200"
          >
            <div
              className="h-full rounded-full bg-accent-strong transition-all"
              style={{ width: `${(step / TOTAL_STEPS) * 100}%` }}
            />
          </div>
          <h3 ref={headingRef} tabIndex={-1} className="mt-3 text-lg font-semibold outline-none">
            {STEP_TITLES[step]}
          </h3>
          {restoredAt === step && step < 7 ? (
            <div className="mt-2 flex items-center justify-between gap-3 rounded-lg bg-gray-100 py-1 pl-3 pr-1 text-sm">
              <p>
                Your answers from before are filled in.
                {draft?.windowGone ? ' The time you chose has passed: please choose another.' : null}
                {draft?.photos ? ' Please add your photos again.' : null}
              </p>
              <Button variant="ghost" className="shrink-0 underline" onClick={startAgain}>
                Start again
              </Button>
            </div>
          ) : null}
        </div>

        {step === 7 && confirmation ? (
          <>
            <div className="min-h-0 flex-1 overflow-y-auto pb-4">
              <ConfirmationStep
                confirmation={confirmation}
                phone={business.phone}
                emailDelivery={business.emailDelivery}
              />
            </div>
            {/* Close sits in the bottom bar, which the toasts keep clear of (decision 171), never under "Booking Confirmed!" (decision 413). */}
            <div className="-mx-5 -mb-5 shrink-0 border-t border-gray-200 bg-white px-5 py-3">
              <Button className="w-full" onClick={() => onOpenChange(false)}>
                Close
              </Button>
            </div>
          </>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
            {/* Only the fields scroll: the Back/Next bar never moves under the finger when messages come and go. */}
            <div className="min-h-0 flex-1 space-y-5 overflow-y-auto pb-4">
              {step === 1 ? (
                <DateStep
                  hours={business.hours}
                  ordered={ordered}
                  onWindowChosen={() => void goNext()}
                  preselectFirst={Boolean(prefill?.again || prefill?.declined)}
                  note={
                    again === 'filled'
                      ? prefill?.declined
                        ? BOOK_AGAIN_AFTER_DECLINE_NOTE
                        : 'Welcome back: your details, car and address are filled in from your last booking.'
                      : again === 'not-found'
                        ? "We couldn't find your last booking from that link, so please fill in your details."
                        : null
                  }
                />
              ) : null}
              {step === 2 ? <ServiceStep fees={business.fees} onServiceChosen={() => void goNext()} /> : null}
              {step === 3 ? (
                <TyreStep photos={photos} price={price} quote={baseQuote} orderedNote={ordered?.note ?? null} />
              ) : null}
              {step === 4 ? <LocationStep phone={business.phone} googleMapsApiKey={business.googleMapsApiKey} /> : null}
              {step === 5 ? <PhotosStep photos={photos} /> : null}
              {step === 6 && quote ? (
                <ContactStep
                  quote={quote}
                  paymentMethod={paymentMethod}
                  onsiteReason={onsiteReason}
                  calloutCents={business.fees.callout}
                  prepaidDiscount={formatPrice(business.fees.prepaidDiscount)}
                />
              ) : null}

              {submitting && photos.photos.length && Object.keys(progress).length ? (
                <div aria-live="polite">
                  <p className="mb-2 text-sm font-medium">Uploading photos...</p>
                  <PhotoArea
                    photos={photos.photos}
                    max={photos.photos.length}
                    onAdd={() => undefined}
                    onRemove={() => undefined}
                    progress={progress}
                    showTips={false}
                  />
                </div>
              ) : null}
            </div>
            <div className="-mx-5 -mb-5 shrink-0 border-t border-gray-200 bg-white px-5 py-3">
              {step === 6 && quote ? (
                <div className="mb-2">
                  <QuoteTotal quote={quote} serviceType={service} />
                </div>
              ) : null}
              <div className="flex gap-2">
                {step > 1 ? (
                  <Button variant="outline" disabled={submitting} onClick={() => setStep(previousStep(step, service))}>
                    <ArrowLeft aria-hidden className="h-4 w-4" /> Back
                  </Button>
                ) : null}
                <Button type="submit" className="flex-1" disabled={submitting || (isLast && price.isLoading)}>
                  {submitting ? (
                    <Spinner label="Booking..." />
                  ) : isLast ? (
                    paymentMethod === 'prepaid' ? (
                      'Continue to Payment'
                    ) : (
                      'Confirm Booking'
                    )
                  ) : (
                    <>
                      Next <ArrowRight aria-hidden className="h-4 w-4" />
                    </>
                  )}
                </Button>
              </div>
            </div>
          </form>
        )}
      </Dialog>
    </FormProvider>
  );
}
