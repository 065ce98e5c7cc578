/**
 * The IR the repository's dev scripts hand to the runtime: `SPEC_IR`, else the snapshot
 * `specgen generate` writes for the server package (generated/server/ir.json). The scripts in
 * package.json generate first (or find the output current), so the snapshot is the spec as it is now.
 */
import { resolve } from 'node:path';
import { loadSpecSnapshot } from '@specgen/runtime-server';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** @returns {import('@specgen/ir').Spec} */
export function devSpec(env = process.env) {
  return loadSpecSnapshot(resolve(env['SPEC_IR'] ?? resolve(REPO_ROOT, 'generated/server/ir.json')));
}
