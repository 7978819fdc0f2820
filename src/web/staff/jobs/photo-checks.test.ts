import { describe, expect, it } from 'vitest';
import { STAFF_PHOTO_TOO_MANY_MESSAGE } from '../../../shared/schemas/onsite-payments';
import { PHOTO_BAD_TYPE_MESSAGE, PHOTO_TOO_LARGE_MESSAGE } from '../../../shared/schemas/photos';
import { photoRefusal } from './photo-checks';

const jpeg = (size = 200_000) => ({ type: 'image/jpeg', size });

describe('photoRefusal: what the phone refuses before sending', () => {
  it('accepts JPEG, PNG and WebP up to the twentieth photo of the job', () => {
    expect(photoRefusal([jpeg(), { type: 'image/png', size: 1 }, { type: 'image/webp', size: 1 }], 17)).toBeNull();
  });
  it("refuses the 21st photo, a HEIC or PDF file, and a file over 5 MB, in the server's words", () => {
    expect(photoRefusal([jpeg()], 20)).toBe(STAFF_PHOTO_TOO_MANY_MESSAGE);
    expect(photoRefusal([jpeg(), jpeg()], 19)).toBe(STAFF_PHOTO_TOO_MANY_MESSAGE);
    expect(photoRefusal([{ type: 'image/heic', size: 1 }], 0)).toBe(PHOTO_BAD_TYPE_MESSAGE);
    expect(photoRefusal([{ type: 'application/pdf', size: 1 }], 0)).toBe(PHOTO_BAD_TYPE_MESSAGE);
    expect(photoRefusal([jpeg(5 * 1024 * 1024 + 1)], 0)).toBe(PHOTO_TOO_LARGE_MESSAGE);
  });
});
