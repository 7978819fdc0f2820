import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'mobile-tyre-booking';

function isAppRoot(dir: string): boolean {
  try {
    return (
      (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === PACKAGE_NAME
    );
  } catch {
    return false;
  }
}

/**
 * The app's folder (package.json, drizzle/, dist/, index.html): the first folder above this module
 * that holds the app's package.json. The same answer from the TypeScript source
 * (src/server/app-root.ts) and from the compiled server (dist/server/main.js), where a fixed
 * "../../.." would point elsewhere (docs/decisions/339-production-runs-the-compiled-server.md).
 * A server compiled into another folder (WEB_DIST_DIR) is run from the app's folder: the working directory.
 */
export function appRootFrom(moduleUrl: string, cwd = process.cwd()): string {
  for (let dir = path.dirname(fileURLToPath(moduleUrl)); ; ) {
    if (isAppRoot(dir)) return dir;
    const up = path.dirname(dir);
    if (up === dir) return cwd;
    dir = up;
  }
}

export const APP_ROOT = appRootFrom(import.meta.url);
