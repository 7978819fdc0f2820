import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatVisit } from '../../../shared/domain/slots';
import { SLOT_TAKEN_MESSAGE, toPublicBookingRequest, type PublicBookingForm } from '../../../shared/schemas/booking';
import { api, ApiError, errorMessage } from '../../lib/api';
import { refreshAfterWrite } from '../../lib/refresh';
import { queueToast, toast } from '../../components/ui/toast';
import { fetchTimeSlots, uploadPhoto } from './booking-api';
import type { BookedVisit } from './steps/confirmation-step';
import { photoUploadToast, type PhotoUploadOutcome } from './photo-rules';
import type { ChosenPhoto } from './use-photos';
import { heldByThisTab, lastQuote, rememberQuote } from './last-quote';

/**
 * A 409's sentence for the customer: the server's own when it says more than that the window went
 * (the last tyres in stock just booked, decision 423), else that someone else booked the window.
 */
function takenMessage(err: ApiError): string {
  const told = err.serverMessage;
  return told && told !== SLOT_TAKEN_MESSAGE
    ? told
    : 'This time slot was just booked by someone else. Please select a different time slot.';
}

/** How long a failed-photos toast stays before a prepaid booking moves on to checkout. */
const FAILED_PHOTOS_READING_MS = 5000;

export const SLOT_GONE_MESSAGE = 'This time slot is no longer available. Please select a different time slot.';

/** Re-check the slot, create the quote or booking, upload photos, report (docs/product.md "Bookings"). */
export function useSubmitBooking({
  photos,
  onSlotTaken,
  onConfirmed,
}: {
  photos: ChosenPhoto[];
  onSlotTaken: () => void;
  onConfirmed: (c: BookedVisit) => void;
}) {
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});

  const slotTaken = (description: string) => {
    void queryClient.invalidateQueries({ queryKey: api.slots.list.prefix });
    // The last tyres of a size may have gone with it (decision 423).
    void queryClient.invalidateQueries({ queryKey: api.tyres.availability.prefix });
    toast({ title: 'Time Slot Unavailable', description, variant: 'destructive' });
    onSlotTaken();
  };

  async function uploadAll(jobId: string): Promise<PhotoUploadOutcome> {
    const outcome: PhotoUploadOutcome = { uploaded: 0, failed: 0 };
    for (const photo of photos) {
      setProgress((p) => ({ ...p, [photo.id]: 0 }));
      try {
        await uploadPhoto(jobId, photo.file, (pct) => setProgress((p) => ({ ...p, [photo.id]: pct })));
        outcome.uploaded += 1;
      } catch (err) {
        // The booking itself stands; the customer is told which photos did not go (decision 172).
        console.warn('Photo upload failed', err);
        outcome.failed += 1;
        outcome.reason ??= err instanceof ApiError ? err.serverMessage : undefined;
      }
    }
    return outcome;
  }

  async function submit(values: PublicBookingForm) {
    if (!values.date || !values.timeSlot) {
      toast({ title: 'Please select both a date and time slot', variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      // The latest availability is re-fetched before submitting.
      let latest;
      try {
        latest = await fetchTimeSlots(values.date);
      } catch {
        toast({
          title: 'Failed to fetch latest time slot availability',
          description: 'Please try again.',
          variant: 'destructive',
        });
        return;
      }
      // The window this tab's own quote holds reads as taken; the server gives it back to this booking.
      const previous = lastQuote();
      if (
        !latest.find((s) => s.slot === values.timeSlot)?.isAvailable &&
        !heldByThisTab(values.date, values.timeSlot)
      ) {
        slotTaken(SLOT_GONE_MESSAGE);
        return;
      }

      const body = { ...toPublicBookingRequest(values), ...(previous ? { replacesHold: previous.token } : {}) };
      if (values.paymentMethod === 'prepaid') {
        let quote: Awaited<ReturnType<typeof api.bookings.quote>>;
        try {
          quote = await api.bookings.quote({ body });
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) return slotTaken(takenMessage(err));
          toast({
            title: 'Booking Failed',
            description: errorMessage(err, 'There was an error creating your booking. Please try again.'),
            variant: 'destructive',
          });
          return;
        }
        rememberQuote({ token: quote.bookingToken, date: values.date, timeSlot: values.timeSlot });
        toast({ title: 'Quote Generated!', description: 'Taking you to secure payment...' });
        const failedPhotos = photos.length ? photoUploadToast(await uploadAll(quote.jobId)) : null;
        if (failedPhotos?.variant === 'destructive') {
          // Leaving the page would take the toast with it: give the customer time to read it first.
          toast(failedPhotos);
          await new Promise((resolve) => setTimeout(resolve, FAILED_PHOTOS_READING_MS));
        }
        window.location.assign(`/checkout/${encodeURIComponent(quote.bookingToken)}`);
        return;
      }

      let created: Awaited<ReturnType<typeof api.bookings.create>>;
      try {
        created = await api.bookings.create({ body });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return slotTaken(takenMessage(err));
        // 400/429 carry a sentence for the customer (too far ahead, too many bookings from this connection).
        const told =
          err instanceof ApiError && (err.status === 400 || err.status === 429) ? err.serverMessage : undefined;
        toast({
          title: 'Booking Error',
          description: told ?? 'There was an issue creating your booking. Please try again.',
          variant: 'destructive',
        });
        return;
      }
      rememberQuote(null);
      const photosNews = photos.length ? photoUploadToast(await uploadAll(created.jobId)) : null;
      void refreshAfterWrite(queryClient, api.bookings.create.contract);
      // Toasts show one at a time: the booking first, then its photos in turn (decision 171).
      toast({ title: 'Booking Confirmed!', description: `Your booking reference is ${created.jobNumber}.` });
      if (photosNews) queueToast(photosNews);
      onConfirmed({
        jobNumber: created.jobNumber,
        email: created.customerEmail || values.customerEmail,
        visit: formatVisit(values.date, values.timeSlot),
        manageUrl: created.manageUrl ?? null,
        textedTo: created.textedTo ?? null,
      });
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, submitting, progress };
}
