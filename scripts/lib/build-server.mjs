// The server compiled to JavaScript for production (docs/decisions/339-production-runs-the-compiled-server.md):
// esbuild bundles the app's own TypeScript (src/server, src/shared) into dist/server/main.js and the
// embedded database's thread into pglite-thread-worker.js beside it. Packages stay in node_modules,
// imported at run time as they are (native ones like sharp cannot be bundled). Type checking is
// tsc's job (`npm run typecheck`), not the build's.
import { build } from 'esbuild';

const SERVER_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  // Stack traces name the source files and functions, as under tsx.
  keepNames: true,
  logLevel: 'warning',
};
const WORKER_ENTRY = 'src/server/db/pglite-thread-worker.ts';

export async function buildServer(outdir) {
  const started = Date.now();
  await build({
    ...SERVER_OPTIONS,
    entryPoints: { main: 'src/server/main.ts', 'pglite-thread-worker': WORKER_ENTRY },
    outdir,
  });
  console.log(`Compiled the server into ${outdir}/main.js in ${Date.now() - started} ms`);
}

/**
 * The embedded database's thread alone, compiled to `outfile` (somewhere under the checkout, so
 * its packages resolve from node_modules): the API tests' threads import it as it is instead of
 * each compiling the TypeScript again (docs/decisions/436-api-tests-share-a-compiled-thread.md).
 */
export async function buildPgliteWorker(outfile) {
  await build({ ...SERVER_OPTIONS, entryPoints: [WORKER_ENTRY], outfile, sourcemap: 'inline' });
}
