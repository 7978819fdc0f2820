import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { e2eNow } from './e2e-calendar';
import type { E2eServer } from './e2e-global-setup';

/** Waits for a page to show something, as long as the browser tests' budget allows (tests/time-budget.ts, vitest.config.ts). */
export const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Without the background-networking flags Chromium tries to reach Google and is refused here.
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Chromium as every test and benchmark launches it: Debian's, headless, never calling out. */
export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Below Tailwind's `md` a test browser presents as a phone, as the phones the staff use do. */
const PHONE_WIDTH_BELOW = 768;

/**
 * A new context for a test: at a phone's width it presents as a phone, with a phone's user agent
 * and `isMobile` (without it Chromium's Sec-CH-UA-Mobile still says `?0`). The server guesses the
 * first screen's layout from them (docs/decisions/379-staff-page-usable-before-its-scripts.md); a
 * desktop browser at a phone's width is drawn the desk's layout first and the phone's once the
 * scripts run, so an element a test has just found can be gone the moment after.
 */
export function newTestContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const phone = (options.viewport?.width ?? Infinity) < PHONE_WIDTH_BELOW;
  const userAgent = `Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`;
  return browser.newContext(phone ? { userAgent, isMobile: true, ...options } : options);
}

export const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * The built server of this test file's worker: files run side by side in two workers, each worker
 * on a server of its own (docs/decisions/265-parallel-test-steps.md).
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  return servers[(worker - 1) % servers.length]!;
}

/**
 * One browser per test file and a new context per test; on failure the page's screenshot is kept
 * in test-results/screenshots. The page's clock reads the test server's "now" (E2E_CLOCK_START
 * plus the time since launch) and runs on, so "today" in the wizard is the server's today.
 */
export function useBrowser(opts: { viewport?: { width: number; height: number }; touch?: boolean } = {}) {
  const server = e2eServer();
  const state = {
    browser: undefined as Browser | undefined,
    context: undefined as BrowserContext | undefined,
    baseUrl: server.baseUrl,
    launchedAtMs: server.launchedAtMs,
  };

  beforeAll(async () => {
    state.browser = await launchTestBrowser();
  });
  afterEach(async () => {
    await state.context?.close();
    state.context = undefined;
  });
  afterAll(async () => {
    await state.browser?.close();
  });

  return {
    get baseUrl() {
      return state.baseUrl;
    },
    async newPage(viewport = opts.viewport ?? { width: 1280, height: 900 }): Promise<Page> {
      state.context = await newTestContext(state.browser!, {
        viewport,
        baseURL: state.baseUrl,
        locale: 'en-AU',
        timezoneId: 'Australia/Perth',
        ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
      });
      await state.context.clock.install({ time: e2eNow(state.launchedAtMs) });
      const page = await state.context.newPage();
      onTestFailed(async ({ task }) => {
        fs.mkdirSync(screenshotDir, { recursive: true });
        const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
        await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true }).catch(() => undefined);
      });
      return page;
    },
  };
}
