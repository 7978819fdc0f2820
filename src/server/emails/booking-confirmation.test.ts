import { describe, expect, it } from 'vitest';
import { buildVisitIcs } from './booking-confirmation';

describe('buildVisitIcs text escaping', () => {
  const ics = (location: string, description = 'Visit') =>
    buildVisitIcs({ uid: 'job-1@example.com', start: new Date('2026-11-24T02:00:00.000Z'), now: new Date('2026-11-22T23:00:00.000Z'), summary: 'Puncture Repair', location, description });

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
