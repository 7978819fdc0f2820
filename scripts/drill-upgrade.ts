/**
 * npm run drill:upgrade (docs/deploying.md "The upgrade drill", docs/decisions/405-upgrade-drill.md):
 * the cluster under a steady load of quotes, bookings and dashboard reads through nginx, upgraded by
 * deploy/upgrade.sh to a build with one more migration and rolled back by deploy/rollback.sh.
 * Prints `upgrade drill: R requests, F failed`; exits 1 unless F is 0 and R at least DRILL_REQUESTS.
 *
 *   npm run drill:upgrade
 *   DRILL_RATE=40 DRILL_REQUESTS=3000 DRILL_LEAD_SECONDS=10 npm run drill:upgrade
 *   DRILL_VERBOSE=1 npm run drill:upgrade      # every step of the scripts and the cluster
 *   DRILL_KEEP=1 npm run drill:upgrade         # on a failure, keep the folder with nginx's and the instances' logs
 */
import { runUpgradeDrill } from '../tests/load/upgrade-drill';

const rate = Number(process.env.DRILL_RATE ?? 30);
const minRequests = Number(process.env.DRILL_REQUESTS ?? 2000);
const leadSeconds = Number(process.env.DRILL_LEAD_SECONDS ?? 5);
const verbose = process.env.DRILL_VERBOSE === '1';

const result = await runUpgradeDrill({
  rate,
  minRequests,
  leadSeconds,
  keepFolderOnFailure: process.env.DRILL_KEEP === '1',
  log: (line) => {
    if (verbose || !line.startsWith('  ')) console.log(`[drill] ${line}`);
  },
});
console.log(
  `[drill] ${result.seconds.toFixed(0)} s in all; upgrade ${result.upgradeSeconds.toFixed(1)} s, rollback ${result.rollbackSeconds.toFixed(1)} s; ` +
    `${result.restartRequests} requests while an instance was out or restarting, p99 ${result.restartP99Ms} ms (the rest: p99 ${result.steadyP99Ms} ms); ` +
    `${result.bookingsStored} of ${result.bookingsAcknowledged} acknowledged bookings stored; ${result.resent} sent again on a new connection (nginx's reload closed their idle one)`,
);
for (const failure of result.failures) console.log(`[drill] failed: ${failure}`);
console.log(result.line);
process.exit(result.failed === 0 && result.requests >= minRequests ? 0 : 1);
