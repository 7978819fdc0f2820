#!/usr/bin/env node
// Builds the browser bundle and the server-side render entry into WEB_DIST_DIR (default ./dist).
import { execFileSync } from 'node:child_process';

const out = process.env.WEB_DIST_DIR || 'dist';
const vite = (args) => execFileSync('npx', ['vite', 'build', ...args], { stdio: 'inherit' });
vite(['--outDir', `${out}/client`, '--emptyOutDir']);
vite(['--ssr', 'src/web/entry-server.tsx', '--outDir', `${out}/server`, '--emptyOutDir']);
