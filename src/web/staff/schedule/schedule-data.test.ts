import { describe, expect, it } from 'vitest';
import { dayRouteUrl, inVisitOrder, scheduleCounts, SCHEDULE_FILTERS, stopAddress } from './schedule-data';

describe('the schedule filter', () => {
  it('offers pending, confirmed, in progress and completed, never cancelled', () => {
    expect(SCHEDULE_FILTERS).toEqual(['pending', 'confirmed', 'in_progress', 'completed']);
  });
});

describe('scheduleCounts', () => {
  it('counts live jobs, the unassigned ones still to do, active technicians and completed jobs', () => {
    const jobs = [
      { status: 'new', assignedTechnicianId: null },
      { status: 'new', assignedTechnicianId: 't1' },
      { status: 'in-progress', assignedTechnicianId: 't1' },
      { status: 'completed', assignedTechnicianId: null },
      { status: 'invoiced', assignedTechnicianId: 't2' },
      { status: 'paid', assignedTechnicianId: 't2' },
      { status: 'cancelled', assignedTechnicianId: null },
    ] as const;
    expect(scheduleCounts(jobs, [{ isActive: true }, { isActive: false }, { isActive: true }])).toEqual({ total: 6, unassigned: 1, activeTechnicians: 2, completed: 3 });
  });
});

describe('inVisitOrder', () => {
  it('sorts by day, then by slot start (not by the slot text)', () => {
    const jobs = [
      { id: 'c', scheduledDay: '2026-11-24', timeSlot: '8-10 AM' },
      { id: 'b', scheduledDay: '2026-11-23', timeSlot: '2-4 PM' },
      { id: 'a', scheduledDay: '2026-11-23', timeSlot: '10-12 AM' },
      { id: 'x', scheduledDay: '2026-11-23', timeSlot: '8-10 AM' },
    ] as const;
    expect(inVisitOrder(jobs).map((j) => j.id)).toEqual(['x', 'a', 'b', 'c']);
  });
});

describe('dayRouteUrl', () => {
  const stop = (address: string, suburb: string, postcode: string) => ({ address, suburb, postcode });

  it('gives no link for a day without stops', () => {
    expect(dayRouteUrl([])).toBeNull();
  });

  it('goes straight to a single stop', () => {
    const url = new URL(dayRouteUrl([stop('12 Example Street', 'Joondalup', '6027')])!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ api: '1', destination: '12 Example Street, Joondalup WA 6027', travelmode: 'driving' });
  });

  it('passes the earlier stops as waypoints in order and ends at the last', () => {
    const url = new URL(dayRouteUrl([stop('1 First Rd', 'Mandurah', '6210'), stop('2 Second St', 'Baldivis', '6171'), stop('3 Third Ave', 'Rockingham', '6168')])!);
    expect(url.searchParams.get('waypoints')).toBe('1 First Rd, Mandurah WA 6210|2 Second St, Baldivis WA 6171');
    expect(url.searchParams.get('destination')).toBe('3 Third Ave, Rockingham WA 6168');
  });

  it('does not repeat a suburb the address already names', () => {
    expect(stopAddress(stop('5 Mail Street, Rockingham', 'Rockingham', '6168'))).toBe('5 Mail Street, Rockingham 6168');
  });
});
