import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIME_BUDGET } from '../time-budget';

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
      timeout: TIME_BUDGET.apiTestMs,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TEST_CLOCK_START: is a test-only setting and is refused when NODE_ENV=production');
  });

  // docs/decisions/394-one-password-rule.md: the first admin's password meets the rule every chosen password meets.
  it.each([
    ['123456', 'Password must be at least 10 characters'],
    ['1234567890', 'That password is one of the most common ones: choose one that is harder to guess'],
  ])(
    'refuses a weak ADMIN_PASSWORD (%j) before serving, with the message a weak new password gets',
    (password, message) => {
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-weak-admin-')), 'data');
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          ADMIN_USERNAME: 'owner',
          ADMIN_PASSWORD: password,
          PORT: '1',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`ADMIN_PASSWORD: ${message}`);
      // Refused before the database was opened: nothing was created.
      expect(fs.existsSync(dataDir)).toBe(false);
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  );
});
