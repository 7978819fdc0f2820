import { describe, expect, it } from 'vitest';
import { inVisitOrder, scheduleCounts, SCHEDULE_FILTERS } from './schedule-data';

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
