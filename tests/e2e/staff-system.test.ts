import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LAST_BACKUP_FILE } from '../../src/server/backup/last-backup';
import { e2eServer, eventually, useBrowser } from '../helpers/browser';
import { e2eNow } from '../helpers/e2e-calendar';
import { signInAsOwner } from '../helpers/staff-api';

/**
 * The owner reads the system's health from a 390 px phone (docs/decisions/400-system-health.md):
 * Settings, "System", in plain words, a skeleton while it loads, 44 px targets, nothing wider than
 * the phone.
 */
const browser = useBrowser({ viewport: { width: 390, height: 844 } });
const SYSTEM = 'section[aria-labelledby="system-heading"]';
const shots = path.resolve(import.meta.dirname, '../../test-results');

// What `npm run db:backup` records in DATA_DIR when a backup is complete: this worker's server made
// one 3 hours ago. Only this section reads it; it is removed again after.
const server = e2eServer();
const record = path.join(server.dataDir, LAST_BACKUP_FILE);
afterAll(() => fs.rmSync(record, { force: true }));

function recordBackupHoursAgo(hours: number) {
  const at = new Date(e2eNow(server.launchedAtMs).getTime() - hours * 3_600_000 - 60_000);
  fs.writeFileSync(
    record,
    JSON.stringify({
      folder: '/var/backups/tyre-booking/tyres-backup-2026-11-23-040000',
      createdAt: at.toISOString(),
      engine: 'pglite',
      databaseBytes: 1_234_567,
      files: 0,
    }),
  );
}

/** More, Settings, then System in Settings' index (one screen per subject on a phone, decision 428); returns that index link. */
async function openSettingsFromTheBar(page: Page) {
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('navigation', { name: 'More sections' }).getByRole('link', { name: 'Settings' }).click();
  const jump = page.getByRole('navigation', { name: 'Business settings' }).getByRole('link', { name: 'System' });
  const box = (await jump.boundingBox())!;
  await jump.click();
  return box;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('Settings, "System" on a 390 px phone', () => {
  it('shows the owner each figure in plain words, with a skeleton while it loads', async () => {
    recordBackupHoursAgo(3);
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await signInAsOwner(page);

    // The figures are held back until the skeleton has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/system', async (route) => {
      await held;
      await route.continue();
    });
    const jump = await openSettingsFromTheBar(page);
    const section = page.locator(SYSTEM);
    await section.getByRole('heading', { name: 'System', exact: true }).waitFor();
    await section.getByRole('status').getByText("Loading the system's figures...").waitFor({ state: 'attached' });
    release();

    await eventually(() => section.getByText('Last backup 3 hours ago', { exact: true }).isVisible()).toBe(true);
    const figure = (id: string) => section.locator(`[data-figure="${id}"]`);
    await eventually(() => figure('backup').textContent()).toContain('/var/backups/tyre-booking/tyres-backup-');
    expect(await figure('messages').textContent()).toMatch(
      /Emails and texts(No emails or texts waiting|.+ waiting, the oldest for)/,
    );
    expect(await figure('disk').textContent()).toMatch(/Disk[\d.]+ [kMGT]?B free of [\d.]+ [kMGT]?B \(\d+% used\)/);
    expect(await figure('database').textContent()).toMatch(/Database[\d.]+ (kB|MB|GB)/);
    // The test server is not served over https: the certificate's expiry is unknown, and it says why.
    expect(await figure('certificate').textContent()).toContain('Expiry unknown');
    expect(await figure('instances').textContent()).toMatch(
      /Running1 instance.*: up \d+ (second|minute|hour)s? \(answered this page\)/,
    );
    const version = (
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(await figure('version').textContent()).toContain(`Version${version}`);
    // A fresh backup needs nothing: no figure is marked.
    expect(await figure('backup').getByText('(needs attention)').count()).toBe(0);

    // 44 px targets, no sideways scroll, nothing an accessibility check finds.
    const again = section.getByRole('button', { name: 'Check again' });
    expect((await again.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(jump.height).toBeGreaterThanOrEqual(44);
    expect(await noSidewaysScroll(page)).toBe(true);
    const axe = await new AxeBuilder({ page }).include(SYSTEM).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    fs.mkdirSync(shots, { recursive: true });
    await section.screenshot({ path: path.join(shots, 'staff-system-390.png') });

    // A backup a day and a half old is marked, in words; "Check again" reads the figures afresh.
    recordBackupHoursAgo(36);
    await again.click();
    await eventually(() => section.getByText('Last backup 36 hours ago', { exact: true }).isVisible()).toBe(true);
    expect(await figure('backup').getByText('(needs attention)').count()).toBe(1);
    expect(await section.textContent()).toContain('1 thing needs attention.');
    await section.screenshot({ path: path.join(shots, 'staff-system-390-late-backup.png') });
  });
});
