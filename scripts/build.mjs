#!/usr/bin/env node
// Builds the browser bundle, the server-side render entry and the compiled server into
// WEB_DIST_DIR (default ./dist); `npm start` runs dist/server/main.js.
// Always a production bundle, whatever NODE_ENV the shell has: a development bundle served in
// production renders nothing (React's development JSX runtime is not in the production server).
//
// `--if-changed` (what `npm start` runs first) skips the build when the last one is complete and
// nothing it reads has changed since (scripts/lib/build-inputs.mjs). The build prints a few lines;
// Vite's own output is shown when it fails, or when it warns (docs/decisions/395-newcomer-first-run.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildInputsHash, whyRebuild } from './lib/build-inputs.mjs';
import { buildServer } from './lib/build-server.mjs';
import { precompressDir } from './lib/precompress.mjs';

const root = process.cwd();
const out = process.env.WEB_DIST_DIR || 'dist';
const ifChanged = process.argv.includes('--if-changed');
// Hashed before anything is built, so a file changed while the build runs makes the next start build again.
const inputsHash = buildInputsHash(root);

if (ifChanged) {
  const why = whyRebuild(out, inputsHash);
  if (!why) {
    console.log(`Build: ${out}/ is up to date with the sources, not rebuilt (npm run build forces one).`);
    process.exit(0);
  }
  console.log(`Build: ${why}; building into ${out}/ ...`);
}

const env = {
  ...process.env,
  NODE_ENV: 'production',
  // Vite warns that the config's extensionless imports will not suit its future native config loader;
  // the bundled loader it uses today reads them, as every file of this project is written.
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
};

/** One `vite build`, quiet: its output is printed only when it fails or warns. */
function vite(what, args) {
  const started = Date.now();
  const run = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--logLevel', 'warn', ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    process.stdout.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
    console.error(`Build failed: ${what} (vite build exited with ${run.status ?? run.signal ?? run.error}).`);
    process.exit(1);
  }
  if (run.stderr?.trim()) process.stderr.write(run.stderr);
  return Date.now() - started;
}

/** The commit built: BUILD_COMMIT (a release exported without .git, docs/deploying.md), else git's. */
function sourceCommit() {
  if (/^[0-9a-f]{40}$/.test(process.env.BUILD_COMMIT ?? '')) return process.env.BUILD_COMMIT;
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  return git.status === 0 && /^[0-9a-f]{40}$/.test(git.stdout.trim()) ? git.stdout.trim() : null;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = Date.now();
// Gone until the build is complete: a build that stops half-way is never taken for a finished one.
fs.rmSync(path.join(out, 'build-info.json'), { force: true });
const clientMs = vite('the browser bundle', ['--outDir', `${out}/client`, '--emptyOutDir']);
// After the service worker's list of files is written, so the compressed copies are not in it.
const compressStarted = Date.now();
const compressed = precompressDir(path.join(out, 'client', 'assets'));
console.log(
  `Built the browser bundle into ${out}/client in ${seconds(clientMs)}, compressed ${compressed} of its files in ${seconds(Date.now() - compressStarted)}`,
);
const ssrMs = vite('the server render entry', [
  '--ssr',
  'src/web/entry-server.tsx',
  '--outDir',
  `${out}/server`,
  '--emptyOutDir',
]);
console.log(`Built the server render entry into ${out}/server in ${seconds(ssrMs)}`);
// After the render entry, whose build empties the folder they share.
await buildServer(path.join(out, 'server'));
// The server checks this before serving the bundle (src/server/site/serve.ts); `--if-changed` compares its inputsHash.
fs.writeFileSync(
  path.join(out, 'build-info.json'),
  JSON.stringify(
    // shellNodeEnv: the NODE_ENV the build was asked under, which the build-mode test reads (decision 186);
    // commit: what Settings → System shows as the version (decision 400).
    {
      mode: 'production',
      shellNodeEnv: process.env.NODE_ENV ?? null,
      builtAt: new Date().toISOString(),
      commit: sourceCommit(),
      inputsHash,
    },
    null,
    2,
  ) + '\n',
);
console.log(`Build done in ${seconds(Date.now() - started)}.`);
