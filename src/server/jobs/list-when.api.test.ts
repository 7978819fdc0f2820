import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobListItem } from '../../shared/schemas/jobs';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';

// The jobs tab lands on today (Perth), then what is coming; the past only on request (decision 342).
let t: TestApp;
let tech: { user: { id: string }; cookie: string };
const numbers: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_7AM_PERTH); // Monday 23 November 2026, 7 am in Perth
  tech = await signedInStaff(t, { role: 'technician' });
  const visits = [
    ['friday', '2026-11-20', '10-12 AM'],
    ['sunday', '2026-11-22', '8-10 AM'],
    ['today-afternoon', '2026-11-23', '2-4 PM'],
    ['today-morning', '2026-11-23', '8-10 AM'],
    ['tuesday', '2026-11-24', '12-2 PM'],
    ['thursday', '2026-11-26', '8-10 AM'],
  ] as const;
  for (const [name, scheduledDay, timeSlot] of visits) {
    numbers[name] = (await insertJob(t.db, { scheduledDay, timeSlot, assignedTechnicianId: tech.user.id })).jobNumber;
  }
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs?${query}`,
    headers: { cookie: tech.cookie },
  });
  return { status: res.statusCode, body: res.json(), total: res.headers['x-total-count'] };
}
const named = (items: JobListItem[]) => items.map((j) => Object.keys(numbers).find((k) => numbers[k] === j.jobNumber));

describe('the jobs list by when', () => {
  it("upcoming starts with today's first visit and goes forward", async () => {
    const res = await list('when=upcoming');
    expect(res.status).toBe(200);
    expect(named(res.body)).toEqual(['today-morning', 'today-afternoon', 'tuesday', 'thursday']);
    expect(res.total).toBe('4');
  });

  it('past holds only the days before today, latest first', async () => {
    const res = await list('when=past');
    expect(named(res.body)).toEqual(['sunday', 'friday']);
  });

  it('pages the upcoming list in the same order', async () => {
    const second = await list('when=upcoming&page=2&pageSize=3');
    expect(named(second.body)).toEqual(['thursday']);
  });

  it('without when, every visit comes latest first as before', async () => {
    const res = await list('');
    expect(named(res.body)).toEqual(['thursday', 'tuesday', 'today-afternoon', 'today-morning', 'sunday', 'friday']);
  });

  it('refuses an unknown when with 400 naming the field', async () => {
    const res = await list('when=tomorrow');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('When must be upcoming or past');
  });
});
