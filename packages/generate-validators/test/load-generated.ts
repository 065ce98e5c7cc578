/** Test support: the generated validators of the real spec, loaded from their TypeScript sources. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateBoth, link, packageDir, realSpec, writeTree } from './build-generated.ts';

export type Validators = Record<string, any>;

export async function loadValidators(serviceVersion: string | null = null): Promise<Validators> {
  return (await loadModules(serviceVersion)).index;
}

/** The package's index and its (unexported) fast-path and text-reader modules, from one generated copy. */
export async function loadModules(
  serviceVersion: string | null = null,
): Promise<{ index: Validators; fast: Validators; read: Validators }> {
  const root = mkdtempSync(join(tmpdir(), 'specgen-validators-'));
  writeTree(root, generateBoth(realSpec(), serviceVersion));
  link(join(root, 'validators'), 'zod', packageDir('zod'));
  link(join(root, 'validators'), 'lossless-json', packageDir('lossless-json'));
  const index = (await import(join(root, 'validators/src/index.ts'))) as Validators;
  const fast = (await import(join(root, 'validators/src/fast.ts'))) as Validators;
  const read = (await import(join(root, 'validators/src/read.ts'))) as Validators;
  return { index, fast, read };
}
