import { describe, expect, it } from 'vitest';
import { runUpgradeDrill } from '../load/upgrade-drill';

/**
 * `npm run drill:upgrade` as the system tests run it (docs/decisions/405-upgrade-drill.md): the
 * cluster from a releases folder under quotes, bookings and dashboard reads through nginx, the
 * real deploy/upgrade.sh to a build with one more expand-only migration, the real deploy/rollback.sh
 * back. A shorter lead-in than the npm script's; the same 2,000 requests at the least.
 */
describe('the upgrade drill', () => {
  it('upgrades and rolls back two instances under load without one failed request or lost booking, and stays on the old release when the new one does not start', async () => {
    const lines: string[] = [];
    const result = await runUpgradeDrill({ rate: 30, minRequests: 2000, leadSeconds: 2, log: (l) => lines.push(l) });
    console.log(
      `${result.line} in ${result.seconds.toFixed(0)} s; p99 ${result.restartP99Ms} ms while an instance was out or restarting; ${result.resent} sent again`,
    );
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    expect(result.requests).toBeGreaterThanOrEqual(2000);
    expect(result.line).toBe(`upgrade drill: ${result.requests} requests, 0 failed`);
    // The load went on through every restart, and every booking acknowledged was kept.
    expect(result.restartRequests).toBeGreaterThan(100);
    expect(result.bookingsAcknowledged).toBeGreaterThan(400);
    expect(result.bookingsStored).toBe(result.bookingsAcknowledged);
    // The real scripts did the work: each instance out of nginx's list, restarted, back; the upgrade
    // to the build that does not start stopped at its first instance and restarted it on the old one.
    const steps = lines
      .map((l) => /(upgrade|rollback)\.sh: Restarting (tyre-booking@\d) on \S+-drill-(\w+)/.exec(l))
      .filter((m) => m !== null)
      .map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(steps).toEqual([
      'upgrade tyre-booking@1 after',
      'upgrade tyre-booking@2 after',
      'upgrade tyre-booking@1 broken',
      'upgrade tyre-booking@1 after',
      'rollback tyre-booking@1 before',
      'rollback tyre-booking@2 before',
    ]);
    expect(
      lines.some((l) => l.includes('upgrade.sh: ERROR: release ') && l.includes('-drill-broken did not start')),
    ).toBe(true);
    // Left as soon as it exited, not after the wait for /healthz (90 s on a server).
    expect(lines.some((l) => l.includes('WARNING: tyre-booking@1 exits at start'))).toBe(true);
    expect(lines.some((l) => /upgrade\.sh: ok +\d{4}_upgrade_drill$/.test(l))).toBe(true);
  });
});
