import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { contractRoutes } from './scripts/lib/contract-routes-plugin';
import { zodWithoutEval } from './scripts/lib/zod-without-eval-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunks } from './scripts/lib/first-screen-chunks';

/** The service worker's own build, as quiet as the app's, without a deprecated option (see below). */
function quietWorkerBuild(): Plugin {
  return {
    name: 'quiet-worker-build',
    config(config) {
      config.logLevel = 'warn';
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        delete output.inlineDynamicImports;
        Object.assign(output, { codeSplitting: false });
      }
    },
  };
}

// ---- The staff dashboard's service worker (docs/decisions/345-offline-day-queue.md) ----
// Built from src/web/staff/offline/sw.ts with Workbox (injectManifest): the build's scripts, styles
// and icons are precached. The worker is registered by /sw-register.js from staff pages only, with
// scope /dashboard, and the manifest stays the server's (/dashboard.webmanifest), so the public
// pages get neither.
const staffOffline = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/web/staff/offline',
  filename: 'sw.ts',
  scope: '/dashboard',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,svg,png,woff2}'],
    // The raw page template and the registration script are not pages a technician opens.
    globIgnores: ['index.html', 'sw-register.js'],
    // The plugin builds the worker with a Vite config of its own: at the info level (every file it
    // writes) and with rollup's `inlineDynamicImports`, which Vite 8 warns is deprecated. The same
    // build, quiet unless something is wrong, with the option's new name (docs/decisions/395-newcomer-first-run.md).
    buildPlugins: { vite: [quietWorkerBuild()] },
  },
  devOptions: { enabled: false },
});
// ---- end of the service worker block ----

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    contractRoutes(import.meta.dirname),
    zodWithoutEval(import.meta.dirname),
    staffOffline,
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload the staff app and the requested tab (src/server/site/staff-preload.ts).
    manifest: true,
    // A few chunks grouped by the first screen that needs them (docs/decisions/388-first-screen-chunks.md);
    // the server render (`--ssr`) is read from disk by the server, where the number of files costs nothing.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: firstScreenChunks(import.meta.dirname) } } },
  },
  ssr: { noExternal: [] },
}));
