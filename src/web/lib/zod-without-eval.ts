import { z } from 'zod';

/**
 * Zod compiles object schemas with `new Function` when the page allows it, and finds out by
 * trying: under the site's Content-Security-Policy (no 'unsafe-eval', src/server/http/security.ts)
 * that try is a violation Chromium logs on every page, and Lighthouse counts. The browser validates
 * without it, so the policy stays strict and nothing is logged.
 *
 * The browser build resolves every `import ... from 'zod'` to this module
 * (scripts/lib/zod-without-eval-plugin.ts), so the setting comes before any schema wherever zod is
 * first loaded, and zod is loaded only by the code that validates something: a page that shows
 * data and validates nothing loads none of it (docs/decisions/380-staff-first-screen-without-zod.md).
 */
z.config({ jitless: true });

export * from 'zod';
export { z, z as default };
