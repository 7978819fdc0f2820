import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { TIME_BUDGET } from '../time-budget';

const ROOT = path.resolve(import.meta.dirname, '../..');

// docs/decisions/401-secrets-at-rest.md: a server's own PostgreSQL needs SECRETS_KEY in production.
it('refuses a production start on DATABASE_URL without SECRETS_KEY, saying how to make one', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '1',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/never-opened',
      SECRETS_KEY: '',
      SECRETS_KEY_PREVIOUS: '',
      DATA_DIR: path.join(ROOT, 'data/never-opened'),
    },
    encoding: 'utf8',
    timeout: TIME_BUDGET.apiTestMs,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('SECRETS_KEY: is required in production with DATABASE_URL');
  expect(run.stderr).toContain('`openssl rand -base64 32`');
});
