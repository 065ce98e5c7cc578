/**
 * `--base <ref>`: the changes of the spec since a git ref (the unreleased changes), as the diff
 * package judges them: each with its rule, severity and message. The changes page shows them first.
 */
import { diffSpecs, readAtRef, type Change, type Severity } from '@specgen/diff';
import type { Spec } from '@specgen/ir';
import { parseSpec } from '@specgen/parser';
import { SiteInputError } from './versions.ts';

export interface Unreleased {
  base: string;
  changes: Change[];
  counts: Record<Severity, number>;
}

/** The changes from the spec at `base` (read with git from `specPath`) to `spec`. */
export function unreleasedChanges(spec: Spec, base: string, specPath: string, cwd: string): Unreleased {
  const text = readAtRef(base, specPath, cwd);
  const before = parseSpec(text, `${base}:${spec.file}`);
  const errors = before.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new SiteInputError(`the spec at ${base} has ${errors.length} error(s); nothing to compare with`);
  const { changes } = diffSpecs(before.spec, spec);
  const counts: Record<Severity, number> = { breaking: 0, warning: 0, info: 0 };
  for (const c of changes) counts[c.severity]++;
  return { base, changes, counts };
}
