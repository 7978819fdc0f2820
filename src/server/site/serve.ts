import fs from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../app-root';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaffRequest, matchPublicPath } from '../../shared/public-routes';
import type { PageData } from '../../shared/schemas/site';
import type { StaffFirstScreen } from '../../shared/schemas/staff-first-screen';
import type { PublicChanges } from '../cache/public-changes';
import { businessInfoOf, loadPublicPage } from '../seo/page-data';
import type { SettingsStore } from '../settings/store';
import { createPageCache } from './page-cache';
import { registerStaffManifest, staffInstallHead } from './staff-manifest';
import { modulePreloadTags, scriptsAfterFirstPaint, staffChunks } from './staff-preload';
import { renderStaffScreen, type StaffRenderer } from './staff-render';

export type WebMode = 'none' | 'dev' | 'prod';

type RenderResult = { html: string; head: string };
type EntryServer = {
  render(url: string, data: PageData): RenderResult;
  renderStaff: StaffRenderer;
  fontPreload: string;
};

const root = APP_ROOT;
export const distDir = path.resolve(root, process.env.WEB_DIST_DIR || 'dist');

/** JSON safe to embed in a non-executing <script type="application/json"> (no CSP exception needed). */
function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function fillTemplate(template: string, parts: { head: string; html: string; data: PageData }): string {
  // Replacer functions, so a '$&' or '$`' inside page content is inserted literally.
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace(
      '<!--app-data-->',
      () => `<script id="page-data" type="application/json">${embedJson(parts.data)}</script>`,
    );
}

/**
 * Refuses to serve a bundle that is missing or was not built for production: a development bundle
 * renders every page as a 500 in the production server (decision 186).
 */
export function assertProductionBundle(dir: string): void {
  const templatePath = path.join(dir, 'client', 'index.html');
  if (!fs.existsSync(templatePath))
    throw new Error(`The web app is not built (${templatePath} is missing): run npm run build`);
  const infoPath = path.join(dir, 'build-info.json');
  let mode: unknown;
  try {
    mode = (JSON.parse(fs.readFileSync(infoPath, 'utf8')) as { mode?: unknown }).mode;
  } catch {
    mode = undefined;
  }
  if (mode !== 'production') {
    throw new Error(
      `The web app in ${dir} is not a production build (${infoPath} ${mode === undefined ? 'is missing' : `says mode ${String(mode)}`}): run npm run build (it always builds for production), then start again.`,
    );
  }
}

type StaffFirstScreenOf = (
  request: FastifyRequest,
  tab: string | null,
) => Promise<{ page: StaffFirstScreen; readable: boolean }>;

export async function registerWeb(
  app: FastifyInstance,
  opts: {
    mode: WebMode;
    config: Config;
    db: Db;
    settings: SettingsStore;
    changes?: PublicChanges;
    staffFirstScreen?: StaffFirstScreenOf;
  },
) {
  if (opts.mode === 'none') return;
  const { config, db } = opts;
  // The owner's settings as they are now (decision 280): every page is rendered from them.
  const current = async () => {
    const settings = await opts.settings.current();
    return { business: businessInfoOf(config, settings) };
  };
  // The dashboard can be installed to a phone's home screen (docs/decisions/188-installable-dashboard.md).
  registerStaffManifest(app, async () => (await current()).business.name);

  let getTemplate: (url: string) => Promise<string>;
  let chunksOf: (tab: string | null) => string[] = () => [];
  let getEntry: () => Promise<EntryServer>;
  // Built pages are kept rendered until their data changes (decision 232); development renders each time.
  const pages = opts.mode === 'prod' ? createPageCache(opts.changes) : undefined;

  if (opts.mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root,
      server: { middlewareMode: true, hmr: { port: config.port + 10000 } },
      appType: 'custom',
    });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    getTemplate = async (url) => vite.transformIndexHtml(url, fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
    getEntry = async () => (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as EntryServer;
  } else {
    assertProductionBundle(distDir);
    const clientDir = path.join(distDir, 'client');
    const templatePath = path.join(clientDir, 'index.html');
    const template = fs.readFileSync(templatePath, 'utf8');
    const entry = (await import(path.join(distDir, 'server', 'entry-server.js'))) as EntryServer;
    getTemplate = async () => template;
    chunksOf = staffChunks(clientDir);
    getEntry = async () => entry;
    await app.register((await import('@fastify/compress')).default, { global: true, encodings: ['br', 'gzip'] });
    await app.register((await import('@fastify/static')).default, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      // The build writes each script and style compressed beside it (scripts/lib/precompress.mjs).
      preCompressed: true,
      wildcard: true,
    });
    for (const file of fs.readdirSync(clientDir)) {
      if (file === 'index.html' || file === 'assets') continue;
      const full = path.join(clientDir, file);
      if (!fs.statSync(full).isFile()) continue;
      app.get(`/${file}`, (_req, reply) =>
        reply.header('Cache-Control', 'public, max-age=3600').type(mimeOf(file)).send(fs.readFileSync(full)),
      );
    }
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://site');
    const staff = isStaffRequest({
      host: request.headers.host,
      staffHost: config.staffHost,
      pathname: url.pathname,
      search: url.search,
    });
    const template = await getTemplate(request.url);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (staff) {
      const { business } = await current();
      // The staff dashboard is never indexed.
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      // The page carries who is signed in and their first jobs: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-cache');
      const onDashboard = url.pathname === '/' || url.pathname === '/dashboard';
      const tab = onDashboard ? url.searchParams.get('tab') : 'none';
      const head = `<title>Staff dashboard | ${escapeHtml(business.name)}</title><meta name="robots" content="noindex, nofollow">${staffInstallHead(business.name, escapeHtml)}`;
      // Who is signed in and the jobs tab's first page travel with the HTML (decision 342); only the dashboard's own pages read data.
      const first = await opts.staffFirstScreen?.(request, tab);
      if (!first?.readable || tab === 'none') {
        return reply.send(
          fillTemplate(template, {
            head: head + modulePreloadTags(chunksOf(tab)),
            html: '',
            data: { app: 'staff', business, page: first?.page },
          }),
        );
      }
      // A signed-in dashboard page comes rendered, with the reads it was rendered from (decision 370).
      const { html, page } = await renderStaffScreen(
        app,
        request,
        (await getEntry()).renderStaff,
        business,
        first.page,
      ).catch((err: unknown) => {
        // Rendered in the browser instead, as before: a page that opens slower, never one that does not open.
        request.log.warn({ err }, 'the staff page was not rendered on the server');
        return { html: '', page: first.page };
      });
      // Painted first, its scripts asked for after (decision 379); a page the browser must draw itself starts them at once.
      const paintFirst = html !== '' && opts.mode === 'prod';
      const shell = paintFirst ? scriptsAfterFirstPaint(template, chunksOf(tab)) : template;
      // The text font comes with the first paint, so nothing reflows when it arrives.
      const headTags = paintFirst ? head + (await getEntry()).fontPreload : head + modulePreloadTags(chunksOf(tab));
      return reply.send(fillTemplate(shell, { head: headTags, html, data: { app: 'staff', business, page } }));
    }
    const render = async () => {
      const { business } = await current();
      const { status, page } = await loadPublicPage(matchPublicPath(url.pathname), {
        db,
        config,
        settings: opts.settings,
      });
      const data: PageData = { app: 'public', business, page };
      const { html, head } = (await getEntry()).render(request.url, data);
      return { status, html: fillTemplate(template, { head, html, data }) };
    };
    if (pages) return pages.send(request, reply, request.url, render);
    const { status, html } = await render();
    return reply.status(status).send(html);
  }

  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/ws')) return reply.callNotFound();
    return servePage(request, reply);
  });
}

function escapeHtml(s: string) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function mimeOf(file: string): string {
  const ext = path.extname(file);
  return (
    {
      '.svg': 'image/svg+xml',
      '.png': 'image/png',
      '.js': 'text/javascript; charset=utf-8',
      '.ico': 'image/x-icon',
      '.webmanifest': 'application/manifest+json',
      '.txt': 'text/plain',
      '.xml': 'application/xml',
    }[ext] ?? 'application/octet-stream'
  );
}
