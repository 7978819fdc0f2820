import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import { E2E_ADMIN } from '../helpers/e2e-global-setup';

/**
 * The pages keep to their own Content-Security-Policy: Chromium logs no violation and no CSP issue
 * (Lighthouse's best-practices audit counts them) on the public site or the staff screens.
 */
const browser = useBrowser();

/** Every CSP problem Chromium reports on the page: DevTools issues and console messages. */
async function watchPolicyProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue')
      problems.push(`issue: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send('Audits.enable');
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return problems;
}

describe('the Content-Security-Policy', () => {
  it('is kept by the staff screens and the public pages: no violation or issue is logged', async () => {
    const page = await browser.newPage();
    const problems = await watchPolicyProblems(page);
    await page.goto('/');
    await page.getByRole('link', { name: /book/i }).first().waitFor();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard**');
    const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
    await sections.getByRole('link', { name: 'Jobs' }).waitFor();
    for (const tab of ['Invoices', 'Expenses', 'Settings', 'Jobs']) {
      await sections.getByRole('link', { name: tab }).click();
      await page.waitForLoadState('networkidle');
    }
    // Issues arrive over the DevTools connection a moment after the page acts.
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
  });
});
