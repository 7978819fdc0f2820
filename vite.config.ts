import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { contractRoutes } from './scripts/lib/contract-routes-plugin';

export default defineConfig({
  plugins: [react(), tailwindcss(), contractRoutes(import.meta.dirname)],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to preload the staff app and the requested tab (src/server/site/staff-preload.ts).
    manifest: true,
  },
  ssr: { noExternal: [] },
});
