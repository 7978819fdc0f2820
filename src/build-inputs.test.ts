import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInputFiles, buildInputsHash, whyRebuild } from '../scripts/lib/build-inputs.mjs';

/**
 * `npm start` builds only when something the build reads changed since the last build
 * (docs/decisions/395-newcomer-first-run.md): a hash of the inputs, kept in dist/build-info.json.
 */
const BUILD_SCRIPT = path.resolve(import.meta.dirname, '../scripts/build.mjs');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A small app folder: a few sources, and optionally a finished build of them in dist/. */
function appFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-build-inputs-'));
  roots.push(root);
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('src/web/app.tsx', 'export const App = () => null;\n');
  write('src/server/main.ts', 'console.log("hi");\n');
  write('src/server/main.test.ts', 'test("x", () => {});\n');
  write('public/favicon.svg', '<svg/>');
  write('index.html', '<html></html>');
  write('package-lock.json', '{}');
  write('README.md', '# not read by the build');
  return root;
}

function finishedBuild(root: string, inputsHash = buildInputsHash(root)) {
  const dist = path.join(root, 'dist');
  for (const rel of [
    'client/index.html',
    'server/entry-server.js',
    'server/main.js',
    'server/pglite-thread-worker.js',
  ]) {
    fs.mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    fs.writeFileSync(path.join(dist, rel), '');
  }
  fs.writeFileSync(path.join(dist, 'build-info.json'), JSON.stringify({ mode: 'production', inputsHash }));
  return dist;
}

describe('the build inputs hash', () => {
  it('is the same while nothing the build reads changes, and differs when a source does', () => {
    const root = appFolder();
    const first = buildInputsHash(root);
    expect(buildInputsHash(root)).toBe(first);
    // Not read by the build: a test file, the README.
    fs.appendFileSync(path.join(root, 'src/server/main.test.ts'), '// more\n');
    fs.appendFileSync(path.join(root, 'README.md'), 'more\n');
    expect(buildInputsHash(root)).toBe(first);
    expect(buildInputFiles(root)).not.toContain('src/server/main.test.ts');

    fs.appendFileSync(path.join(root, 'src/web/app.tsx'), '// changed\n');
    const changed = buildInputsHash(root);
    expect(changed).not.toBe(first);
    // A new file, a renamed one and the lock file count too.
    fs.writeFileSync(path.join(root, 'src/web/new.ts'), '');
    expect(buildInputsHash(root)).not.toBe(changed);
    const withNew = buildInputsHash(root);
    fs.renameSync(path.join(root, 'src/web/new.ts'), path.join(root, 'src/web/renamed.ts'));
    expect(buildInputsHash(root)).not.toBe(withNew);
    const renamed = buildInputsHash(root);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(buildInputsHash(root)).not.toBe(renamed);
  });

  it('calls a finished build of the same inputs current, and says why any other is not', () => {
    const root = appFolder();
    const dist = finishedBuild(root);
    const hash = buildInputsHash(root);
    expect(whyRebuild(dist, hash)).toBeUndefined();

    fs.appendFileSync(path.join(root, 'src/server/main.ts'), '// changed\n');
    expect(whyRebuild(dist, buildInputsHash(root))).toBe('the sources changed since the last build');

    fs.rmSync(path.join(dist, 'server/main.js'));
    expect(whyRebuild(dist, hash)).toMatch(/server\/main\.js is missing/);
    fs.rmSync(path.join(dist, 'build-info.json'));
    expect(whyRebuild(dist, hash)).toMatch(/has no finished build/);
    fs.writeFileSync(path.join(dist, 'build-info.json'), JSON.stringify({ mode: 'development', inputsHash: hash }));
    expect(whyRebuild(dist, hash)).toMatch(/development build/);
  });

  it('makes `build.mjs --if-changed` (what npm start runs first) skip a current build, without running Vite', () => {
    const root = appFolder();
    const dist = finishedBuild(root);
    const before = fs.readFileSync(path.join(dist, 'build-info.json'), 'utf8');
    const run = spawnSync(process.execPath, [BUILD_SCRIPT, '--if-changed'], {
      cwd: root,
      env: { ...process.env, WEB_DIST_DIR: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('dist/ is up to date with the sources, not rebuilt');
    expect(fs.readFileSync(path.join(dist, 'build-info.json'), 'utf8')).toBe(before);
  });
});
