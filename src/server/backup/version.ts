import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app's name and version from package.json, written into every backup's manifest. */
export function appVersion(): { name: string; version: string } {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
