/**
 * The IR the repository's dev scripts hand to the runtime: `SPEC_IR`, else the snapshot
 * `specgen generate` writes for the server package (generated/server/ir.json). The scripts in
 * package.json generate first, so the snapshot is the spec as it is now.
 */
import { resolve } from 'node:path';
import type { Spec } from '@specgen/ir';
import { loadSpecSnapshot } from '@specgen/runtime-server';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export function devSpec(env: Record<string, string | undefined> = process.env): Spec {
  return loadSpecSnapshot(resolve(env.SPEC_IR ?? resolve(REPO_ROOT, 'generated/server/ir.json')));
}
