// What a build is made from, as one hash, so `npm start` builds only when something changed since the
// last build (docs/decisions/395-newcomer-first-run.md). The hash is over the contents, not the
// times, of every file the build reads; the build writes it to dist/build-info.json when it ends.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every file and folder the build reads, from the app's folder. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/lib',
];

// The build bundles from its entries and never reads a test file: a changed test needs no new build.
const NOT_READ = /\.test\.tsx?$/;

/** The files of BUILD_INPUTS under `root`, as sorted paths relative to it (with `/`). */
export function buildInputFiles(root) {
  const files = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    let stat;
    try {
      stat = fs.statSync(abs);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs)) walk(path.posix.join(rel, name));
    } else if (stat.isFile() && !NOT_READ.test(rel)) files.push(rel);
  };
  for (const input of BUILD_INPUTS) walk(input);
  return files.sort();
}

/** sha256 over every input file's path and contents: the same hash exactly when nothing the build reads changed. */
export function buildInputsHash(root) {
  const hash = createHash('sha256');
  for (const rel of buildInputFiles(root)) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The files a complete build leaves in its folder (build-info.json is written last). */
const BUILT_FILES = ['client/index.html', 'server/entry-server.js', 'server/main.js', 'server/pglite-thread-worker.js'];

/**
 * Whether the build in `outDir` is complete and was made from exactly these inputs: undefined when
 * it is current, otherwise why it is not.
 */
export function whyRebuild(outDir, inputsHash) {
  let info;
  try {
    info = JSON.parse(fs.readFileSync(path.join(outDir, 'build-info.json'), 'utf8'));
  } catch {
    return `${outDir} has no finished build`;
  }
  if (info.mode !== 'production') return `${outDir} holds a ${info.mode ?? 'unknown'} build`;
  const missing = BUILT_FILES.find((f) => !fs.existsSync(path.join(outDir, f)));
  if (missing) return `${outDir}/${missing} is missing`;
  if (info.inputsHash !== inputsHash) return 'the sources changed since the last build';
  return undefined;
}
