import { z } from 'zod';

/** Public photo upload (docs/product.md "Bookings" and "Limits"). */
export const PHOTO_LIMITS = {
  maxFiles: 5,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;
export const PHOTO_TOO_LARGE_MESSAGE = 'File size must be less than 5 MB.';
export const PHOTO_BAD_TYPE_MESSAGE = 'Please upload JPEG, PNG or WebP files only.';
export const PHOTO_TOO_MANY_MESSAGE = 'Maximum 5 files allowed';
export const photoUploadResponse = z.object({
  photos: z.array(
    z.object({ id: z.string(), type: z.string(), originalName: z.string(), mimeType: z.string(), size: z.number() }),
  ),
});
