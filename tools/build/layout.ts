/**
 * The build layout of every workspace package under packages/: each one compiles `src/` to `dist/`
 * (JS, .d.ts, source maps) with its own `tsconfig.build.json`, whose project references follow the
 * package's `@specgen/*` dependencies, and exports each entry with the conditions
 *   "@specgen/source" (the TypeScript source: tests and dev scripts run without a build),
 *   "types", "import", "default" (the compiled files a consumer gets).
 * An entry outside src/ (e.g. `./testing` -> `./test/fixture.ts`, helpers other packages' tests
 * share) keeps only the source condition: it is neither built nor shipped.
 *
 *   pnpm tsx tools/build/layout.ts          rewrite tsconfig.build.json and the exports of every package
 *   pnpm tsx tools/build/layout.ts --check  exit 1 and list the packages whose files differ
 * tools/test/build-layout.test.ts runs the check, so a new package follows the same pattern.
 *
 * One explicit exception: the VS Code extension (EXTENSION_PACKAGES) is no npm library, so none of
 * this applies to it (see below); the test checks its own shape instead.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCE_CONDITION = '@specgen/source';
/** `tsc -b` builds the package and, through its references, every `@specgen/*` package it needs. */
export const BUILD = 'tsc -b tsconfig.build.json';
/** Packages for this repository's tests only: never published. Every other package is publishable. */
export const PRIVATE_PACKAGES = ['test-support'];

interface PackageJson {
  name: string;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

export interface PackageFiles {
  dir: string;
  /** Path relative to ROOT -> expected text. */
  files: Map<string, string>;
}

/**
 * VS Code extensions (packages/vscode): esbuild bundles `src/` into one CommonJS file that VS Code
 * loads, and @vscode/vsce packs a `.vsix` (their `scripts/build.mjs`). They export nothing, ship no
 * declarations, need `engines.vscode` (the layout would overwrite `engines`), and stay private:
 * installed from the .vsix, never published to npm. So the layout below leaves them alone.
 */
export const EXTENSION_PACKAGES = ['vscode'];

/** Packages with a `src/` folder are built with this layout; e2e (tests only) and extensions are not. */
export function builtPackages(root = ROOT): string[] {
  const base = join(root, 'packages');
  return readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'src')) && existsSync(join(base, name, 'package.json')))
    .filter((name) => !EXTENSION_PACKAGES.includes(name))
    .sort();
}

function readPackage(root: string, dir: string): PackageJson {
  return JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as PackageJson;
}

/** `./src/x/index.ts` -> the four conditions of that entry. */
export function entryConditions(source: string): Record<string, string> {
  const out = source.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '');
  return { [SOURCE_CONDITION]: source, types: `${out}.d.ts`, import: `${out}.js`, default: `${out}.js` };
}

function sourceOf(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry.endsWith('.ts') ? entry : undefined;
  if (entry && typeof entry === 'object') return (entry as Record<string, string>)[SOURCE_CONDITION];
  return undefined;
}

export function expectedFiles(root = ROOT): PackageFiles[] {
  const dirs = builtPackages(root);
  const byName = new Map(dirs.map((dir) => [readPackage(root, dir).name, dir]));
  return dirs.map((dir) => {
    const pkg = readPackage(root, dir);
    const references = Object.keys(pkg.dependencies ?? {})
      .filter((name) => byName.has(name))
      .sort()
      .map((name) => ({ path: `../${byName.get(name)}/tsconfig.build.json` }));
    const tsconfig = {
      extends: '../../tsconfig.build.base.json',
      compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/.tsbuildinfo' },
      include: ['src'],
      ...(references.length > 0 ? { references } : {}),
    };
    const exports: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(pkg.exports ?? {})) {
      const source = sourceOf(entry);
      // A `testing` entry (shared test helpers under test/) is never built or shipped: source only.
      exports[key] = !source
        ? entry
        : source.startsWith('./src/')
          ? entryConditions(source)
          : { [SOURCE_CONDITION]: source };
    }
    const files = (pkg.files as string[] | undefined) ?? [];
    const scripts = (pkg.scripts as Record<string, string> | undefined) ?? {};
    const { private: _private, ...rest } = pkg;
    const next: PackageJson = {
      ...(PRIVATE_PACKAGES.includes(dir) ? pkg : rest),
      exports,
      files: files.includes('dist') ? files : ['dist', ...files],
    };
    // A package may do more after the build (generate-core precompiles the templates) and before
    // packing (the CLI copies its templates), after \`tsc -b\`.
    const after = (script: string | undefined) => (script?.startsWith(`${BUILD} && `) ? script : BUILD);
    next.scripts = {
      ...scripts,
      build: after(scripts.build),
      prepack: scripts.prepack?.startsWith(BUILD) ? scripts.prepack : after(scripts.build),
    };
    next.engines = { node: '>=20.19' };
    return {
      dir,
      files: new Map([
        [`packages/${dir}/tsconfig.build.json`, `${JSON.stringify(tsconfig, null, 2)}\n`],
        [`packages/${dir}/package.json`, `${JSON.stringify(next, null, 2)}\n`],
      ]),
    };
  });
}

/** Paths whose text on disk differs from the expected text. */
export function staleFiles(root = ROOT): string[] {
  const stale: string[] = [];
  for (const { files } of expectedFiles(root)) {
    for (const [path, text] of files) {
      const file = join(root, path);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) stale.push(path);
    }
  }
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    for (const path of stale) process.stderr.write(`stale: ${path} (run: pnpm tsx tools/build/layout.ts)\n`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  for (const { files } of expectedFiles()) for (const [path, text] of files) writeFileSync(join(ROOT, path), text);
}
