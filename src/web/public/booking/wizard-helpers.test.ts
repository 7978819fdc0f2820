import { describe, expect, it } from 'vitest';
import { BOOKING_TOO_FAR_MESSAGE } from '../../../shared/schemas/booking';
import { bookingDayProblem, PAST_DAY_MESSAGE } from './booking-day';
import { MAX_PHOTO_BYTES, photoUploadToast, screenPhotos, shortFileName } from './photo-rules';
import { nextStep, previousStep } from './wizard-steps';

const file = (name: string, type = 'image/jpeg', size = 1000) => ({ name, type, size });

describe('wizard step order', () => {
  it('visits tyre details only for new tyres, forwards and backwards', () => {
    expect(nextStep(2, 'new-tyres')).toBe(3);
    expect(previousStep(4, 'new-tyres')).toBe(3);
    for (const service of ['puncture-repair', 'battery-service'] as const) {
      expect(nextStep(2, service)).toBe(4);
      expect(previousStep(4, service)).toBe(2);
    }
    expect(nextStep(1, undefined)).toBe(2);
    expect(previousStep(1, 'new-tyres')).toBe(1);
    expect(nextStep(6, 'new-tyres')).toBe(7);
  });
});

describe('photo screening: a batch over the limit is refused whole, bad files skipped', () => {
  it('refuses the whole batch when it would pass the limit, counting photos already chosen', () => {
    const r = screenPhotos([file('a.jpg'), file('b.jpg')], 4, 5);
    expect(r.tooMany).toBe(true);
    expect(r.accepted).toEqual([]);
    expect(screenPhotos([file('a.jpg'), file('b.jpg')], 3, 5).accepted).toHaveLength(2);
    expect(screenPhotos([file('a.jpg'), file('b.jpg')], 2, 3).tooMany).toBe(true);
  });

  it('skips files of the wrong type or over 5 MB one by one', () => {
    const r = screenPhotos(
      [
        file('a.gif', 'image/gif'),
        file('b.png', 'image/png', MAX_PHOTO_BYTES + 1),
        file('c.webp', 'image/webp', MAX_PHOTO_BYTES),
      ],
      0,
      5,
    );
    expect(r.wrongType.map((f) => f.name)).toEqual(['a.gif']);
    expect(r.tooLarge.map((f) => f.name)).toEqual(['b.png']);
    expect(r.accepted.map((f) => f.name)).toEqual(['c.webp']);
  });

  it('shortens long file names but keeps the extension', () => {
    expect(shortFileName('tyre.jpg')).toBe('tyre.jpg');
    const short = shortFileName('a-very-long-photo-name-from-phone.jpeg');
    expect(short.length).toBe(16);
    expect(short.endsWith('….jpeg')).toBe(true);
  });
});

describe('days step 1 can book: today up to 90 days ahead', () => {
  const today = '2026-11-23';
  it.each([
    ['yesterday', '2026-11-22', PAST_DAY_MESSAGE],
    ['today', '2026-11-23', null],
    ['day 90', '2027-02-21', null],
    ['day 91', '2027-02-22', BOOKING_TOO_FAR_MESSAGE],
    ['next year', '2027-11-23', BOOKING_TOO_FAR_MESSAGE],
  ])('%s (%s): %s', (_name, day, message) => {
    expect(bookingDayProblem(day, today)?.message ?? null).toBe(message);
  });
});

describe('the toast after a booking’s photos went up', () => {
  it('says how many were added when all went', () => {
    expect(photoUploadToast({ uploaded: 1, failed: 0 })).toEqual({
      title: 'Photos Uploaded',
      description: '1 photo added to your booking.',
    });
    expect(photoUploadToast({ uploaded: 3, failed: 0 })?.description).toBe('3 photos added to your booking.');
    expect(photoUploadToast({ uploaded: 0, failed: 0 })).toBeNull();
  });

  it('says which failed and why, and that the booking stands', () => {
    expect(photoUploadToast({ uploaded: 0, failed: 1, reason: 'Please upload JPEG, PNG or WebP files only.' })).toEqual(
      {
        title: 'Photo Upload Failed',
        description:
          'Your photo could not be added to your booking. Please upload JPEG, PNG or WebP files only. Your booking is not affected.',
        variant: 'destructive',
      },
    );
    expect(photoUploadToast({ uploaded: 0, failed: 2 })?.description).toBe(
      'Your 2 photos could not be added to your booking. You can show them to your technician on the day. Your booking is not affected.',
    );
    expect(photoUploadToast({ uploaded: 2, failed: 1 })?.description).toMatch(/^1 of your 3 photos could not be added/);
  });
});
