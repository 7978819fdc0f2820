import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer, insertJob } from '../db/seed/factories';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';

/**
 * A signed-in dashboard page comes with its first screen rendered in the HTML, from what that user
 * may read and nothing else (docs/decisions/370-staff-first-screen-server-rendered.md). The web app
 * is served as in development (Vite renders src/web/entry-server.tsx), so no build is needed.
 */
let t: TestApp;
let owner: string;
let ownerName: string;
let technician: { cookie: string; username: string };
let jobNumber: string;
const CUSTOMER = 'Imogen Quarrell';

beforeAll(async () => {
  // Vite's reload socket listens on PORT + 10000: a port of this test's own.
  t = await createTestApp({ env: { PORT: String(20000 + (process.pid % 20000)) }, overrides: { web: 'dev' } });
  const admin = await signedInStaff(t, { role: 'admin' });
  owner = admin.cookie;
  ownerName = admin.user.username;
  const tech = await signedInStaff(t, { role: 'technician', username: 'tech_wilhelmina' });
  technician = { cookie: tech.cookie, username: tech.user.username };
  const customer = await insertCustomer(t.db, { name: CUSTOMER });
  // Tuesday 24 November, the day after the test clock's Monday: the jobs tab's first page (today and upcoming).
  jobNumber = (await insertJob(t.db, { customerId: customer.id, scheduledDay: '2026-11-24' })).jobNumber;
});
afterAll(async () => {
  await t?.close();
});

async function dashboard(url: string, cookie?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script id="page-data"/.exec(res.body)?.[1];
  expect(root).toBeDefined();
  return { html: res.body, root: root!, cacheControl: res.headers['cache-control'] };
}

describe('the dashboard page rendered on the server', () => {
  it("holds the owner's first jobs in its markup, and the team on the team tab", async () => {
    const jobs = await dashboard('/dashboard?tab=jobs', owner);
    expect(jobs.root).toContain(jobNumber);
    expect(jobs.root).toContain(CUSTOMER);
    expect(jobs.cacheControl).toBe('private, no-cache');
    // The markup is live React output, not a loading state, and needs no inline script (CSP).
    expect(jobs.root).not.toContain('Checking authentication');
    expect(jobs.root).not.toContain('<script');

    const team = await dashboard('/dashboard?tab=team', owner);
    expect(team.root).toContain(technician.username);
    expect(team.root).toContain(ownerName);
    expect(team.root).not.toContain(jobNumber);
  });

  it('holds nothing for nobody signed in', async () => {
    const page = await dashboard('/dashboard?tab=jobs');
    expect(page.root).toBe('');
    expect(page.html).not.toContain(jobNumber);
    expect(page.html).not.toContain(CUSTOMER);
  });

  it("holds none of the owner's jobs or team for a technician they are not assigned to", async () => {
    const jobs = await dashboard('/dashboard?tab=jobs', technician.cookie);
    expect(jobs.root).toContain('My Jobs');
    expect(jobs.html).not.toContain(jobNumber);
    expect(jobs.html).not.toContain(CUSTOMER);

    // The team tab is an admin's: the technician is told so, and reads no one's account.
    const team = await dashboard('/dashboard?tab=team', technician.cookie);
    expect(team.root).toContain(technician.username);
    expect(team.html).not.toContain(ownerName);
  });
});
