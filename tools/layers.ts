/**
 * The layers of the workspace, read from each package's package.json and sources (STYLE.md,
 * "Layers point one way"; the README draws the graph):
 *
 *   ir + contract  <-  parser
 *         ^    ^
 *         |    +-- generate-*  (read the IR and the contract, write files)
 *         +------- runtime-*   (read the IR and the contract, serve requests)
 *
 * tools/test/layers.test.ts checks the rules below on the real package.json files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface WorkspacePackage {
  dir: string;
  name: string;
  dependencies: string[];
  devDependencies: string[];
}

export function workspacePackages(root = ROOT): WorkspacePackage[] {
  const base = join(root, 'packages');
  return readdirSync(base)
    .filter((dir) => existsSync(join(base, dir, 'package.json')))
    .sort()
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(base, dir, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      return {
        dir,
        name: pkg.name,
        dependencies: Object.keys(pkg.dependencies ?? {}),
        devDependencies: Object.keys(pkg.devDependencies ?? {}),
      };
    });
}

/** A dependency that breaks a layer: `from` may not list `to` (in `field`). */
export interface LayerViolation {
  from: string;
  to: string;
  field: 'dependencies' | 'devDependencies';
  rule: string;
}

const isRuntime = (name: string) => name.startsWith('@specgen/runtime-');
const isGenerator = (name: string) => name.startsWith('@specgen/generate-');
/** A generator target (types, validators, openapi, client, server); generate-core is what they share. */
const isTarget = (name: string) => isGenerator(name) && name !== '@specgen/generate-core';

/** Packages that are published and run: the IR, the contract, the build side and the runtime (not e2e tests). */
const ships = (name: string) =>
  isRuntime(name) || isBuildSide(name) || ['@specgen/ir', '@specgen/contract', '@specgen/naming'].includes(name);

/** Names of the packages `specgen generate` wrote under generated/ (whatever `--package-scope` named them). */
export function generatedPackageNames(root = ROOT): string[] {
  const base = join(root, 'generated');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((dir) => existsSync(join(base, dir, 'package.json')))
    .map((dir) => (JSON.parse(readFileSync(join(base, dir, 'package.json'), 'utf8')) as { name: string }).name)
    .sort();
}
/** The build side: what turns markdown into files. The running server never loads it. */
const isBuildSide = (name: string) =>
  isGenerator(name) || ['@specgen/parser', '@specgen/cli', '@specgen/diff'].includes(name);

export function layerViolations(packages = workspacePackages(), generated = generatedPackageNames()): LayerViolation[] {
  const out: LayerViolation[] = [];
  for (const p of packages) {
    for (const field of ['dependencies', 'devDependencies'] as const) {
      for (const to of p[field]) {
        // Tests may build a workspace of several targets (devDependencies); the generators' code may not.
        if (isGenerator(p.name) && isTarget(to) && field === 'dependencies') {
          out.push({
            from: p.name,
            to,
            field,
            rule: 'a generator never imports another generator (shared code lives in generate-core)',
          });
        }
        if (ships(p.name) && generated.includes(to) && field === 'dependencies') {
          out.push({
            from: p.name,
            to,
            field,
            rule: "no package needs a generated package at run time (its name is the user's to choose)",
          });
        }
        if (isRuntime(p.name) && isBuildSide(to))
          out.push({ from: p.name, to, field, rule: 'runtime packages need only the IR and the contract' });
        if (isRuntime(p.name) && to === '@specgen/test-support' && field === 'dependencies') {
          out.push({ from: p.name, to, field, rule: 'test support is for tests only (devDependencies)' });
        }
        if ((isGenerator(p.name) || p.name === '@specgen/contract' || p.name === '@specgen/ir') && isRuntime(to)) {
          out.push({
            from: p.name,
            to,
            field,
            rule: 'generators, the contract and the IR never depend on runtime packages',
          });
        }
        if (['@specgen/ir', '@specgen/contract'].includes(p.name) && field === 'dependencies' && isBuildSide(to)) {
          out.push({
            from: p.name,
            to,
            field,
            rule: 'the IR and the contract sit below the parser and the generators',
          });
        }
      }
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'golden' || entry === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|tsx|mjs)$/.test(entry) ? [path] : [];
  });
}

const SPECIFIERS = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

/**
 * `file: specifier` for every relative import in packages/<x>/{src,test} or in tools/ that reaches
 * into a package under packages/ (other than its own) or into generated/: tools and benchmarks
 * import packages by name, through their exports, as any consumer does.
 */
export function crossPackageImports(root = ROOT): string[] {
  const found: string[] = [];
  const check = (own: string, files: string[]) => {
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
        const specifier = m[2] ?? '';
        const target = resolve(dirname(file), specifier);
        const inside = (dir: string) => `${target}${sep}`.startsWith(`${join(root, dir)}${sep}`);
        const elsewhere = !`${target}${sep}`.startsWith(`${own}${sep}`);
        if ((inside('packages') || inside('generated')) && elsewhere)
          found.push(`${relative(root, file)}: ${specifier}`);
      }
    }
  };
  for (const p of workspacePackages(root)) {
    const own = join(root, 'packages', p.dir);
    check(own, [...sourceFiles(join(own, 'src')), ...sourceFiles(join(own, 'test'))]);
  }
  check(join(root, 'tools'), sourceFiles(join(root, 'tools')));
  return found;
}

/** The workspace packages `name` needs at run time, transitively (itself included). */
export function dependencyClosure(name: string, packages = workspacePackages()): WorkspacePackage[] {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const seen = new Map<string, WorkspacePackage>();
  const visit = (n: string) => {
    const p = byName.get(n);
    if (!p || seen.has(n)) return;
    seen.set(n, p);
    p.dependencies.forEach(visit);
  };
  visit(name);
  return [...seen.values()];
}

/** turbo-style glob -> RegExp (`**` any depth, `*` within one segment). */
export function globToRegExp(glob: string): RegExp {
  const re = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\uE000')
    .replace(/\*/g, '[^/]*')
    .replace(/\uE000/g, '.*');
  return new RegExp(`^${re}$`);
}
