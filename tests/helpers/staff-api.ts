import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './e2e-global-setup';

/**
 * Set-up calls the browser tests make to the shared server as staff would, outside the page: an
 * API call from the site's own origin, and the owner's session cookie.
 */
export function staffApi(baseUrl: () => string) {
  async function api(method: string, url: string, cookie: string, body?: unknown): Promise<Response> {
    return fetch(`${baseUrl()}${url}`, {
      method,
      headers: { origin: baseUrl(), cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  /** The owner's own API session, for set-up only. */
  async function ownerCookie(): Promise<string> {
    const login = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify(E2E_ADMIN),
    });
    expect(login.status).toBe(200);
    return login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  return { api, ownerCookie };
}

/** Signs the owner in through the sign-in page, as a person would, and waits for the dashboard. */
export async function signInAsOwner(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** A signed-in owner's page on the Reports tab, showing the given range. */
export async function openReports(page: Page, range: { startDate: string; endDate: string }): Promise<void> {
  page.setDefaultTimeout(10_000);
  await signInAsOwner(page);
  await page.goto('/dashboard?tab=reports');
  await page.getByLabel('Start date').fill(range.startDate);
  await page.getByLabel('End date').fill(range.endDate);
  await page.getByRole('button', { name: 'Show' }).click();
}

/** The owner, signed in, with a job's sheet open (the dashboard opens it from `?job=`). */
export async function openJobAsOwner(page: Page, job: { jobId: string; jobNumber: string }) {
  page.setDefaultTimeout(10_000);
  await signInAsOwner(page);
  await page.goto(`/dashboard?tab=jobs&job=${job.jobId}`);
  return page.getByRole('dialog', { name: `Job ${job.jobNumber}` });
}
