import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './staff-preload';

// The built page template (dist/client/index.html) as Vite writes it.
const TEMPLATE = `<head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-BBBB.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CCCC.css">
  </head>`;

describe('a server-rendered dashboard page asks for its scripts after its first paint', () => {
  const page = scriptsAfterFirstPaint(TEMPLATE, ['/assets/staff-app-DDDD.js', '/assets/jsx-runtime-BBBB.js']);

  it('has no script or module preload the browser would fetch before painting', () => {
    expect(page).not.toContain('type="module"');
    expect(page).not.toContain('modulepreload');
    // The stylesheet still comes first: it is what the first paint needs.
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-CCCC.css">');
  });

  it('hands the entry and every file to preload, once each, to the deferred starter', () => {
    expect(page).toContain(
      '<script defer src="/staff-boot.js" data-entry="/assets/index-AAAA.js" data-preload="/assets/jsx-runtime-BBBB.js /assets/staff-app-DDDD.js"></script>',
    );
  });

  it('leaves a template without an entry script as it is', () => {
    expect(scriptsAfterFirstPaint('<head></head>', ['/assets/x.js'])).toBe('<head></head>');
  });
});
