import { renderToString } from 'react-dom/server';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { matchPublicPath } from '../shared/public-routes';
import type { PageData } from '../shared/schemas/site';
import { headFor, renderHead } from './public/head';
import { PublicApp } from './public/public-app';

// The same content-hashed file styles.css points at, preloaded so text does not reflow late.
const fontPreload = `<link rel="preload" href="${interLatin}" as="font" type="font/woff2" crossorigin>`;

/** Server-side render of a public page: its markup and its <head> tags. */
export function render(url: string, data: PageData) {
  const { pathname, search } = new URL(url, 'http://site');
  const html = renderToString(<PublicApp data={data} location={{ pathname, search }} />);
  const head = renderHead({ ...headFor(matchPublicPath(pathname), data), extra: fontPreload }, data.business.publicBaseUrl, data.business.name);
  return { html, head };
}
