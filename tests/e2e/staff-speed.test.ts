import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perthDay } from '../../src/shared/domain/perth-time';
import type { JobListItem } from '../../src/shared/schemas/jobs';
import { BLOCK_REASON_MAX, type StaffSlotDay } from '../../src/shared/schemas/slots';
import { calendarStart, DAYS_SHOWN } from '../../src/web/staff/slots/calendar-days';
import { launchTestBrowser, newTestContext, eventually } from '../helpers/browser';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';
import { seedDemoDataDir, signInCookie, STAFF_TABS, staffTabPath } from '../load/staff-pages';

/**
 * The owner opens the jobs tab on a 390 px phone over the demo month (`npm run db:seed:demo`):
 * it lands on today, not on the furthest date, with no chain of requests before the first job
 * (docs/decisions/342-staff-first-screen.md). A server of its own, seeded as the demo is, on the
 * real clock the demo month is built around.
 */
let app: BuiltApp;
let dataDir: string;
let browser: Browser;
let cookie: string;
beforeAll(async () => {
  dataDir = seedDemoDataDir();
  app = await startBuiltApp({ DATA_DIR: dataDir });
  cookie = await signInCookie(app.baseUrl);
  browser = await launchTestBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function jobsApi(query: string): Promise<JobListItem[]> {
  const res = await fetch(`${app.baseUrl}/api/dashboard/jobs?${query}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as JobListItem[];
}

/** A phone signed in as the owner, recording every request the page makes and every console error. */
async function ownerPhone(width = 390): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const context = await newTestContext(browser, { viewport: { width, height: 844 }, baseURL: app.baseUrl });
  await context.addCookies(
    cookie.split('; ').map((pair) => ({
      name: pair.slice(0, pair.indexOf('=')),
      value: pair.slice(pair.indexOf('=') + 1),
      url: app.baseUrl,
    })),
  );
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { page, requests, errors };
}

describe('the jobs tab on a phone over a month of jobs', () => {
  it("shows today's first job in the first screen, soonest first, past jobs on request", async () => {
    const today = perthDay(new Date());
    const everyJob = await jobsApi('pageSize=100');
    // The demo month has jobs before today and after it.
    expect(everyJob.some((j) => j.scheduledDay < today)).toBe(true);
    const upcoming = await jobsApi('when=upcoming&pageSize=100');
    expect(upcoming.length).toBeGreaterThan(1);
    const first = upcoming[0]!;
    expect(first.scheduledDay >= today).toBe(true);
    expect(upcoming.every((j) => j.scheduledDay >= today)).toBe(true);

    const { page, requests, errors } = await ownerPhone();
    await page.goto('/dashboard');
    const cards = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
    await eventually(() => cards.count());
    await expect
      .poll(() => cards.first().getByRole('heading').textContent(), { timeout: 15_000 })
      .toBe(first.jobNumber);
    const box = await cards.first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + 80).toBeLessThan(844);

    // The session and the first page came with the HTML: nothing asked for /api/user, no 401 logged.
    expect(requests).not.toContain('/api/user');
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: 'Past jobs' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Past jobs' }).getAttribute('aria-pressed')).toBe('true');
    const past = await jobsApi('when=past&pageSize=1');
    await expect
      .poll(() => cards.first().getByRole('heading').textContent(), { timeout: 15_000 })
      .toBe(past[0]!.jobNumber);
    expect(past[0]!.scheduledDay < today).toBe(true);

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('signed out, the sign-in page asks for no session and logs no error', async () => {
    const context = await newTestContext(browser, { viewport: { width: 390, height: 844 }, baseURL: app.baseUrl });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/dashboard');
    await expect.poll(() => page.getByLabel('Username').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a dashboard page on a slow connection, before its scripts have run', () => {
  it('is painted from the server with its controls disabled, then takes the dates typed and the tap on Show', async () => {
    const { page, errors } = await ownerPhone();
    const reportReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dashboard/reports/')) reportReads.push(r.url());
    });
    // Every script arrives two seconds late, as on a weak signal.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/dashboard?tab=reports', { waitUntil: 'domcontentloaded' });
    // The figures are on screen before any script has arrived, and no script was asked for before the first paint.
    await page.getByRole('tab', { name: 'GST' }).waitFor({ timeout: 1500 });
    // The paint entry is recorded just after the frame that shows the tab: waited for, not read once.
    const paintedAt = () =>
      page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    await eventually(paintedAt).not.toBeNull();
    const firstScript = await page.evaluate(() =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((r) => r.name.includes('/assets/') && r.name.endsWith('.js'))
          .map((r) => r.startTime),
      ),
    );
    expect(firstScript).toBeGreaterThanOrEqual((await paintedAt())!);
    // Nothing that would do nothing: the period's fields and buttons wait for the page to work.
    expect(await page.getByLabel('Start date').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show' }).isDisabled()).toBe(true);

    // Typed as soon as the fields take it: the dates and the tap are not lost to hydration.
    await page.getByLabel('Start date').fill('2025-03-01');
    await page.getByLabel('End date').fill('2025-03-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await eventually(() =>
      reportReads.some((url) => url.includes('startDate=2025-03-01') && url.includes('endDate=2025-03-31')),
    ).toBe(true);
    expect(await page.getByLabel('Start date').inputValue()).toBe('2025-03-01');
    expect(errors).toEqual([]);
  });
});

describe('a dashboard page coming to life', () => {
  it('draws no animation until it works, so the phone paints it once rather than every frame', async () => {
    const { page, errors } = await ownerPhone();
    let scriptsHeld = true;
    await page.route('**/assets/*.js', async (route) => {
      while (scriptsHeld) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue();
    });
    const running = () =>
      page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? a.constructor.name));
    await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
    // The phone paints only once the stylesheet has come (it blocks rendering); looking before
    // that would work out styles without it, and its arrival would then start every transition.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
    );
    // The live notices' status is on the first screen, connecting, before any script has run.
    await eventually(() => page.getByText('Connecting...').count()).toBe(1);
    expect(await running()).toEqual([]);
    scriptsHeld = false;
    await hydrated(page);
    expect(await running()).toEqual([]);
    await eventually(() => page.getByText('Live notifications: Live', { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('a dashboard page at a desk', () => {
  it('is drawn in the wide layout from the first paint, not the phone layout first', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: app.baseUrl });
    await context.addCookies(
      cookie.split('; ').map((pair) => ({
        name: pair.slice(0, pair.indexOf('=')),
        value: pair.slice(pair.indexOf('=') + 1),
        url: app.baseUrl,
      })),
    );
    const page = await context.newPage();
    let scriptsHeld = true;
    await page.route('**/assets/*.js', async (route) => {
      while (scriptsHeld) await new Promise((resolve) => setTimeout(resolve, 50));
      await route.continue();
    });
    await page.goto('/dashboard?tab=invoices', { waitUntil: 'domcontentloaded' });
    // Before any script: the invoices are a table, as they stay.
    await page.getByRole('table').waitFor({ timeout: 5000 });
    expect(await page.getByRole('list', { name: 'Invoices' }).count()).toBe(0);
    scriptsHeld = false;
    await eventually(() => page.getByLabel('Search').isEnabled()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Invoices' }).count()).toBe(0);
    await context.close();
  });
});

/** The browser's zod build names its schema classes: a script holding this is zod. */
const ZOD_MARK = '$ZodType';

/** Whether any script the page has loaded so far is zod. */
function watchForZod(page: Page): () => Promise<boolean> {
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
  });
  return async () => (await Promise.all(scripts)).some((text) => text.includes(ZOD_MARK));
}

/** Hydrated: nothing on the page is held disabled any more (src/web/staff/until-hydrated.tsx). */
async function hydrated(page: Page) {
  await eventually(() => page.locator('fieldset[role="none"]').count()).toBeGreaterThan(0);
  await eventually(() => page.locator('fieldset[role="none"][disabled]').count()).toBe(0);
}

describe('the screens that only show data load no zod', () => {
  it('jobs, invoices and reports work without it; opening a job loads it and shows the job', async () => {
    const { page, errors } = await ownerPhone();
    const zodLoaded = watchForZod(page);

    for (const screen of ['/dashboard', '/dashboard?tab=invoices', '/dashboard?tab=reports']) {
      await page.goto(screen);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await zodLoaded(), screen).toBe(false);
    }

    await page.goto('/dashboard');
    await eventually(() => page.locator('fieldset[role="none"][disabled]').count()).toBe(0);
    const first = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first();
    const jobNumber = await first.getByRole('heading').textContent();
    await first.getByRole('button', { name: /^View/ }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('dialog')
            .getByRole('heading', { name: `Job ${jobNumber}` })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await zodLoaded()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("settings shows its forms without it, and a bad value still gets the server's own message", async () => {
    const { page, errors } = await ownerPhone();
    const zodLoaded = watchForZod(page);

    await page.goto('/dashboard?tab=settings&section=fees');
    await hydrated(page);
    const callout = page.getByLabel('Callout', { exact: true });
    await eventually(() => callout.count()).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await zodLoaded()).toBe(false);

    await callout.fill('12.345');
    await page.getByRole('button', { name: 'Save Fees' }).click();
    await eventually(() => page.getByText('Must be a valid decimal amount').count()).toBe(1);
    expect(await callout.getAttribute('aria-invalid')).toBe('true');

    // The audit log is a subject of its own on a phone (decision 428), opened without a new page.
    await page.getByRole('link', { name: 'All settings' }).click();
    await page.getByRole('navigation', { name: 'Business settings' }).getByRole('link', { name: 'Audit log' }).click();
    const auditLog = page.getByRole('region', { name: 'Audit log' });
    await auditLog.getByLabel('From').fill('2026-11-20');
    await auditLog.getByLabel('To').fill('2026-11-10');
    await eventually(() => auditLog.getByText('From must be on or before To').count()).toBe(1);
    expect(await zodLoaded()).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** The script files of the build a page asked for (its own assets, not the small starters in public/). */
function watchScripts(page: Page): { files: Set<string>; texts: Promise<string>[] } {
  const files = new Set<string>();
  const texts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script' || !new URL(r.url()).pathname.startsWith('/assets/')) return;
    files.add(new URL(r.url()).pathname);
    texts.push(r.text().catch(() => ''));
  });
  return { files, texts };
}

/** Words only the staff app holds (its offline banner). */
const STAFF_MARK = 'waiting to send';

describe('how many script files a page asks for (docs/decisions/388-first-screen-chunks.md)', () => {
  it('each dashboard tab works after at most 13, the jobs tab after 7', async () => {
    const { page, errors } = await ownerPhone();
    const counts: Record<string, number> = {};
    const scripts = watchScripts(page);
    for (const tab of STAFF_TABS) {
      scripts.files.clear();
      await page.goto(staffTabPath(tab));
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      counts[tab] = scripts.files.size;
    }
    expect(counts.jobs).toBeLessThanOrEqual(7);
    expect(Object.entries(counts).filter(([, n]) => n > 13)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the home page asks for 3 and none of the staff app's code, nor does the wizard it fetches when idle", async () => {
    const context = await newTestContext(browser, { viewport: { width: 390, height: 844 }, baseURL: app.baseUrl });
    // Its first load, as on a phone asking to save data, where the wizard is not fetched ahead
    // (docs/decisions/413-returning-customer-frictions.md).
    const saving = await context.newPage();
    await saving.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
    );
    const firstLoad = watchScripts(saving);
    await saving.goto('/');
    await saving.waitForLoadState('networkidle');
    expect(firstLoad.files.size).toBeLessThanOrEqual(3);

    // Elsewhere the wizard's code comes once the page is idle, and still none of the staff app's.
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto('/');
    await eventually(() => scripts.files.size).toBeGreaterThan(firstLoad.files.size);
    await page.waitForLoadState('networkidle');
    expect((await Promise.all([...firstLoad.texts, ...scripts.texts])).filter((t) => t.includes(STAFF_MARK))).toEqual(
      [],
    );
    await context.close();
  });
});

/** Cards of the long lists, drawn only as they near the screen (the `card-in-long-list` style). */
const LONG_LISTS = [
  ['jobs', 'main ul > li.card-in-long-list'],
  ['invoices', 'main li.card-in-long-list'],
  ['prices', 'main ul[aria-label="Tyre prices"] > li'],
  ['time-slots', 'main ol[aria-label="Days"] > li'],
] as const;

/** Blocks every slot of the last free day the calendar shows, each for the longest reason allowed: the tallest day card there can be. */
async function blockLastFreeDay(words: string) {
  const reason = words.padEnd(BLOCK_REASON_MAX, ' and more').slice(0, BLOCK_REASON_MAX);
  const headers = { cookie, origin: app.baseUrl, 'content-type': 'application/json' };
  const days = (await (
    await fetch(
      `${app.baseUrl}/api/dashboard/timeslots?from=${calendarStart(null, perthDay(new Date()))}&days=${DAYS_SHOWN}`,
      {
        headers,
      },
    )
  ).json()) as StaffSlotDay[];
  const day = days.findLast((d) => d.slots.every((s) => s.state === 'free'))!;
  for (const { slot } of day.slots) {
    const res = await fetch(`${app.baseUrl}/api/dashboard/timeslots/${day.date}/${encodeURIComponent(slot)}/block`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ reason }),
    });
    expect(res.status).toBe(200);
  }
}

describe('the long lists on a phone (docs/decisions/390-long-lists-drawn-near-the-screen.md)', () => {
  it('draw their cards only as they near the screen, each keeping room for all it holds', async () => {
    await blockLastFreeDay(
      'Council roadworks on the freeway ramp: the van cannot reach the southern suburbs until the crew reopens the lane, so every visit that day waits for the next free morning slot in Mandurah or Pinjarra',
    );
    // The narrowest phone the dashboard is made for, where text wraps most.
    const { page, errors } = await ownerPhone(360);
    for (const [tab, selector] of LONG_LISTS) {
      await page.goto(staffTabPath(tab));
      await hydrated(page);
      const cards = page.locator(selector);
      expect(await cards.count(), tab).toBeGreaterThan(3);
      expect(
        new Set(await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).contentVisibility))),
        tab,
      ).toEqual(new Set(['auto']));
      // A card not yet drawn stands in at a guessed height. Its contents must fit in it, or they lie
      // over the next card, and a checker (Lighthouse's tap-target audit) finds its buttons covered.
      const spills = await cards.evaluateAll((els) =>
        els.flatMap((card, i) => {
          const box = card.getBoundingClientRect();
          const lowest = Math.max(...[...card.querySelectorAll('*')].map((el) => el.getBoundingClientRect().bottom));
          return lowest > box.bottom + 1 ? [`card ${i + 1}: ${Math.round(lowest - box.bottom)} px below its room`] : [];
        }),
      );
      expect(spills, tab).toEqual([]);
      // Scrolled to, the last card is drawn in full.
      await cards.last().scrollIntoViewIfNeeded();
      await eventually(async () => ((await cards.last().locator('p, h3').first().boundingBox())?.height ?? 0) > 0).toBe(
        true,
      );
    }
    expect(errors).toEqual([]);
  });

  it('every tab, unscrolled, passes the accessibility checks Lighthouse runs, tap-target size included', async () => {
    const { page, errors } = await ownerPhone();
    const found: string[] = [];
    for (const tab of STAFF_TABS) {
      await page.goto(staffTabPath(tab));
      await hydrated(page);
      // A list still refreshing is dimmed, and would be measured dimmed.
      await eventually(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
      const axe = await new AxeBuilder({ page })
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag22aa', 'best-practice'])
        .analyze();
      found.push(...axe.violations.map((v) => `${tab} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
