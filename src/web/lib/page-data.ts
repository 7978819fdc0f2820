import type { PageData } from '../../shared/schemas/site';

/** Reads the data the server embedded in the page (see server/web/serve.ts). */
export function readPageData(): PageData {
  const el = document.getElementById('page-data');
  if (!el?.textContent) throw new Error('page data missing');
  return JSON.parse(el.textContent) as PageData;
}
