import { STAFF_PHOTO_MAX_PER_JOB, STAFF_PHOTO_TOO_MANY_MESSAGE } from '../../../shared/schemas/onsite-payments';
import { PHOTO_BAD_TYPE_MESSAGE, PHOTO_LIMITS, PHOTO_TOO_LARGE_MESSAGE } from '../../../shared/schemas/photos';

/**
 * Why chosen files are refused on the phone, before any upload (docs/decisions/350-photos-taken-by-staff.md):
 * the server's own rules and words, so a technician with no signal learns it at once.
 */
export function photoRefusal(files: { type: string; size: number }[], existing: number): string | null {
  if (existing + files.length > STAFF_PHOTO_MAX_PER_JOB) return STAFF_PHOTO_TOO_MANY_MESSAGE;
  if (files.some((f) => !(PHOTO_LIMITS.types as readonly string[]).includes(f.type))) return PHOTO_BAD_TYPE_MESSAGE;
  if (files.some((f) => f.size > PHOTO_LIMITS.maxBytes)) return PHOTO_TOO_LARGE_MESSAGE;
  return null;
}
