import type { ServiceType } from '../../../shared/domain/services';
import type { PublicBookingFormInput } from '../../../shared/schemas/booking';

/** The booking dialog has seven steps (docs/product.md "Bookings"). */
export const TOTAL_STEPS = 7;
export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Choose a date and time',
  2: 'Choose a service',
  3: 'Tyre details',
  4: 'Location and vehicle',
  5: 'Photos (optional)',
  6: 'Contact and payment',
  7: 'Booking confirmed',
};

/** The form fields each step validates with trigger() before moving on. */
export const STEP_FIELDS: Record<WizardStep, (keyof PublicBookingFormInput)[]> = {
  1: ['date', 'timeSlot'],
  2: ['serviceType'],
  3: ['tyreWidth', 'aspectRatio', 'rimSize', 'quantity'],
  4: ['address', 'suburb', 'postcode', 'vehicleMake', 'vehicleModel', 'vehicleYear', 'registration'],
  5: [],
  6: ['customerName', 'customerPhone', 'customerEmail', 'notes', 'paymentMethod'],
  7: [],
};

const needsTyreStep = (service: ServiceType | undefined) => service === 'new-tyres';

/** Step 3 (tyre details) is skipped for puncture repair and battery service, forwards... */
export function nextStep(step: WizardStep, service: ServiceType | undefined): WizardStep {
  if (step === 2 && !needsTyreStep(service)) return 4;
  return Math.min(step + 1, TOTAL_STEPS) as WizardStep;
}

/** ...and backwards. */
export function previousStep(step: WizardStep, service: ServiceType | undefined): WizardStep {
  if (step === 4 && !needsTyreStep(service)) return 2;
  return Math.max(step - 1, 1) as WizardStep;
}
