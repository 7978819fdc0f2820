// Import circles, type-only imports included: docs/decisions/180-lint-rules.md.
// Feature folders and tests: docs/decisions/275-staff-features-and-test-helpers.md.
// The web/server/shared boundaries stay in eslint.config.js.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules must not import each other in a circle, not even for a type: move the shared piece into its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'staff-feature-internals',
      severity: 'error',
      comment:
        "A staff feature folder (src/web/staff/<feature>/) uses another feature only through that feature's index.ts; the shell (src/web/staff/*.tsx and tabs/) places the features and may import any of them. Shared pieces go to src/web/lib or src/web/components.",
      from: { path: '^src/web/staff/([^/]+)/', pathNot: '^src/web/staff/tabs/' },
      to: { path: '^src/web/staff/[^/]+/', pathNot: ['^src/web/staff/$1/', '^src/web/staff/[^/]+/index\\.ts$'] },
    },
    {
      name: 'no-src-to-tests',
      severity: 'error',
      comment: 'Only test files (*.test.ts) under src/ may import from tests/: test support lives in tests/helpers.',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    // Count `import type` too: the compiler erases them, but the circle still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
