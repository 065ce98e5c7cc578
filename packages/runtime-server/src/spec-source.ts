/** The IR the runtime scripts use: the generated snapshot when present, else the spec parsed now. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function loadSpec(env: Record<string, string | undefined> = process.env): Spec {
  const snapshot = env.SPEC_IR ?? join(REPO_ROOT, 'generated/server/ir.json');
  if (!env.SPEC_FILE && existsSync(snapshot)) return Spec.parse(JSON.parse(readFileSync(snapshot, 'utf8')));
  const file = env.SPEC_FILE ?? join(REPO_ROOT, 'spec/service-api.md');
  const { spec, diagnostics } = parseSpecFile(file);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`${file}: ${errors.length} error(s), first: ${errors[0]!.message} (line ${errors[0]!.line})`);
  return spec;
}

/** Permission names of the read-resources table. */
export function permissionNames(spec: Spec): string[] {
  return [...new Set(spec.resources.map((r) => r.permission).filter((p): p is string => p !== null))].sort();
}
