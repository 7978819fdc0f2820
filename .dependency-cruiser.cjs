// Import circles, type-only imports included: docs/decisions/180-lint-rules.md.
// The web/server/shared boundaries stay in eslint.config.js.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a circle, not even for a type: move the shared piece into its own module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Count `import type` too: the compiler erases them, but the circle still ties the modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
