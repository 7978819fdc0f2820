import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('server start-up', () => {
  it('refuses to start in production with the test-only clock, saying which setting to remove', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        TEST_CLOCK_START: '2026-11-22T23:00:00Z',
        PORT: '1',
        DATABASE_URL: '',
        DATA_DIR: path.join(ROOT, 'data/never-opened'),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TEST_CLOCK_START: is a test-only setting and is refused when NODE_ENV=production');
  });
});
