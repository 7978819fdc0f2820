import { describe, expect, it } from 'vitest';
import { boardColumns, inVisitOrder, jobsIn, scheduleCounts, SCHEDULE_FILTERS } from './schedule-data';

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
    expect(scheduleCounts(jobs, [{ isActive: true }, { isActive: false }, { isActive: true }])).toEqual({
      total: 6,
      unassigned: 1,
      activeTechnicians: 2,
      completed: 3,
    });
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

describe('the schedule board', () => {
  const technicians = [
    { id: 't1', username: 'alice', isActive: true },
    { id: 't2', username: 'bob', isActive: false },
    { id: 't3', username: 'cara', isActive: true },
  ];
  it('has a column per active technician, an inactive one only while they hold a job that day, and Unassigned last', () => {
    expect(boardColumns([], technicians)).toEqual([
      { id: 't1', name: 'alice' },
      { id: 't3', name: 'cara' },
      { id: null, name: 'Unassigned' },
    ]);
    expect(
      boardColumns([{ technician: { id: 't2', username: 'bob' } }, { technician: null }], technicians).map(
        (c) => c.name,
      ),
    ).toEqual(['alice', 'cara', 'bob (inactive)', 'Unassigned']);
  });

  it('puts each job in its slot and its technician, or Unassigned', () => {
    const jobs = [
      { id: 'a', timeSlot: '8-10 AM', assignedTechnicianId: 't1' },
      { id: 'b', timeSlot: '8-10 AM', assignedTechnicianId: null },
      { id: 'c', timeSlot: '12-2 PM', assignedTechnicianId: 't1' },
    ] as const;
    expect(jobsIn(jobs, '8-10 AM', { id: 't1', name: 'alice' }).map((j) => j.id)).toEqual(['a']);
    expect(jobsIn(jobs, '8-10 AM', { id: null, name: 'Unassigned' }).map((j) => j.id)).toEqual(['b']);
    expect(jobsIn(jobs, '10-12 AM', { id: 't1', name: 'alice' })).toEqual([]);
  });
});
