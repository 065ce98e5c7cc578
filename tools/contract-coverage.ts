/**
 * How much of the OpenAPI document the test suites exercise: every (method, path, status) the
 * suites answered and checked (CONTRACT_COVERAGE=<file>, see @specgen/contract/testing) against
 * every one the published document (generated/openapi/openapi.json) lists.
 *
 *   rm -f /tmp/cov.txt
 *   CONTRACT_COVERAGE=/tmp/cov.txt pnpm vitest run packages/runtime-server packages/runtime-resources packages/e2e
 *   pnpm tsx tools/contract-coverage.ts /tmp/cov.txt
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: tsx tools/contract-coverage.ts <CONTRACT_COVERAGE file>\n');
  process.exit(2);
}
const document = JSON.parse(readFileSync(join(root, 'generated/openapi/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) =>
    Object.keys(op.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`),
  ),
);
const seen = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
const missing = documented.filter((d) => !seen.has(d));
process.stdout.write(
  `answered and checked: ${documented.length - missing.length} of ${documented.length} documented (operation, status) pairs\n`,
);
for (const m of missing) process.stdout.write(`  not exercised: ${m}\n`);
