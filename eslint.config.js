import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/** Import boundaries (STYLE.md): web and server never import each other; shared imports neither. */
const boundary = (forbidden, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message: why }] }],
});

/**
 * One writer of each piece of state (decision 250): a job's status, payment and history only through
 * src/server/jobs/lifecycle.ts, customer invoices only in src/server/invoices. Flat config lets one
 * no-restricted-syntax per file win, so each owner's folder gets the other owner's rule only.
 */
const writes = (table, owner, how) => ({
  selector: `CallExpression[callee.property.name='update'][arguments.0.name='${table}']`,
  message: `Only ${owner} writes the ${table} table: call its functions (${how}; decision 250).`,
});
const JOBS_WRITE = writes(
  'jobs',
  'src/server/jobs',
  "a job's status, payment and history move through src/server/jobs/lifecycle.ts",
);
const INVOICES_WRITE = writes(
  'customerInvoices',
  'src/server/invoices',
  'paid on a job and on its invoice is src/server/invoices/job-sync.ts',
);
const OWNED_STATE = ['src/server/jobs/**', 'src/server/invoices/**'];
const oneWriter = [
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: OWNED_STATE,
    rules: { 'no-restricted-syntax': ['error', JOBS_WRITE, INVOICES_WRITE] },
  },
  { files: ['src/server/jobs/**/*.ts'], rules: { 'no-restricted-syntax': ['error', INVOICES_WRITE] } },
  { files: ['src/server/invoices/**/*.ts'], rules: { 'no-restricted-syntax': ['error', JOBS_WRITE] } },
];

// Which rules and why (import circles are checked by dependency-cruiser): docs/decisions/180-lint-rules.md.
export default tseslint.config(
  { ignores: ['dist/**', '.dist-*/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // Type information for the promise rules; the .mjs scripts are outside tsconfig.json (a dozen is fine for speed).
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs', 'scripts/lib/*.mjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 24,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Only a warning in the preset; a stale effect is a bug, so it fails lint.
      'react-hooks/exhaustive-deps': 'error',
      // Says the React Compiler would skip a component (react-hook-form's watch); this app does not use the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/web/**/*.tsx'],
    rules: {
      // Look three levels deep for a label's text: a choice card's title sits in a span inside a span.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // jsx-a11y has no rule for a control without a label (it cannot follow htmlFor to an id), so this
      // one asks for the usual ways: inside a <label>, an id for a <label htmlFor>, or an aria-label.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/^(input|select|textarea)$/]' +
            ':not(:has(JSXAttribute[name.name=/^(id|aria-label|aria-labelledby)$/]))' +
            ':not(:has(JSXAttribute[name.name="type"][value.value=/^(hidden|submit|reset|button|image)$/]))' +
            ':not(JSXElement[openingElement.name.name="label"] JSXOpeningElement)',
          message:
            'A form control needs a label: put it inside a <label>, give it an id that a <label htmlFor> names, or give it an aria-label.',
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: boundary(
      ['**/server/**', 'node:*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
      'The web app talks to the server over HTTP only.',
    ),
  },
  {
    files: ['src/server/**'],
    rules: boundary(
      ['**/web/**', 'react', 'react-dom', 'react-dom/*'],
      'The server does not import the web app; it renders it through the built SSR entry.',
    ),
  },
  {
    files: ['src/shared/**'],
    rules: boundary(
      ['**/server/**', '**/web/**', 'node:*', 'drizzle-orm', 'drizzle-orm/*'],
      'shared/ runs in the browser and on the server: pure code only.',
    ),
  },
  ...oneWriter,
);
