/**
 * The IR the runtime serves: a JSON snapshot its caller names (the generated server package passes
 * its own `ir.json`; the repository's dev scripts `generated/server/ir.json`). The runtime never
 * parses the markdown spec: the parser and its markdown stack belong to the build.
 */
import { readFileSync } from 'node:fs';
import { specFromSnapshot, type Spec } from '@specgen/ir';

/** Reads and validates an IR snapshot; a missing file says how to write one. */
export function loadSpecSnapshot(file: string | URL): Spec {
  const name = file instanceof URL ? file.pathname : file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`no IR snapshot at ${name}; run \`specgen generate\` to write it`);
    throw new Error(`cannot read the IR snapshot ${name}: ${(e as Error).message}`);
  }
  return specFromSnapshot(text, name);
}

/** Permission names of the read-resources table. */
export function permissionNames(spec: Spec): string[] {
  return [...new Set(spec.resources.map((r) => r.permission).filter((p): p is string => p !== null))].sort();
}
