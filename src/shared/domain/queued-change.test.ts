import { describe, expect, it } from 'vitest';
import { decodeJobSeen, encodeJobSeen, IDEMPOTENCY_KEY_RE } from './queued-change';

// The job as a technician saw it travels in a header (docs/decisions/346-office-wins-over-queued-changes.md).
describe('the job as the technician saw it', () => {
  it('comes back as it was sent, with or without a technician', () => {
    const seen = {
      scheduledDay: '2026-12-01',
      timeSlot: '10-12 AM',
      technicianId: '5b0c6f1e-8a57-4c38-9a8e-0d3c1b2a4f6e',
    } as const;
    expect(decodeJobSeen(encodeJobSeen(seen))).toEqual(seen);
    expect(decodeJobSeen(encodeJobSeen({ ...seen, technicianId: null }))).toEqual({ ...seen, technicianId: null });
    expect(encodeJobSeen(seen)).not.toMatch(/[\s;]/);
  });

  it('refuses a day, slot or shape that is not one', () => {
    for (const bad of [
      '',
      'yesterday',
      encodeURIComponent('2026-02-30;10-12 AM;'),
      encodeURIComponent('2026-12-01;9-11 AM;'),
      encodeURIComponent('2026-12-01;10-12 AM'),
      '%E0%A4%A',
    ]) {
      expect(decodeJobSeen(bad), bad).toBeNull();
    }
  });

  it('takes a UUID as the idempotency key, nothing else', () => {
    expect(IDEMPOTENCY_KEY_RE.test('5b0c6f1e-8a57-4c38-9a8e-0d3c1b2a4f6e')).toBe(true);
    expect(IDEMPOTENCY_KEY_RE.test('5b0c6f1e8a574c389a8e0d3c1b2a4f6e')).toBe(false);
    expect(IDEMPOTENCY_KEY_RE.test("'; drop table jobs; --")).toBe(false);
  });
});
