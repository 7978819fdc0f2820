#!/usr/bin/env node
// `npm run test:pg`: the API suite against a real PostgreSQL server. Uses TEST_DATABASE_URL when
// given; otherwise starts a throwaway cluster from the PostgreSQL binaries on the machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startPgCluster } from './lib/pg-cluster.mjs';

function runSuite(url) {
  const report = 'test-results/api-postgresql.json';
  fs.mkdirSync('test-results', { recursive: true });
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  if (fs.existsSync(report)) {
    const { numPassedTests = 0, numFailedTests = 0 } = JSON.parse(fs.readFileSync(report, 'utf8'));
    console.log(`\nPostgreSQL: ${numPassedTests} passed, ${numFailedTests} failed`);
  }
  return r.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(runSuite(process.env.TEST_DATABASE_URL));

let cluster;
try {
  cluster = await startPgCluster();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
console.log(`Started a throwaway PostgreSQL server (${cluster.binDir})`);
let status = 1;
try {
  status = runSuite(cluster.url);
} finally {
  cluster.stop();
}
process.exit(status);
