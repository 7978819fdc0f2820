import { describe, expect, it } from 'vitest';
import { perthClockTime } from '../../shared/domain/perth-time';
import { monthsBeforeDay } from './return-visits';
import { unsubscribeHeaders } from './unsubscribe-headers';

describe('the words and dates of the automated messages', () => {
  it("words the arrival time as the job dialog does, in Perth whatever the server's zone", () => {
    expect(perthClockTime(new Date('2026-11-23T02:42:00Z'))).toBe('10:42 am');
    expect(perthClockTime(new Date('2026-11-23T12:05:00Z'))).toBe('8:05 pm');
    expect(perthClockTime(new Date('2026-11-23T04:00:00Z'))).toBe('12:00 pm');
  });

  it('counts return visits back in calendar months', () => {
    expect(monthsBeforeDay('2026-11-23', 6)).toBe('2026-05-23');
    expect(monthsBeforeDay('2026-11-23', 12)).toBe('2025-11-23');
    expect(monthsBeforeDay('2027-01-15', 6)).toBe('2026-07-15');
  });

  it('gives one-click unsubscribe headers to a return-visit reminder only', () => {
    const text = 'To stop these reminders: https://tyres.example/unsubscribe/abcdefghijklmnopqrstuvwxyz012345\n';
    expect(unsubscribeHeaders({ kind: 'return-visit', text })).toEqual({
      'List-Unsubscribe': '<https://tyres.example/unsubscribe/abcdefghijklmnopqrstuvwxyz012345>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribeHeaders({ kind: 'visit-reminder', text })).toBeUndefined();
    expect(unsubscribeHeaders({ kind: 'return-visit', text: 'No link here' })).toBeUndefined();
  });
});
