#!/usr/bin/env node
// `npm run cluster`: PostgreSQL, a local S3 stand-in, two app instances and nginx in front, on
// local ports; Ctrl-C stops them all (decision 226). Data stays in .cluster/ between runs.
//   PORT=5000 (nginx), CLUSTER_INSTANCES=2, CLUSTER_DIR=.cluster, CLUSTER_STORAGE=s3|local;
//   any other app setting (ADMIN_USERNAME, ADMIN_PASSWORD, SMTP_URL, ...) is passed to the instances.
import { startCluster } from './lib/cluster-run.mjs';

const say = (line) => console.log(`[cluster] ${line}`);
const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** An instance's JSON log line as one short line; per-request lines stay in .cluster/logs only. */
function readable(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (entry.req || entry.res) return null;
  return `${LEVELS[entry.level] ?? entry.level} ${entry.msg ?? ''}${entry.err ? ` ${entry.err.message}` : ''}`;
}
let cluster;
try {
  cluster = await startCluster({
    dir: process.env.CLUSTER_DIR || undefined,
    port: process.env.PORT ? Number(process.env.PORT) : 5000,
    instances: process.env.CLUSTER_INSTANCES ? Number(process.env.CLUSTER_INSTANCES) : 2,
    storage: process.env.CLUSTER_STORAGE === 'local' ? 'local' : 's3',
    log: say,
    onInstanceLine: (name, line) => {
      const text = readable(line);
      if (text) console.log(`[${name}] ${text}`);
    },
  });
} catch (err) {
  console.error(`[cluster] ${err.message}`);
  process.exit(1);
}

say(
  `Ready: ${cluster.url} (staff dashboard: ${cluster.url}/dashboard), through nginx to ${cluster.instances.map((i) => `${i.name} on :${i.port}`).join(' and ')}`,
);
say(`PostgreSQL: ${cluster.databaseUrl}`);
if (cluster.storageEnv.FILE_STORAGE === 's3')
  say(`Files: S3 stand-in at ${cluster.storageEnv.S3_ENDPOINT} (s3rver, a local stand-in, NOT real S3)`);
say('Card payments are simulated (PAYMENTS_SIMULATED=true). Ctrl-C stops everything.');

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping nginx, the instances (draining), the S3 stand-in and PostgreSQL`);
  await cluster.stop();
  say('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
