import fs from 'node:fs';
import path from 'node:path';

/** The browser build's manifest (vite.config.ts `build.manifest`): each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The module each dashboard tab's code starts from (src/web/staff/dashboard-page.tsx); the reports screen is its tab's real content. */
export const TAB_MODULES: Record<string, string[]> = {
  jobs: ['src/web/staff/tabs/jobs-tab.tsx'],
  schedule: ['src/web/staff/tabs/schedule-tab.tsx'],
  invoices: ['src/web/staff/tabs/invoices-tab.tsx'],
  prices: ['src/web/staff/prices/index.ts'],
  expenses: ['src/web/staff/tabs/expenses-tab.tsx'],
  'time-slots': ['src/web/staff/tabs/time-slots-tab.tsx'],
  reports: ['src/web/staff/tabs/reports-tab.tsx', 'src/web/staff/reports/reports-screen.tsx'],
  team: ['src/web/staff/tabs/team-tab.tsx'],
  settings: ['src/web/staff/tabs/settings-tab.tsx'],
};
export const STAFF_APP = 'src/web/staff/staff-app.tsx';

/**
 * The build files of the staff app and the requested tab (the jobs tab's when none is
 * named), so the browser fetches them with the entry script instead of one after another as each
 * import is reached (docs/decisions/342-staff-first-screen.md). Empty when the build has no
 * manifest (development).
 */
export function staffChunks(clientDir: string): (tab: string | null) => string[] {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const chunksOf = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      const entry = manifest[key];
      if (!entry || seen.has(key)) return;
      seen.add(key);
      for (const dep of entry.imports ?? []) visit(dep);
    };
    roots.forEach(visit);
    return [...seen].map((key) => `/${manifest[key]!.file}`);
  };
  const byTab = new Map(Object.entries(TAB_MODULES).map(([tab, modules]) => [tab, chunksOf([STAFF_APP, ...modules])]));
  const appOnly = chunksOf([STAFF_APP]);
  return (tab) => (tab === null ? byTab.get('jobs')! : (byTab.get(tab) ?? appOnly));
}

/** `<link rel="modulepreload">` tags for these files, for a page whose scripts start at once. */
export const modulePreloadTags = (files: string[]) =>
  files.map((f) => `<link rel="modulepreload" href="${f}">`).join('');

/**
 * A server-rendered dashboard page is painted before any of its scripts is asked for
 * (docs/decisions/379-staff-page-usable-before-its-scripts.md): the template's entry script and
 * module preloads give way to /staff-boot.js, which asks for the entry and these files together
 * once the page has been painted.
 */
export function scriptsAfterFirstPaint(template: string, files: string[]): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(template);
  if (!entry) return template;
  const templatePreloads = [...template.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)].map(
    (m) => m[1]!,
  );
  const preload = [...new Set([...templatePreloads, ...files])].join(' ');
  return template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      entry[0],
      () => `<script defer src="/staff-boot.js" data-entry="${entry[1]}" data-preload="${preload}"></script>`,
    );
}
