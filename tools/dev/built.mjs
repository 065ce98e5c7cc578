/**
 * Whether the compiled output the repository's commands run (`pnpm specgen`, `pnpm start`,
 * `pnpm service`) is current, without starting turbo: the newest modification time among the build
 * inputs of a scope is compared with a stamp written after the last build this launcher ran. When an
 * input is newer (or there is no stamp), `turbo run build` runs once: a cache hit when the contents
 * did not change (after a checkout, say), a real build otherwise. Plain JavaScript, so that it runs
 * on node without tsx.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Folders and files whose contents go into a scope's build (turbo.json's inputs, by folder). */
const SCOPES = {
  // the CLI's bundle and the packages it bundles: not the spec, the templates or generated/
  cli: {
    filters: ['@specgen/cli'],
    trees: ['packages'],
    files: ['pnpm-lock.yaml', 'tsconfig.base.json', 'tsconfig.build.base.json', 'turbo.json'],
    outputs: ['packages/cli/bundle/main.js'],
  },
  // the generated server and the runtime it runs on, generated from the spec and the templates
  server: {
    filters: ['@service-api/server'],
    trees: ['packages', 'spec', 'templates', 'generated'],
    files: ['pnpm-lock.yaml', 'tsconfig.base.json', 'tsconfig.build.base.json', 'turbo.json', 'specgen.config.json'],
    outputs: [],
  },
  // the reference site `pnpm start` serves at /reference (`specgen docs`), written from the spec
  reference: { filters: [], trees: ['packages', 'spec'], files: ['specgen.config.json'], outputs: [] },
};

/** Build outputs and folders no build reads; everything else under a tree counts. */
const SKIPPED = new Set(['node_modules', 'dist', 'bundle', '.turbo', 'test', 'coverage', '.data']);

function newestMtime(path, depth = 0) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  let newest = stat.mtimeMs;
  if (!stat.isDirectory()) return newest;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const transient = entry.name.startsWith('.specgen-staging-') || entry.name.startsWith('.bundle-');
    if (transient || (depth > 0 && SKIPPED.has(entry.name))) continue;
    if (depth > 0 && entry.name === 'templates' && path.endsWith('/cli')) continue; // copied in at pack time
    newest = Math.max(newest, newestMtime(join(path, entry.name), depth + 1));
  }
  return newest;
}

/** Milliseconds since the epoch of the newest input of `scope`. */
export function newestInput(scope, root = REPO_ROOT) {
  const { trees, files } = SCOPES[scope];
  return Math.max(...[...trees, ...files].map((p) => newestMtime(join(root, p))));
}

const stampOf = (scope, root) => join(root, 'node_modules/.cache/specgen-dev', `built-${scope}`);

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * True when the last build of `scope` is newer than every input: the last build this launcher ran
 * (its stamp), or for the CLI any build that wrote the bundle (`pnpm build`, tools/ci/test.sh).
 */
export function isBuilt(scope, root = REPO_ROOT) {
  const outputs = SCOPES[scope].outputs.map((p) => mtimeOf(join(root, p)));
  const built = Math.max(mtimeOf(stampOf(scope, root)), ...outputs);
  return built > 0 && newestInput(scope, root) <= built;
}

/**
 * How tests start this checkout's `specgen`: the compiled bin when the CLI's build is current (CI
 * builds before the tests), else tsx on the sources; SPECGEN_TEST_FROM_SOURCES=1 forces the sources.
 */
export function specgenArgv(root = REPO_ROOT, env = process.env) {
  if (env.SPECGEN_TEST_FROM_SOURCES !== '1' && isBuilt('cli', root)) {
    return [process.execPath, join(root, 'packages/cli/bin/specgen.js')];
  }
  return [join(root, 'node_modules/.bin/tsx'), '--conditions=@specgen/source', join(root, 'packages/cli/src/main.ts')];
}

/**
 * Runs `turbo run build` for the scope's packages (and what they depend on, generate included) when
 * an input changed since the last such build; exits with turbo's status if it fails.
 */
export function ensureBuilt(scope, root = REPO_ROOT) {
  if (isBuilt(scope, root)) return;
  const filters = SCOPES[scope].filters.map((f) => `--filter=${f}`);
  process.stderr.write(`building ${SCOPES[scope].filters.join(', ')} (turbo; a cache hit when nothing changed)\n`);
  const turbo = join(root, 'node_modules/.bin/turbo');
  const { NODE_OPTIONS: _source, ...env } = process.env;
  const result = spawnSync(turbo, ['run', 'build', ...filters, '--output-logs=errors-only'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { TURBO_TELEMETRY_DISABLED: '1', ...env },
  });
  if (result.status !== 0) {
    const why = result.error?.message ?? `exit ${result.status}`;
    process.stderr.write(`build failed (${why}); run \`pnpm turbo run build\` to see why\n`);
    process.exit(result.status || 1);
  }
  // The stamp's time is after the build, so the files the build itself wrote (generated/) count as built.
  const stamp = stampOf(scope, root);
  mkdirSync(join(stamp, '..'), { recursive: true });
  writeFileSync(stamp, '');
  const now = new Date();
  utimesSync(stamp, now, now);
}

const REFERENCE_DIR = 'generated/server/reference';

/**
 * The reference site under generated/server/reference (served by `pnpm start` at /reference), written
 * with the compiled `specgen docs` when the spec or a package changed since it was last written here.
 */
export function ensureReferenceSite(root = REPO_ROOT) {
  if (isBuilt('reference', root) && statSync(join(root, REFERENCE_DIR), { throwIfNoEntry: false })) return;
  ensureBuilt('cli', root);
  const { NODE_OPTIONS: _source, ...env } = process.env;
  const bin = join(root, 'packages/cli/bin/specgen.js');
  const result = spawnSync(process.execPath, [bin, 'docs', '--out', REFERENCE_DIR], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) {
    process.stderr.write(`specgen docs --out ${REFERENCE_DIR} failed (exit ${result.status})\n`);
    process.exit(result.status || 1);
  }
  const stamp = stampOf('reference', root);
  mkdirSync(join(stamp, '..'), { recursive: true });
  writeFileSync(stamp, '');
  const now = new Date();
  utimesSync(stamp, now, now);
}
