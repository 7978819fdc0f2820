import type { TimeSlot } from '../../../shared/domain/slots';
import { useFormContext } from 'react-hook-form';
import type { PublicBookingForm, PublicBookingFormInput } from '../../../shared/schemas/booking';

export const useBookingForm = () => useFormContext<PublicBookingFormInput, unknown, PublicBookingForm>();

/** No slot chosen: fails the schema with 'Please select a time slot' (RHF cannot reset a field to undefined). */
export const NO_SLOT = '' as unknown as TimeSlot;
