/**
 * Generates the types, validators, openapi and client packages of a spec into a temporary
 * directory whose node_modules resolve them to each other (as an installed project would),
 * and runs the TypeScript compiler over them.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createTemplateEngine, writeFiles, type GeneratedFile, type Generator } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { generator as types } from '@specgen/generate-types';
import { generator as validators } from '@specgen/generate-validators';
import { generator as openapi } from '@specgen/generate-openapi';
import { generator as client } from '../src/index.ts';

const PACKAGE_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));
const ROOT_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));

export const GENERATORS: Generator[] = [types, validators, openapi, client];

export function generateFiles(
  spec: Spec,
  serviceVersion: string | null = null,
  generators = GENERATORS,
  templatesDir?: string,
): GeneratedFile[] {
  const templates = createTemplateEngine(templatesDir);
  return generators.flatMap((g) =>
    g.generate({
      spec,
      templates,
      options: { serviceVersion, specFile: 'spec/service-api.md', packageVersion: '0.1.0' },
    }),
  );
}

/** The installed folder of a dependency of this package (or of the repository root). */
function packageDir(name: string, modules = PACKAGE_MODULES): string {
  const dir = realpathSync(join(modules, name));
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`${name} is not installed in ${modules}`);
  return dir;
}

export const TSC = join(packageDir('typescript', ROOT_MODULES), 'bin', 'tsc');

/** A temp dir holding the generated packages, with node_modules linking them and their dependencies. */
export function generateWorkspace(spec: Spec, serviceVersion: string | null = null): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-client-'));
  writeFiles(dir, generateFiles(spec, serviceVersion), () => false);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@service-api'), { recursive: true });
  for (const target of ['types', 'validators', 'openapi', 'client'])
    symlinkSync(join(dir, target), join(modules, '@service-api', target), 'dir');
  for (const dep of ['zod', 'lossless-json', 'otpauth']) symlinkSync(packageDir(dep), join(modules, dep), 'dir');
  symlinkSync(packageDir('typescript', ROOT_MODULES), join(modules, 'typescript'), 'dir');
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `tsc -p <project> [...args]`: exit status and output. */
export function tsc(project: string, ...args: string[]): { status: number; output: string } {
  const result = spawnSync(process.execPath, [TSC, '-p', project, ...args], { encoding: 'utf8' });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}
