import { describe, expect, it } from 'vitest';
import {
  businessHoursOf,
  DEFAULT_BUSINESS_HOURS,
  describeBusinessHours,
  formatHour,
  openingHoursJsonLd,
} from './business-hours';
import { SLOT_START_HOUR, TIME_SLOTS } from './slots';

describe('business hours', () => {
  it('default: Monday to Friday, from the first slot (8 am) to the end of the last (4 pm)', () => {
    expect(DEFAULT_BUSINESS_HOURS).toEqual({ days: [1, 2, 3, 4, 5], opensHour: 8, closesHour: 16 });
    expect(DEFAULT_BUSINESS_HOURS.opensHour).toBe(SLOT_START_HOUR[TIME_SLOTS[0]]);
  });

  it('reads the default exactly as the site always said it', () => {
    expect(describeBusinessHours(DEFAULT_BUSINESS_HOURS)).toEqual({
      daysShort: 'Mon-Fri',
      daysLong: 'Monday to Friday',
      opens: '8am',
      closes: '4pm',
      short: 'Mon-Fri 8am-4pm',
      long: 'Monday to Friday, 8am to 4pm',
    });
  });

  it.each([
    [[1, 2, 3, 4, 5, 6], 'Mon-Sat 8am-4pm', 'Monday to Saturday, 8am to 4pm'],
    [[0, 1, 2, 3, 4, 5, 6], 'Mon-Sun 8am-4pm', 'Monday to Sunday, 8am to 4pm'],
    [[1, 3, 5], 'Mon, Wed, Fri 8am-4pm', 'Monday, Wednesday and Friday, 8am to 4pm'],
    [[1, 2, 3, 5], 'Mon-Wed, Fri 8am-4pm', 'Monday to Wednesday and Friday, 8am to 4pm'],
    [[6, 0], 'Sat-Sun 8am-4pm', 'Saturday to Sunday, 8am to 4pm'],
    [[2], 'Tue 8am-4pm', 'Tuesday, 8am to 4pm'],
    // BUSINESS_DAYS order does not matter; Sunday reads last, as the week does.
    [[5, 0, 1], 'Mon, Fri, Sun 8am-4pm', 'Monday, Friday and Sunday, 8am to 4pm'],
  ])('days %j read "%s" and "%s"', (days, short, long) => {
    const d = describeBusinessHours(businessHoursOf(days));
    expect(d.short).toBe(short);
    expect(d.long).toBe(long);
  });

  it.each([
    [8, '8am'],
    [12, '12pm'],
    [16, '4pm'],
    [0, '12am'],
  ])('hour %i reads %s', (hour, text) => {
    expect(formatHour(hour)).toBe(text);
  });

  it('gives the structured data the same hours as the pages', () => {
    expect(openingHoursJsonLd(DEFAULT_BUSINESS_HOURS)).toEqual({
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '08:00',
          closes: '16:00',
        },
      ],
      openingHours: 'Mo-Fr 08:00-16:00',
    });
    expect(openingHoursJsonLd(businessHoursOf([1, 2, 3, 5, 6]))).toMatchObject({
      openingHoursSpecification: [{ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Friday', 'Saturday'] }],
      openingHours: 'Mo-We,Fr-Sa 08:00-16:00',
    });
  });
});
