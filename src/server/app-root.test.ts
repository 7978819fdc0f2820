import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_ROOT, appRootFrom } from './app-root';

/** The app's folder is found the same from the TypeScript source and from the compiled server. */
describe("the app's folder", () => {
  it('holds the migrations and package.json, seen from the source', () => {
    expect(fs.existsSync(path.join(APP_ROOT, 'drizzle', 'meta', '_journal.json'))).toBe(true);
    expect(APP_ROOT).toBe(path.resolve(import.meta.dirname, '../..'));
  });

  it('is the same seen from the compiled server in dist/server, one folder less deep than the source', () => {
    expect(appRootFrom(pathToFileURL(path.join(APP_ROOT, 'dist', 'server', 'main.js')).href)).toBe(APP_ROOT);
    expect(appRootFrom(pathToFileURL(path.join(APP_ROOT, 'src', 'server', 'db', 'client.ts')).href)).toBe(APP_ROOT);
  });

  it("is the working directory for a server compiled outside the app's folder (WEB_DIST_DIR elsewhere)", () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-dist-'));
    try {
      // Another project's package.json on the way up is not the app's.
      fs.writeFileSync(path.join(elsewhere, 'package.json'), JSON.stringify({ name: 'something-else' }));
      expect(appRootFrom(pathToFileURL(path.join(elsewhere, 'server', 'main.js')).href, '/srv/tyre-booking')).toBe(
        '/srv/tyre-booking',
      );
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
