#!/usr/bin/env node
// `npm run test:pg`: the API suite against a real PostgreSQL server. Uses TEST_DATABASE_URL when
// given; otherwise starts a throwaway cluster from the PostgreSQL binaries on the machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { startPgCluster } from './lib/pg-cluster.mjs';

function runSuite(url) {
  const report = 'test-results/api-postgresql.json';
  fs.mkdirSync('test-results', { recursive: true });
  const args = [
    'run',
    '--project',
    'api',
    ...process.argv.slice(2),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  // With NODE24 naming a Node.js 24 binary (CI), the suite runs on the documented runtime (decision 341).
  const [cmd, cmdArgs] = process.env.NODE24
    ? [process.env.NODE24, ['node_modules/vitest/vitest.mjs', ...args]]
    : ['npx', ['vitest', ...args]];
  const r = spawnSync(cmd, cmdArgs, {
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
