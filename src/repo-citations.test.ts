import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repo explains itself: comments, tests and docs cite docs/product.md or a decision record
 * (docs/decisions/NNN-*.md), never a document or issue tracker that lives outside the repo.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const THIS_FILE = path.relative(ROOT, fileURLToPath(import.meta.url));
const FOLDERS = ['src', 'tests', 'scripts', 'docs'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|md|json|sql)$/;
const OUTSIDE_CITATIONS = [/\bSPEC\b/, /\bissue\s*#?\d+/i, /DECISIONS\.md/];

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(rel);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [rel] : [];
  });
}

describe('citations', () => {
  it('cite docs/product.md or a decision record, never an outside spec, decisions file or issue number', () => {
    const hits: string[] = [];
    for (const file of FOLDERS.flatMap(filesUnder)) {
      if (file === THIS_FILE) continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE_CITATIONS.some((re) => re.test(line)))
            hits.push(`${file.split(path.sep).join('/')}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits, 'Cite docs/product.md "Section" or "decision NNN" instead').toEqual([]);
  });
});
