#!/usr/bin/env node
// Builds the browser bundle, the server-side render entry and the compiled server into
// WEB_DIST_DIR (default ./dist); `npm start` runs dist/server/main.js.
// Always a production bundle, whatever NODE_ENV the shell has: a development bundle served in
// production renders nothing (React's development JSX runtime is not in the production server).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from './lib/build-server.mjs';
import { precompressDir } from './lib/precompress.mjs';

const out = process.env.WEB_DIST_DIR || 'dist';
const env = { ...process.env, NODE_ENV: 'production' };
const vite = (args) =>
  execFileSync('npx', ['vite', 'build', '--mode', 'production', ...args], { stdio: 'inherit', env });
vite(['--outDir', `${out}/client`, '--emptyOutDir']);
// After the service worker's list of files is written, so the compressed copies are not in it.
precompressDir(path.join(out, 'client', 'assets'));
vite(['--ssr', 'src/web/entry-server.tsx', '--outDir', `${out}/server`, '--emptyOutDir']);
// After the render entry, whose build empties the folder they share.
await buildServer(path.join(out, 'server'));
// The server checks this before serving the bundle (src/server/site/serve.ts).
fs.writeFileSync(
  path.join(out, 'build-info.json'),
  JSON.stringify({ mode: 'production', builtAt: new Date().toISOString() }, null, 2) + '\n',
);
