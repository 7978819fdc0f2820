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

/**
 * One Perth clock (decision 392): the zone's name, its UTC offset and the eight hours are written in
 * src/shared/domain/perth-time.ts only; everything else asks it (or src/server/db/perth-sql.ts in SQL).
 */
const PERTH_CLOCK_MESSAGE =
  'Perth time has one home: use src/shared/domain/perth-time.ts (perthDay, perthMoment, perthClockTime, ...) or, in SQL, src/server/db/perth-sql.ts (decision 392).';
const PERTH_CLOCK = [
  { selector: 'Literal[value=/Australia.Perth|\\+08:00/]', message: PERTH_CLOCK_MESSAGE },
  { selector: 'TemplateElement[value.raw=/Australia.Perth|\\+08:00/]', message: PERTH_CLOCK_MESSAGE },
  {
    selector: "BinaryExpression[operator='*'][left.value=8]:matches([right.value=3600], [right.value=3600000])",
    message: PERTH_CLOCK_MESSAGE,
  },
  {
    selector:
      "BinaryExpression[operator='*'][left.operator='*'][left.left.value=8][left.right.value=60][right.value=60]",
    message: PERTH_CLOCK_MESSAGE,
  },
];
const PERTH_CLOCK_HOME = ['src/shared/domain/perth-time.ts', '**/*.test.ts', '**/*.test.tsx'];

/**
 * Flat config lets one no-restricted-syntax per file win, so each entry that sets it comes twice:
 * its own selectors for every file it covers, then the same with the Perth clock's for those files
 * outside PERTH_CLOCK_HOME. A file no entry covers gets the Perth clock's alone (the first entry).
 */
const restrictedSyntax = ({ files, ignores = [], selectors, ...rest }) => [
  { files, ignores, ...rest, rules: { ...rest.rules, 'no-restricted-syntax': ['error', ...selectors] } },
  {
    files,
    ignores: [...ignores, ...PERTH_CLOCK_HOME],
    rules: { 'no-restricted-syntax': ['error', ...selectors, ...PERTH_CLOCK] },
  },
];
const perthClockEverywhere = {
  files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mts,mjs,js}'],
  ignores: PERTH_CLOCK_HOME,
  rules: { 'no-restricted-syntax': ['error', ...PERTH_CLOCK] },
};

const oneWriter = [
  ...restrictedSyntax({
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: OWNED_STATE,
    selectors: [JOBS_WRITE, INVOICES_WRITE],
  }),
  ...restrictedSyntax({ files: ['src/server/jobs/**/*.ts'], selectors: [INVOICES_WRITE] }),
  ...restrictedSyntax({ files: ['src/server/invoices/**/*.ts'], selectors: [JOBS_WRITE] }),
];

/**
 * jsx-a11y has no rule for a control without a label (it cannot follow htmlFor to an id), so this
 * one asks for the usual ways: inside a <label>, an id for a <label htmlFor>, or an aria-label.
 */
const LABELLED_CONTROL = {
  selector:
    'JSXOpeningElement[name.name=/^(input|select|textarea)$/]' +
    ':not(:has(JSXAttribute[name.name=/^(id|aria-label|aria-labelledby)$/]))' +
    ':not(:has(JSXAttribute[name.name="type"][value.value=/^(hidden|submit|reset|button|image)$/]))' +
    ':not(JSXElement[openingElement.name.name="label"] JSXOpeningElement)',
  message:
    'A form control needs a label: put it inside a <label>, give it an id that a <label htmlFor> names, or give it an aria-label.',
};

// Which rules and why (import circles are checked by dependency-cruiser): docs/decisions/180-lint-rules.md.
export default tseslint.config(
  { ignores: ['dist/**', '.dist-*/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  perthClockEverywhere,
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
  ...restrictedSyntax({
    files: ['src/web/**/*.tsx'],
    // Look three levels deep for a label's text: a choice card's title sits in a span inside a span.
    rules: { 'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }] },
    selectors: [LABELLED_CONTROL],
  }),
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
