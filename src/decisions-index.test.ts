import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDecisionsIndex, DECISIONS_DIR, INDEX_FILE, REGENERATE } from '../scripts/decisions-index';

/** docs/decisions/README.md lists every record with its status (docs/decisions/270-decision-records-index.md). */
describe('the decisions index', () => {
  it('is what `npm run decisions:index` writes from the records as they are', () => {
    const { index, problems } = buildDecisionsIndex();
    expect(problems, `Fix these records, then ${REGENERATE}`).toEqual([]);
    const onDisk = readFileSync(path.join(DECISIONS_DIR, INDEX_FILE), 'utf8');
    expect(onDisk === index, `docs/decisions/${INDEX_FILE} is out of date: ${REGENERATE}`).toBe(true);
  });

  it('lists every record file by its number, title and status', () => {
    const { index } = buildDecisionsIndex();
    const files = readdirSync(DECISIONS_DIR).filter((file) => /^\d{3}-.*\.md$/.test(file));
    expect(files.length).toBeGreaterThanOrEqual(79);
    expect(
      files.filter((file) => !index?.includes(`](${file}) |`)),
      'records missing from the index',
    ).toEqual([]);
    expect(index).toContain(
      '| 001 | [PGlite by default, PostgreSQL when DATABASE_URL is set](001-pglite-by-default.md) | accepted |',
    );
    expect(index).toContain(
      "| 234 | [Booking throughput on the embedded database is bounded by PGlite's main-thread CPU](234-bookings-on-the-embedded-database.md) | superseded by [239](239-embedded-database-on-its-own-thread.md) and [240](240-fewer-statements-per-booking.md) |",
    );
  });

  describe('refuses records a reader could not navigate, saying what to write', () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const body = '\n**Context.** Why.\n**Decision.** What.\n**Consequences.** Then.\n';

    function problemsOf(records: Record<string, string>) {
      root = mkdtempSync(path.join(tmpdir(), 'decisions-'));
      writeFileSync(path.join(root, 'product.md'), '# Rules\n\n## Bookings\n');
      mkdirSync(path.join(root, 'decisions'));
      for (const [file, text] of Object.entries(records)) writeFileSync(path.join(root, 'decisions', file), text);
      return buildDecisionsIndex(path.join(root, 'decisions'), path.join(root, 'product.md'));
    }

    it('a record without a Status line', () => {
      const { index, problems } = problemsOf({ '250-new-rule.md': `# 250 A new rule\n${body}` });
      expect(index).toBeNull();
      expect(problems).toEqual([expect.stringMatching(/^250-new-rule\.md: the second line must be its Status line/)]);
    });

    it('a record missing one of Context, Decision and Consequences', () => {
      const { problems } = problemsOf({
        '250-new-rule.md': '# 250 A new rule\nStatus: accepted\n\n**Decision.** What.\n',
      });
      expect(problems).toEqual([
        '250-new-rule.md: the body must have **Context.**, **Decision.**, **Consequences.** paragraphs, in that order',
      ]);
    });

    it('an amendment the older record does not mention, and a section product.md does not have', () => {
      const { problems } = problemsOf({
        '160-limits.md': `# 160 Limits\nStatus: accepted\n${body}`,
        '221-limits-in-the-database.md': `# 221 Limits in the database\nStatus: accepted; amends 160\n${body}`,
        '243-colour.md':
          '# 243 Colour\nStatus: moved to docs/product.md "Staff screens"\n\nThe label rule is in docs/product.md.\n',
      });
      expect(problems).toEqual([
        '160-limits.md: its Status line must say "amended by 221" (221-limits-in-the-database.md says "amends 160")',
        '243-colour.md: docs/product.md has no section "Staff screens"',
      ]);
    });

    it('writes the index once both sides agree, grouped by theme', () => {
      const { index, problems } = problemsOf({
        '160-limits.md': `# 160 Limits\nStatus: accepted; amended by 221\n${body}`,
        '221-limits-in-the-database.md': `# 221 Limits in the database\nStatus: accepted; amends 160\n${body}`,
        '243-colour.md':
          '# 243 Colour\nStatus: moved to docs/product.md "Bookings"\n\nThe label rule is in docs/product.md.\n',
      });
      expect(problems).toEqual([]);
      expect(index).toContain('## 160-169 Limits and safeguards');
      expect(index).toContain(
        '| 160 | [Limits](160-limits.md) | accepted; amended by [221](221-limits-in-the-database.md) |',
      );
      expect(index).toContain(
        '| 243 | [Colour](243-colour.md) | moved to [docs/product.md "Bookings"](../product.md#bookings) |',
      );
    });
  });
});
