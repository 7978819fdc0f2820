import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { STATIC_PUBLIC_PATHS, suburbPath } from '../../shared/public-routes';
import { listActiveSuburbSlugs } from '../suburbs/service';

function xmlEscape(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** The sitemap: every static public page and every active suburb landing page, read from the database. */
export async function buildSitemap(deps: AppDeps): Promise<string> {
  const base = deps.config.publicBaseUrl;
  const slugs = await listActiveSuburbSlugs(deps.db);
  const entries = [
    ...STATIC_PUBLIC_PATHS.map((p) => ({ loc: `${base}${p}`, priority: p === '/' ? '1.0' : '0.5' })),
    ...slugs.map((slug) => ({ loc: `${base}${suburbPath(slug)}`, priority: '0.7' })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((e) => `  <url><loc>${xmlEscape(e.loc)}</loc><priority>${e.priority}</priority></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

export function buildRobots(publicBaseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /checkout',
    'Disallow: /api',
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** /sitemap.xml and /robots.txt (docs/product.md "Public pages", decision 120). Not under /api, so no access level applies. */
export function seoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(await buildSitemap(deps)),
    );
    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(buildRobots(deps.config.publicBaseUrl)),
    );
  };
}
