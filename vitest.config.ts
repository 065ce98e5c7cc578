import { defineConfig } from 'vitest/config';

/**
 * Workspace packages export their TypeScript sources under the `@specgen/source` condition (see
 * tools/build/layout.ts), so the tests run from sources without a build; child processes the tests
 * start (tsx, node) get the same condition through NODE_OPTIONS.
 */
const SOURCE_CONDITION = '@specgen/source';
const conditions = [SOURCE_CONDITION, 'module', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: [SOURCE_CONDITION] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'tools/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, `--conditions=${SOURCE_CONDITION}`].filter(Boolean).join(' ') },
  },
});
