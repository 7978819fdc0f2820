import { z } from 'zod';

/**
 * Zod compiles object schemas with `new Function` when the page allows it, and finds out by
 * trying: under the site's Content-Security-Policy (no 'unsafe-eval', src/server/http/security.ts)
 * that try is a violation Chromium logs on every page, and Lighthouse counts. The browser validates
 * without it, so the policy stays strict and nothing is logged.
 * Imported first by the browser entry, before any schema is used.
 */
z.config({ jitless: true });
