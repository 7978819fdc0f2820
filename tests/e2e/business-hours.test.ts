import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type BuiltApp } from '../helpers/built-app';

/**
 * Business hours come from one place: BUSINESS_DAYS (and the time slots) reach every page, the
 * suburb text and the structured data. A server of its own, working Monday to Saturday.
 */
let app: BuiltApp;
beforeAll(async () => {
  app = await startBuiltApp({ BUSINESS_DAYS: '1,2,3,4,5,6' });
});
afterAll(async () => {
  await app?.stop();
});

async function html(path: string) {
  const res = await fetch(`${app.baseUrl}${path}`);
  return { status: res.status, html: await res.text() };
}

/** The visible text of server-rendered HTML (tags and React's text separators removed). */
const textOf = (page: string) =>
  page
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('BUSINESS_DAYS=1,2,3,4,5,6 (Monday to Saturday)', () => {
  it('shows the hours on the home page, in its footer and description, and in the structured data', async () => {
    const { html: page } = await html('/');
    const text = textOf(page);
    expect(text).toContain('Mon-Sat 8am-4pm');
    expect(text).toContain('Same or next day service, Monday to Saturday 8am to 4pm.');
    expect(text).toContain('Monday to Saturday, 8am to 4pm');
    expect(text).not.toMatch(/Mon-Fri|Monday to Friday/);
    expect(page).toMatch(/<meta name="description" content="[^"]*Same or next day, Mon-Sat 8am-4pm\./);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(json!)).toMatchObject({
      openingHours: 'Mo-Sa 08:00-16:00',
      openingHoursSpecification: [
        {
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '08:00',
          closes: '16:00',
        },
      ],
    });
  });

  it.each([
    ['/about', 'Monday to Saturday from 8am to 4pm.'],
    ['/privacy', 'Monday to Saturday 8am to 4pm.'],
    ['/terms', 'Services are available Monday to Saturday, 8am to 4pm, in 2-hour arrival windows.'],
    ['/suburb/mandurah', 'Same or next day, Mon-Sat 8am-4pm'],
    ['/no-such-page', "Need help? We're available Mon-Sat 8am-4pm."],
  ])('%s says "%s"', async (path, phrase) => {
    const text = textOf((await html(path)).html);
    expect(text).toContain(phrase);
    expect(text).not.toMatch(/Mon-Fri|Monday to Friday/);
  });
});
