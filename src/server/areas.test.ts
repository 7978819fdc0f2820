import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, CONTRACT_FILE_OF, type Area } from '../shared/contracts/areas';

/**
 * One list of area names in every tree (decision 277): a new area, or routes served from a folder
 * nobody expects, fails here rather than drifting. The server folders keep their own names where
 * the business groups areas (supplier bills and expenses are one bills module, decision 260).
 * It lives on the server's side because it reads the source files (shared/ is pure code).
 */
const SERVED_FROM: Record<Area, string[]> = {
  auth: ['auth'],
  account: ['auth'],
  team: ['team'],
  slots: ['slots'],
  staffSlots: ['slots'],
  pricing: ['pricing'],
  bookings: ['bookings', 'photos'],
  staffBookings: ['bookings'],
  payments: ['payments'],
  suburbs: ['suburbs'],
  jobs: ['jobs', 'photos'],
  runs: ['runs'],
  invoices: ['invoices'],
  emails: ['emails'],
  messages: ['sms'],
  notifications: ['notifications'],
  purchaseInvoices: ['bills'],
  expenses: ['bills'],
  reports: ['reports'],
  settings: ['settings'],
  tyrePrices: ['pricing'],
  tyres: ['tyres'],
  closures: ['closures'],
  suburbPages: ['suburbs'],
  audit: ['audit'],
  docs: ['docs'],
  twoFactor: ['auth'],
  customerMessages: ['messages'],
  manage: ['manage'],
  system: ['system'],
  accounting: ['accounting'],
};

const contractsDir = path.resolve(import.meta.dirname, '../shared/contracts');
const serverDir = import.meta.dirname;
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const isArea = (name: string): name is Area => (AREAS as readonly string[]).includes(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Which server folders register routes for which areas: a file that imports an area's contracts and adds routes. */
function servingFolders(): Map<Area, Set<string>> {
  const served = new Map<Area, Set<string>>();
  for (const file of sourceFiles(serverDir)) {
    const text = readFileSync(file, 'utf8');
    if (!/\badd(Socket)?Route\(/.test(text)) continue;
    const folder = path.relative(serverDir, file).split(path.sep)[0]!;
    for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(?:\.\.\/)+shared\/contracts\/[\w-]+'/g)) {
      for (const name of names!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!)) {
        if (isArea(name)) served.set(name, (served.get(name) ?? new Set()).add(folder));
      }
    }
  }
  return served;
}

describe('one list of area names', () => {
  it.each(AREAS)('the %s contracts live in the file named for the area (or its listed home)', (area) => {
    const file = path.join(contractsDir, `${CONTRACT_FILE_OF[area] ?? kebab(area)}.ts`);
    expect(existsSync(file), `${path.basename(file)} for ${area}`).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^export const ${area} = \\{`, 'm'));
  });

  it('every contract file is the home of an area', () => {
    const homes = new Set(AREAS.map((area) => CONTRACT_FILE_OF[area] ?? kebab(area)));
    const files = readdirSync(contractsDir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['areas.ts', 'contract.ts', 'index.ts'].includes(f),
    );
    expect(files.map((f) => f.replace(/\.ts$/, '')).filter((f) => !homes.has(f))).toEqual([]);
  });

  it('each area is served from the server folders listed for it, and only those', () => {
    const served = servingFolders();
    const actual = Object.fromEntries(AREAS.map((area) => [area, [...(served.get(area) ?? [])].sort()]));
    expect(actual).toEqual(Object.fromEntries(AREAS.map((area) => [area, [...SERVED_FROM[area]].sort()])));
  });
});
