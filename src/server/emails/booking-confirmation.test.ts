import { describe, expect, it } from 'vitest';
import { buildBookingConfirmation, buildVisitIcs, paidOnlineText } from './booking-confirmation';

describe('buildVisitIcs text escaping', () => {
  const ics = (location: string, description = 'Visit') =>
    buildVisitIcs({
      uid: 'job-1@example.com',
      start: new Date('2026-11-24T02:00:00.000Z'),
      now: new Date('2026-11-22T23:00:00.000Z'),
      summary: 'Puncture Repair',
      location,
      description,
    });

  it('turns CR LF, a lone CR and LF into escaped line breaks, leaving no raw CR inside a line', () => {
    const out = ics('Unit 2\r\n12 Example Street\rJoondalup\n6027', 'Gate code: 1234\rRing on arrival');
    expect(out).toContain('LOCATION:Unit 2\\n12 Example Street\\nJoondalup\\n6027\r\n');
    expect(out).toContain('DESCRIPTION:Gate code: 1234\\nRing on arrival\r\n');
    // Every CR in the file is part of a CRLF line ending.
    expect(out.replace(/\r\n/g, '')).not.toContain('\r');
  });

  it('escapes backslash, semicolon and comma', () => {
    expect(ics('a\\b; c, d')).toContain('LOCATION:a\\\\b\\; c\\, d\r\n');
  });
});

const confirmationOf = (serviceType: string, customerValue: string) =>
  buildBookingConfirmation({
    job: {
      id: 'job-1',
      jobNumber: 'JOB-1001',
      serviceType,
      scheduledDay: '2026-11-25',
      timeSlot: '8-10 AM',
      address: '12 Example Street',
      suburb: 'Joondalup',
      postcode: '6027',
      tyreSize: null,
      tyreQuantity: null,
      customerValue,
      originalCustomerValue: null,
      paymentMethod: 'onsite',
      paymentStatus: 'pending',
    },
    customer: { name: 'Sam Taylor', email: 'sam@example.com' },
    vehicle: null,
    business: { name: 'Mobile Tyre & Battery Co.', phone: '08 5550 1234', email: 'bookings@example.com', abn: '' },
    publicBaseUrl: 'https://tyres.example.com',
    now: new Date('2026-11-24T01:00:00.000Z'),
  });

describe('the price a battery booking states', () => {
  it("says the battery is quoted on site and comes on top of the callout, in the service card's words", () => {
    expect(confirmationOf('battery-service', '89.80').text).toContain('Price: $89.80 plus the battery, quoted on site');
    expect(confirmationOf('puncture-repair', '129.80').text).toContain('Price: $129.80\n');
  });
});

describe('buildBookingConfirmation in Perth time', () => {
  it("states the visit's Perth date and window and puts its UTC start in the calendar file, whatever the server's zone", () => {
    const out = buildBookingConfirmation({
      job: {
        id: 'job-1',
        jobNumber: 'JOB-1001',
        serviceType: 'puncture-repair',
        scheduledDay: '2026-11-25',
        timeSlot: '8-10 AM',
        address: '12 Example Street',
        suburb: 'Joondalup',
        postcode: '6027',
        tyreSize: null,
        tyreQuantity: null,
        customerValue: '129.80',
        originalCustomerValue: null,
        paymentMethod: 'onsite',
        paymentStatus: 'pending',
      },
      customer: { name: 'Sam Taylor', email: 'sam@example.com' },
      vehicle: null,
      business: {
        name: 'Mobile Tyre & Battery Co.',
        phone: '08 5550 1234',
        email: 'bookings@example.com',
        abn: '00 000 000 000',
      },
      publicBaseUrl: 'https://tyres.example.com',
      now: new Date('2026-11-24T15:30:00.000Z'), // 11:30 pm on the 24th in Perth, still the 24th in UTC
    });
    expect(out.subject).toBe('Booking confirmed: JOB-1001 on Wednesday 25 November 2026, 8 am - 10 am');
    expect(out.text).toContain('When: Wednesday 25 November 2026, 8 am - 10 am (Perth time)');
    // A name ending in a full stop gets no second one.
    expect(out.text).toContain('Thanks for booking with Mobile Tyre & Battery Co. Your booking is confirmed.');
    const ics = Buffer.from(out.attachments[0]!.contentBase64, 'base64').toString('utf8');
    expect(ics).toContain('DTSTART:20261125T000000Z'); // 8 am Perth is midnight UTC
    expect(ics).toContain('DTEND:20261125T020000Z');
  });
});

describe('what a prepaid booking says was paid', () => {
  it('shows the amount the card was charged, naming the card surcharge inside it', () => {
    expect(paidOnlineText('457.80', 46558)).toBe('Paid online $465.58 (includes the card surcharge of $7.78)');
    expect(paidOnlineText('457.80', 45780)).toBe('Paid online $457.80');
    expect(paidOnlineText('457.80', 0)).toBe('Paid online');
  });
});
