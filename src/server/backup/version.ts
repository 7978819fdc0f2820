import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../app-root';

/** The app's name and version from package.json, written into every backup's manifest. */
export function appVersion(): { name: string; version: string } {
  const file = path.join(APP_ROOT, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
