import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (STYLE.md): web and server never import each other; shared imports neither. */
const boundary = (forbidden, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message: why }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', '.dist-*/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**'],
    rules: boundary(['**/server/**', 'node:*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], 'The web app talks to the server over HTTP only.'),
  },
  {
    files: ['src/server/**'],
    rules: boundary(['**/web/**', 'react', 'react-dom', 'react-dom/*'], 'The server does not import the web app; it renders it through the built SSR entry.'),
  },
  {
    files: ['src/shared/**'],
    rules: boundary(['**/server/**', '**/web/**', 'node:*', 'drizzle-orm', 'drizzle-orm/*'], 'shared/ runs in the browser and on the server: pure code only.'),
  },
);
