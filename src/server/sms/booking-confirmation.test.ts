import { describe, expect, it } from 'vitest';
import { bookingConfirmationSms } from './booking-confirmation';
import { replyIntent } from './inbound';

const job = {
  id: 'j1',
  serviceType: 'new-tyres' as const,
  scheduledDay: '2026-11-24',
  timeSlot: '2-4 PM' as const,
  contactPhone: '0412 345 678',
};
const business = { name: 'Mobile Tyre & Battery Co.', phone: '08 5550 1234' };

describe('the booking confirmation text', () => {
  it('says who, what and when, and how to reach the business', () => {
    const text = bookingConfirmationSms({ job, business });
    expect(text).toBe(
      'Mobile Tyre & Battery Co.: your booking is confirmed. New Tyres, Tue 24 Nov, 2 pm - 4 pm (Perth time).\nQuestions? Call 08 5550 1234.',
    );
  });

  it('carries the manage link when there is one, and fits two SMS segments', () => {
    const manageUrl = `https://tyres.example.com.au/booking/${'x'.repeat(43)}`;
    const text = bookingConfirmationSms({ job, business, manageUrl });
    expect(text).toContain(`Change or cancel: ${manageUrl}`);
    expect(text.length).toBeLessThanOrEqual(306);
  });
});

describe('what a reply asks for', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'STOPALL', 'Unsubscribe', 'cancel', 'END', 'quit!'])('"%s" is a STOP', (body) => {
    expect(replyIntent(body)).toBe('stop');
  });
  it.each(['START', 'start', 'Unstop', 'yes'])('"%s" is a START', (body) => {
    expect(replyIntent(body)).toBe('start');
  });
  it.each(['Please stop by at 10', 'Can I cancel?', 'Thanks', ''])('"%s" is neither', (body) => {
    expect(replyIntent(body)).toBeNull();
  });
});
