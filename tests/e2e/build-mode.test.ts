import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertProductionBundle } from '../../src/server/site/serve';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { rawGet } from '../helpers/raw-get';

const ROOT = path.resolve(import.meta.dirname, '../..');
const suiteBuild = path.join(ROOT, process.env.WEB_DIST_DIR || 'dist');
const buildInfo = (dir: string) => {
  const file = path.join(dir, 'build-info.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
};
// `npm test` makes its one build under NODE_ENV=development (scripts/test.mjs), so that build is the
// case to prove; run alone after another build, the test makes its own copy that way (inside the
// project, so the server bundle finds node_modules; docs/decisions/391-check-loop-budget.md).
const ownBuild = buildInfo(suiteBuild)?.shellNodeEnv !== 'development';
const out = ownBuild ? fs.mkdtempSync(path.join(ROOT, '.dist-build-mode-')) : suiteBuild;
let app: BuiltApp | undefined;

afterAll(async () => {
  await app?.stop();
  if (ownBuild) fs.rmSync(out, { recursive: true, force: true });
});

describe('the build is for production whatever the shell says (decision 186)', () => {
  it('builds under NODE_ENV=development and the production server renders the home page', async () => {
    if (ownBuild)
      execFileSync(process.execPath, ['scripts/build.mjs'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'development', WEB_DIST_DIR: out },
        stdio: 'ignore',
      });
    expect(buildInfo(out)).toMatchObject({ mode: 'production', shellNodeEnv: 'development' });
    app = await startBuiltApp({ WEB_DIST_DIR: out });
    const res = await fetch(`${app.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1');
  });

  it('sends each script as compressed once by the build, brotli or gzip as the browser asks, and keeps those copies out of the offline list', async () => {
    const assets = path.join(out, 'client', 'assets');
    const script = fs
      .readdirSync(assets)
      .find((f) => f.endsWith('.js') && fs.statSync(path.join(assets, f)).size > 10_000)!;
    const asked = [
      ['br, gzip', `${script}.br`, 'br'],
      ['gzip', `${script}.gz`, 'gzip'],
      ['identity', script, undefined],
    ] as const;
    for (const [acceptEncoding, file, encoding] of asked) {
      const res = await rawGet(`${app!.baseUrl}/assets/${script}`, acceptEncoding);
      expect(res.encoding).toBe(encoding);
      expect(res.body.equals(fs.readFileSync(path.join(assets, file))), `${acceptEncoding}: the bytes of ${file}`).toBe(
        true,
      );
    }
    expect(fs.readFileSync(path.join(out, 'client', 'sw.js'), 'utf8')).not.toMatch(/\.(br|gz)["'`]/);
  });

  it('refuses to serve a bundle that is not a production build, saying what to do', () => {
    const dev = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-devdist-'));
    fs.mkdirSync(path.join(dev, 'client'), { recursive: true });
    fs.writeFileSync(path.join(dev, 'client', 'index.html'), '<html></html>');
    expect(() => assertProductionBundle(dev)).toThrow(/not a production build .*run npm run build/);
    fs.writeFileSync(path.join(dev, 'build-info.json'), '{"mode":"development"}');
    expect(() => assertProductionBundle(dev)).toThrow(/says mode development/);
    fs.rmSync(dev, { recursive: true, force: true });
  });
});
