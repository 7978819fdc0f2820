import { describe, expect, it } from 'vitest';
import {
  arrivalSmsBody,
  dialableNumber,
  directionsHref,
  jobEmailBody,
  mailtoHref,
  offersArrivalText,
  smsHref,
} from './contact-links';

const job = {
  jobNumber: 'JOB-10001',
  serviceType: 'puncture-repair' as const,
  scheduledDay: '2026-11-24',
  timeSlot: '10-12 AM',
  address: '12 Example Street',
  suburb: 'Mandurah',
  postcode: '6210',
  customerValue: '129.8',
  customer: { name: 'Sam Driver', email: 'sam@example.com' },
  vehicle: { make: 'Toyota', model: 'Corolla', year: 2018, registration: '1ABC234' },
};

describe('the arrival text message', () => {
  it('is offered only while the job is in progress', () => {
    expect(offersArrivalText({ status: 'in-progress' })).toBe(true);
    for (const status of ['new', 'completed', 'invoiced', 'paid', 'cancelled'])
      expect(offersArrivalText({ status })).toBe(false);
  });

  it('gives the arrival time as now plus 30 minutes in Perth time', () => {
    // 01:40 UTC = 9:40 am Perth; plus 30 minutes = 10:10 am.
    const body = arrivalSmsBody(job, 'Mobile Tyre & Battery Co.', new Date('2026-11-23T01:40:00Z'));
    expect(body).toBe(
      'Hi Sam, this is Mobile Tyre & Battery Co. Your technician is on the way for job JOB-10001 and should arrive at about 10:10 am.',
    );
  });

  it('crosses noon and the Perth date line correctly', () => {
    expect(arrivalSmsBody(job, 'X', new Date('2026-11-23T03:45:00Z'))).toContain('about 12:15 pm.');
    // 15:50 UTC is 11:50 pm in Perth; 30 minutes later is 12:20 am.
    expect(arrivalSmsBody(job, 'X', new Date('2026-11-23T15:50:00Z'))).toContain('about 12:20 am.');
  });

  it('greets without a name when there is none', () => {
    expect(arrivalSmsBody({ ...job, customer: { name: '  ' } }, 'X', new Date('2026-11-23T01:40:00Z'))).toMatch(
      /^Hi, this is X\./,
    );
  });

  it('is a link both iPhone and Android read: sms:{number}?&body= with the body percent-encoded', () => {
    const href = smsHref('0400 111 222', 'Hi Sam & co, 10:10 am? 100% + more');
    expect(href).toBe('sms:0400111222?&body=Hi%20Sam%20%26%20co%2C%2010%3A10%20am%3F%20100%25%20%2B%20more');
    // The body reads back exactly: an `&` or `+` in it never splits or changes it.
    const body = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('body');
    expect(body).toBe('Hi Sam & co, 10:10 am? 100% + more');
  });

  it('dials digits and a leading plus only', () => {
    expect(dialableNumber('+61 400 111 222')).toBe('+61400111222');
    expect(dialableNumber('(08) 5550-1234')).toBe('0855501234');
  });
});

describe('the email link', () => {
  it('carries the job details, one per line', () => {
    const body = jobEmailBody(job, { name: 'Mobile Tyre & Battery Co.', phone: '08 5550 1234' });
    expect(body.split('\n')).toEqual([
      'Hi Sam,',
      '',
      'Here are the details of your booking JOB-10001:',
      'Service: Puncture Repair',
      'Visit: Tue 24 Nov, 10 am - 12 pm (Perth time)',
      'Address: 12 Example Street, Mandurah WA 6210',
      'Vehicle: 2018 Toyota Corolla (1ABC234)',
      'Price: $129.80',
      '',
      'Kind regards,',
      'Mobile Tyre & Battery Co.',
      '08 5550 1234',
    ]);
  });

  it('leaves out a missing vehicle and price', () => {
    const body = jobEmailBody({ ...job, vehicle: null, customerValue: null }, { name: 'X', phone: '' });
    expect(body).not.toContain('Vehicle:');
    expect(body).not.toContain('Price:');
  });

  it('encodes subject and body, with CRLF line breaks (RFC 6068)', () => {
    expect(mailtoHref(' sam@example.com ', 'Booking JOB-10001', 'Line one\nA & B')).toBe(
      'mailto:sam@example.com?subject=Booking%20JOB-10001&body=Line%20one%0D%0AA%20%26%20B',
    );
  });
});

describe('map directions', () => {
  it('opens Google Maps directions to the full address', () => {
    const href = directionsHref(job);
    expect(href.startsWith('https://www.google.com/maps/dir/?api=1&destination=')).toBe(true);
    expect(new URL(href).searchParams.get('destination')).toBe('12 Example Street, Mandurah WA 6210, Australia');
  });
});
