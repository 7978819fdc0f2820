import type { ToastInput } from '../../components/ui/toast';

/** Photo limits for the booking wizard (docs/product.md "Limits"). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_TYPE_NAMES = 'JPEG, PNG or WebP';
export const MAX_PHOTO_MB = 5;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;
export const MAX_PHOTOS = 5;
export const MAX_UNKNOWN_SIZE_PHOTOS = 3;

export type PhotoCandidate = { name: string; type: string; size: number };

export type PhotoScreening<T extends PhotoCandidate> = {
  accepted: T[];
  /** The whole batch was refused: it would take the total over the limit. */
  tooMany: boolean;
  tooLarge: T[];
  wrongType: T[];
};

/**
 * docs/product.md "Bookings": too many files rejects the whole batch (counting the photos already
 * chosen); otherwise invalid files are skipped one by one.
 */
export function screenPhotos<T extends PhotoCandidate>(
  files: readonly T[],
  alreadyChosen: number,
  max: number,
): PhotoScreening<T> {
  if (alreadyChosen + files.length > max) return { accepted: [], tooMany: true, tooLarge: [], wrongType: [] };
  const result: PhotoScreening<T> = { accepted: [], tooMany: false, tooLarge: [], wrongType: [] };
  for (const file of files) {
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) result.wrongType.push(file);
    else if (file.size > MAX_PHOTO_BYTES) result.tooLarge.push(file);
    else result.accepted.push(file);
  }
  return result;
}

/** "my-very-long-photo-name.jpeg" -> "my-very-lon….jpeg": keeps the extension visible in a thumbnail. */
export function shortFileName(name: string, max = 16): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const keep = Math.max(1, max - ext.length - 1);
  return `${name.slice(0, keep)}…${ext}`;
}

/** How the photos of a new booking fared: counts, and the server's sentence for the first failure. */
export type PhotoUploadOutcome = { uploaded: number; failed: number; reason?: string };

/**
 * The toast after a booking's photos went up (decision 172): 'Photos Uploaded', or when any failed,
 * which ones and why, so the customer is never left thinking the technician has them. None when
 * there were no photos.
 */
export function photoUploadToast({ uploaded, failed, reason }: PhotoUploadOutcome): ToastInput | null {
  if (!failed)
    return uploaded
      ? {
          title: 'Photos Uploaded',
          description: `${uploaded} photo${uploaded === 1 ? '' : 's'} added to your booking.`,
        }
      : null;
  const total = uploaded + failed;
  const which =
    failed < total ? `${failed} of your ${total} photos` : total === 1 ? 'Your photo' : `Your ${total} photos`;
  return {
    title: 'Photo Upload Failed',
    description: `${which} could not be added to your booking. ${reason ?? 'You can show them to your technician on the day.'} Your booking is not affected.`,
    variant: 'destructive',
  };
}
