import path from 'node:path';
import type { Plugin } from 'vite';
import { contracts } from '../../src/shared/contracts';

/** What the browser's API client and refresh rules read of a contract: never its zod schemas. */
const ROUTE_FIELDS = ['method', 'path', 'access', 'paged', 'responseKind', 'affects', 'multipart', 'status'] as const;

function routeTable(): string {
  const table = Object.fromEntries(
    Object.entries(contracts).map(([area, ops]) => [
      area,
      Object.fromEntries(
        Object.entries(ops as Record<string, Record<string, unknown>>).map(([name, c]) => [
          name,
          Object.fromEntries(ROUTE_FIELDS.filter((f) => c[f] !== undefined).map((f) => [f, c[f]])),
        ]),
      ),
    ]),
  );
  return `export const contracts = ${JSON.stringify(table)};\n`;
}

/**
 * Browser code that imports the contract index (the API client, the refresh rules) gets a plain
 * table of methods, paths and affected areas instead: building every contract's zod schema at load
 * was most of the staff app's start-up script (docs/decisions/342-staff-first-screen.md). Forms
 * still import the schemas they validate with, in their own tab's chunk.
 */
export function contractRoutes(root: string): Plugin {
  const index = path.resolve(root, 'src/shared/contracts/index.ts');
  const virtualId = '\0contract-routes';
  return {
    name: 'contract-routes',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer?.includes(`${path.sep}src${path.sep}web${path.sep}`) || !source.includes('contracts')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === index ? virtualId : null;
    },
    load(id) {
      return id === virtualId ? routeTable() : null;
    },
  };
}
