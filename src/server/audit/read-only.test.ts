import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listContracts } from '../../shared/contracts';

/**
 * Nothing but appendAudit writes the audit log, and no route can change it
 * (docs/decisions/303-one-audit-log-every-history-a-view.md): checked over every API contract and
 * every server source file, so an operation or a write added later fails here.
 */
const serverDir = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the audit log is read-only to the API', () => {
  const all = listContracts();

  it('every operation of the audit area is a GET', () => {
    const audit = all.filter((c) => c.area === 'audit');
    expect(audit.length).toBeGreaterThan(0);
    expect(
      audit.filter((c) => c.contract.method !== 'GET').map((c) => `${c.contract.method} ${c.contract.path}`),
    ).toEqual([]);
  });

  it('no operation anywhere writes under the audit path or says it changes the audit area', () => {
    const writers = all.filter(
      ({ contract }) =>
        contract.method !== 'GET' &&
        (contract.path.startsWith('/api/admin/audit') || contract.affects?.includes('audit')),
    );
    expect(writers.map((c) => `${c.contract.method} ${c.contract.path}`)).toEqual([]);
  });

  it('only audit/log.ts inserts into the table, and no source updates, deletes or truncates it', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(serverDir)) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(serverDir, file);
      if (
        /\.(update|delete)\(\s*auditLog\s*\)/.test(text) ||
        /(update|delete\s+from|truncate)\s+(table\s+)?"?audit_log"?/i.test(text)
      )
        offenders.push(`${relative} changes it`);
      if (/\.insert\(\s*auditLog\s*\)/.test(text) && relative !== path.join('audit', 'log.ts'))
        offenders.push(`${relative} inserts into it`);
    }
    expect(offenders).toEqual([]);
  });
});
