// A local S3 stand-in (the s3rver package) for tests and the local cluster: never real S3 (decision 220).
//
// As a module:
//   const s3 = await startS3StandIn({ bucket: 'tyres', port: 0, directory: undefined, log: console.log });
//   s3.env   -> FILE_STORAGE, S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
//   s3.endpoint, s3.port, s3.bucket, s3.directory; await s3.stop()
// As a command (runs until Ctrl-C / SIGTERM, prints one JSON line with the env on stdout first):
//   node scripts/lib/s3-stand-in.mjs [--port 4568] [--bucket tyres] [--dir ./data/s3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';

/** s3rver accepts requests signed with these fixed keys. */
const STAND_IN_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver on 127.0.0.1 (a free port unless one is given) with the bucket created. Files live
 * in `directory` (kept on stop) or in a new temporary folder (removed on stop). With `tls` (a key and
 * certificate in PEM) it answers https, for clients that speak only that (pgBackRest, decision 403).
 * @param {{ bucket?: string, port?: number, directory?: string, tls?: { key: string | Buffer, cert: string | Buffer }, log?: (line: string) => void }} [opts]
 */
export async function startS3StandIn(opts = {}) {
  const bucket = opts.bucket ?? 'tyres';
  const ownDirectory = !opts.directory;
  const directory = opts.directory
    ? path.resolve(opts.directory)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-s3-stand-in-'));
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : {}),
  });
  const { port } = await server.run();
  const endpoint = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  opts.log?.(
    `S3 stand-in (s3rver, a local test double, not real S3) serving bucket '${bucket}' at ${endpoint} from ${directory}`,
  );
  return {
    bucket,
    port,
    endpoint,
    directory,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: STAND_IN_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: STAND_IN_KEYS.secretAccessKey,
    },
    async stop() {
      await server.close();
      if (ownDirectory) fs.rmSync(directory, { recursive: true, force: true });
      opts.log?.('S3 stand-in stopped');
    },
  };
}

function argValue(args, name) {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const port = argValue(args, '--port');
  const standIn = await startS3StandIn({
    bucket: argValue(args, '--bucket'),
    port: port ? Number(port) : undefined,
    directory: argValue(args, '--dir'),
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(standIn.env));
  const stop = () => void standIn.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
