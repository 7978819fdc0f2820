import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { QueryKey } from '@tanstack/react-query';
import { matchPublicPath } from '../shared/public-routes';
import type { BusinessInfo, PageData } from '../shared/schemas/site';
import type { StaffFirstScreen } from '../shared/schemas/staff-first-screen';
import { headFor, renderHead } from './public/head';
import { PublicApp } from './public/public-app';
import { createStaffQueryClient } from './staff/session';
import StaffApp, { seeded } from './staff/staff-app';

// The same content-hashed file styles.css points at, preloaded so text does not reflow late.
export const fontPreload = `<link rel="preload" href="${interLatin}" as="font" type="font/woff2" crossorigin>`;

/** Server-side render of a public page: its markup and its <head> tags. */
export function render(url: string, data: PageData) {
  const { pathname, search } = new URL(url, 'http://site');
  const html = renderToString(<PublicApp data={data} location={{ pathname, search }} />);
  const head = renderHead(
    { ...headFor(matchPublicPath(pathname), data), extra: fontPreload },
    data.business.publicBaseUrl,
    data.business.name,
  );
  return { html, head };
}

/**
 * Server-side render of a signed-in staff dashboard page from the reads it is given
 * (docs/decisions/370-staff-first-screen-server-rendered.md): its markup, and the reads the
 * screen asked for that it was not given, so the server can fetch them and render again.
 * The tree is the browser's (src/web/entry-client.tsx), so hydration finds the same markup; every
 * tab's lazy chunk is waited for, so the markup holds the tab, not its loading state.
 */
export async function renderStaff(
  url: string,
  business: BusinessInfo,
  firstScreen: StaffFirstScreen,
): Promise<{ html: string; wanted: QueryKey[] }> {
  const { pathname, search } = new URL(url, 'http://site');
  const client = seeded(createStaffQueryClient(), firstScreen);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Suspense fallback={null}>
        <StaffApp
          business={business}
          firstScreen={firstScreen}
          server={{ pathname, search: search.replace(/^\?/, ''), client }}
        />
      </Suspense>
    </StrictMode>,
    // Every boundary in the markup as it is: a large one would otherwise be sent as its loading state
    // plus an inline script revealing it, which the page's Content-Security-Policy refuses.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // Reads asked for and not given; one the screen does not run yet (enabled: false) is left to the browser.
  const wanted = client
    .getQueryCache()
    .getAll()
    .filter((q) => {
      const enabled = (q.options as { enabled?: boolean | ((query: typeof q) => boolean) }).enabled;
      return q.state.data === undefined && (typeof enabled === 'function' ? enabled(q) : enabled !== false);
    })
    .map((q) => q.queryKey);
  return { html, wanted };
}
