import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * In the browser build, `import ... from 'zod'` anywhere resolves to src/web/lib/zod-without-eval.ts,
 * which sets zod to validate without `eval` and re-exports it. Every module that builds a schema
 * therefore gets that setting first, without the entry script having to load zod up front
 * (docs/decisions/380-staff-first-screen-without-zod.md). The server render keeps plain zod.
 */
export function zodWithoutEval(root: string): Plugin {
  const wrapper = path.resolve(root, 'src/web/lib/zod-without-eval.ts');
  return {
    name: 'zod-without-eval',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod' || options?.ssr || !importer || path.resolve(importer) === wrapper) return null;
      return wrapper;
    },
  };
}
