import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../../src/shared/schemas/auth';

/**
 * `npm run user:create` as a person runs it: its password meets the one rule every chosen password
 * meets (docs/decisions/394-one-password-rule.md), refused before the database is opened.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-user-create-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const userCreate = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm run user:create', () => {
  it.each([
    ['123456', PASSWORD_RULES.tooShort],
    ['1234567890', PASSWORD_RULES.common],
    ['owner-of-the-vans', PASSWORD_RULES.hasUsername],
  ])('refuses the password %j with the message a weak new password gets, and creates nothing', (password, message) => {
    const run = userCreate('--username', 'owner', '--password', password, '--role', 'admin');
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stdout).not.toContain('Created');
    // Refused before the database was opened.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('creates the user when the password meets the rule', () => {
    const run = userCreate('--username', 'owner', '--password', 'tyre-van-42-rockingham', '--role', 'admin');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Created admin 'owner'");
  }, 60_000);
});
