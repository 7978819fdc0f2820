// The server compiled to JavaScript for production (docs/decisions/339-production-runs-the-compiled-server.md):
// esbuild bundles the app's own TypeScript (src/server, src/shared) into dist/server/main.js and the
// embedded database's thread into pglite-thread-worker.js beside it. Packages stay in node_modules,
// imported at run time as they are (native ones like sharp cannot be bundled). Type checking is
// tsc's job (`npm run typecheck`), not the build's.
import { build } from 'esbuild';

export async function buildServer(outdir) {
  const started = Date.now();
  await build({
    entryPoints: { main: 'src/server/main.ts', 'pglite-thread-worker': 'src/server/db/pglite-thread-worker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces name the source files and functions, as under tsx.
    keepNames: true,
    logLevel: 'warning',
  });
  console.log(`Compiled the server into ${outdir}/main.js in ${Date.now() - started} ms`);
}
