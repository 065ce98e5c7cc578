import { availableParallelism } from 'node:os';
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
    // vitest's default is one worker less than the cores: a single worker on a 2-core CI runner, idle while
    // its file waits on a child process, a server, PostgreSQL or chromium. At least 2 (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS']) || Math.max(2, availableParallelism() - 1),
    env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, `--conditions=${SOURCE_CONDITION}`].filter(Boolean).join(' ') },
  },
});
