import { describe, expect, it } from 'vitest';
import { closureLabel } from './closures';

describe('how a closure is named in lists and the settings history', () => {
  it.each([
    ['2026-12-23', '2026-12-23', 'Away 23 Dec'],
    ['2026-12-23', '2026-12-27', 'Away 23-27 Dec'],
    ['2026-11-30', '2026-12-02', 'Away 30 Nov - 2 Dec'],
    ['2026-12-30', '2027-01-02', 'Away 30 Dec 2026 - 2 Jan 2027'],
  ])('%s to %s reads "%s"', (first, last, label) => {
    expect(closureLabel(first, last)).toBe(label);
  });
});
