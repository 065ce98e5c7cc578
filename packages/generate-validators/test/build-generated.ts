/**
 * Test support: generates @service-api/types and @service-api/validators from the real spec
 * into a temporary folder, links their dependencies, and builds both with `tsc -p` (JS + .d.ts),
 * the way a consumer gets them. Tests then type-check consumer code against them and run them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createTemplateEngine, type GeneratedFile } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { generateTypes } from '@specgen/generate-types';
import { parseSpecFile } from '@specgen/parser';
import { generateValidators } from '../src/index.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const rootRequire = createRequire(join(REPO_ROOT, 'package.json'));

export function realSpec(): Spec {
  const { spec, diagnostics } = parseSpecFile(join(REPO_ROOT, 'spec/service-api.md'));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`spec has errors: ${errors.map((d) => d.message).join('; ')}`);
  return spec;
}

export function generateBoth(spec: Spec, serviceVersion: string | null = null): GeneratedFile[] {
  const ctx = {
    spec,
    templates: createTemplateEngine(),
    options: { serviceVersion, specFile: 'spec/service-api.md', packageVersion: '0.1.0' },
  };
  return [...generateTypes(ctx), ...generateValidators(ctx)];
}

export function writeTree(root: string, files: readonly GeneratedFile[]): void {
  for (const f of files) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.contents);
  }
}

/** `node_modules/<name>` in `dir` pointing at `target`. */
export function link(dir: string, name: string, target: string): void {
  const at = join(dir, 'node_modules', name);
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, 'dir');
}

/** The installed copy of a dependency of this package (pnpm links it under node_modules). */
export function packageDir(name: string): string {
  return realpathSync(join(import.meta.dirname, '..', 'node_modules', name));
}

/** Runs the repository's tsc; throws with its output when it reports errors. */
export function tsc(args: string[], cwd: string): void {
  const bin = rootRequire.resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`tsc ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

export interface BuiltPackages {
  root: string;
  types: string;
  validators: string;
}

export function buildGenerated(files: readonly GeneratedFile[]): BuiltPackages {
  const root = mkdtempSync(join(tmpdir(), 'specgen-generated-'));
  writeTree(root, files);
  const types = join(root, 'types');
  const validators = join(root, 'validators');
  link(validators, 'zod', packageDir('zod'));
  link(validators, 'lossless-json', packageDir('lossless-json'));
  tsc(['-p', 'tsconfig.json'], types);
  tsc(['-p', 'tsconfig.json'], validators);
  return { root, types, validators };
}

/** A consumer project that depends on both built packages (and zod), with a strict NodeNext tsconfig. */
export function consumerProject(built: BuiltPackages, name: string, sources: Record<string, string>): string {
  const dir = join(built.root, name);
  mkdirSync(dir, { recursive: true });
  link(dir, '@service-api/types', built.types);
  link(dir, '@service-api/validators', built.validators);
  link(dir, 'zod', packageDir('zod'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: [],
        skipLibCheck: true,
      },
      include: ['*.ts'],
    }),
  );
  for (const [name, text] of Object.entries(sources)) writeFileSync(join(dir, name), text);
  return dir;
}
