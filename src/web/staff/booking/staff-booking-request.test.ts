import { describe, expect, it } from 'vitest';
import { adminBookingForm, staffBookingRequest } from '../../../shared/schemas/booking';
import { toStaffBookingRequest } from './staff-booking-request';

const base = {
  date: '2030-03-05',
  timeSlot: '10-12 AM',
  serviceType: 'new-tyres',
  customerName: 'Sam Driver',
  customerPhone: '0400 000 000',
  customerEmail: 'sam@example.com',
  make: 'Toyota',
  model: 'Corolla',
  year: '2018',
  color: 'Blue',
  registration: '1abc234',
  address: '12 Example Street',
  suburb: 'Mandurah',
  postcode: '6210',
  paymentMethod: 'onsite',
  tyreWidth: '205',
  aspectRatio: '55',
  rimSize: '16',
  quantity: 4,
  tyreBrand: 'Michelin',
  notes: '',
};

describe('admin booking request', () => {
  it('sends the slot start as the scheduled time, the full size, colour and the estimate', () => {
    const body = toStaffBookingRequest(adminBookingForm.parse(base), 70980);
    expect(body.job.scheduledDate).toBe('2030-03-05T02:00:00.000Z');
    expect(body.job.tyreSize).toBe('205/55R16');
    expect(body.job.tyreQuantity).toBe(4);
    expect(body.job.customerValue).toBe('709.80');
    expect(body.vehicle).toMatchObject({ color: 'Blue', registration: '1ABC234' });
    expect(body.job.notes).toBeNull();
    expect(staffBookingRequest.safeParse(body).success).toBe(true);
  });

  it('leaves the size out unless all three parts are given, and tyre fields for other services', () => {
    expect(toStaffBookingRequest(adminBookingForm.parse({ ...base, rimSize: '' }), 0).job.tyreSize).toBeNull();
    const puncture = toStaffBookingRequest(
      adminBookingForm.parse({ ...base, serviceType: 'puncture-repair' }),
      12980,
    ).job;
    expect(puncture).toMatchObject({ tyreSize: null, tyreQuantity: null, tyreBrand: null, customerValue: '129.80' });
  });
});
