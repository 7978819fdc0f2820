/**
 * Recognises the photo types the business accepts by their first bytes (their "magic numbers"),
 * not by the file's name or the type the browser declares: a text file renamed `.jpg` is not a
 * photo (docs/product.md "Bookings", Photos). The server judges the whole file again on upload.
 */
export type PhotoImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** How many leading bytes imageTypeOf needs to tell every accepted type. */
export const IMAGE_SIGNATURE_LENGTH = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);

/** The image type the bytes begin with, or null when they are not a JPEG, PNG or WebP image. */
export function imageTypeOf(bytes: Uint8Array): PhotoImageType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  // RIFF container: "RIFF", 4 bytes of length, then "WEBP".
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}
