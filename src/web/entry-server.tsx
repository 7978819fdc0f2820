import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { matchPublicPath } from '../shared/public-routes';
import type { PageData } from '../shared/schemas/site';
import { headFor, renderHead } from './public/head';
import { PublicApp } from './public/PublicApp';

/** Server-side render of a public page: its markup and its <head> tags. */
export function render(url: string, data: PageData) {
  const { pathname, search } = new URL(url, 'http://site');
  const html = renderToString(
    <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
      <PublicApp data={data} />
    </Router>,
  );
  const head = renderHead(headFor(matchPublicPath(pathname), data), data.business.publicBaseUrl, data.business.name);
  return { html, head };
}
