import { compareDays, isIsoDay, perthDay } from '../../../shared/domain/perth-time';
import { hasSlotPassed, isTimeSlot } from '../../../shared/domain/slots';
import { isServiceType } from '../../../shared/domain/services';
import type { PublicBookingFormInput } from '../../../shared/schemas/booking';
import type { WizardStep } from './wizard-steps';

/**
 * The booking this tab is part way through: the wizard's answers and step, kept in the tab's
 * session storage as they are typed, so a reload, Back from another page, or a phone that drops
 * the page while the customer checks their rego does not lose them
 * (docs/decisions/445-the-wizard-keeps-its-answers.md).
 */
const DRAFT_KEY = 'tyres.booking-draft';

/**
 * `photos`: how many photos were chosen (the files cannot be kept, so the customer is asked again);
 * `windowGone`: the day or window chosen had passed, so it was dropped to be chosen again.
 */
export type WizardDraft = {
  step: WizardStep;
  photos: number;
  windowGone: boolean;
  values: Partial<PublicBookingFormInput>;
};

/** The last step a draft reopens at: the confirmation is never reopened. */
const LAST_ANSWER_STEP = 6;

/**
 * The saved draft, kept only where it fits the form: a field of the same kind as its default, a
 * step from 1 to 6, and a chosen day and window not already past at `now` (they are then chosen again).
 */
export function loadDraft(defaults: Partial<PublicBookingFormInput>, now: Date): WizardDraft | null {
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { step, photos, values } = saved as { step?: unknown; photos?: unknown; values?: unknown };
  if (typeof values !== 'object' || values === null) return null;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const fallback = (defaults as Record<string, unknown>)[name];
    const fits =
      name === 'serviceType'
        ? typeof value === 'string' && isServiceType(value)
        : fallback !== undefined && typeof value === typeof fallback && value !== fallback;
    if (fits) kept[name] = value;
  }
  let windowGone = false;
  const date = typeof kept.date === 'string' ? kept.date : '';
  if (date && (!isIsoDay(date) || compareDays(date, perthDay(now)) < 0)) {
    windowGone = isIsoDay(date);
    delete kept.date;
    delete kept.timeSlot;
  }
  // A window that has started cannot be booked (docs/product.md "Time slots and business days").
  const slot = typeof kept.timeSlot === 'string' ? kept.timeSlot : '';
  if (slot && (!isTimeSlot(slot) || (kept.date && hasSlotPassed(String(kept.date), slot, now)))) {
    windowGone = isTimeSlot(slot);
    delete kept.timeSlot;
  }
  if (Object.keys(kept).length === 0) return null;
  const reopenAt =
    typeof step === 'number' &&
    Number.isInteger(step) &&
    step >= 1 &&
    step <= LAST_ANSWER_STEP &&
    kept.date &&
    kept.timeSlot
      ? (step as WizardStep)
      : 1;
  const photoCount = typeof photos === 'number' && Number.isInteger(photos) && photos > 0 ? photos : 0;
  return { step: reopenAt, photos: photoCount, windowGone, values: kept as Partial<PublicBookingFormInput> };
}

export function saveDraft(draft: Omit<WizardDraft, 'windowGone'>): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (a private window, or full): the answers are kept only while the page is.
  }
}

/** A booking made, or the customer chose to start again: the next wizard starts empty. */
export function forgetDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was kept.
  }
}
