/**
 * IR x IR -> change records. Each compare/ module walks one kind of subject; the consistency
 * checks look at the new spec; the result is sorted so that the same inputs give the same output.
 */
import type { Spec } from '@specgen/ir';
import { ChangeLog, sortChanges, summarize, type Change, type Summary } from './change.ts';
import { compareCommands } from './compare/commands.ts';
import { compareEndpoints } from './compare/endpoints.ts';
import { compareErrorTables } from './compare/errors.ts';
import { compareGaps } from './compare/gaps.ts';
import { compareLimits } from './compare/limits.ts';
import { compareResources } from './compare/resources.ts';
import { compareStructures } from './compare/structures.ts';
import { compareTransitions } from './compare/transitions.ts';
import { checkFieldsAgainstResources, checkNewFields } from './consistency.ts';

export interface DiffResult {
  changes: Change[];
  summary: Summary;
  /** Newest service version of each side, for the report headings. */
  oldVersion: string | null;
  newVersion: string | null;
}

export function diffSpecs(before: Spec, after: Spec): DiffResult {
  const log = new ChangeLog();
  if (before.readPathPrefix !== after.readPathPrefix) {
    log.add('read-path-changed', {
      resource: null,
      message: `Read path ${before.readPathPrefix} -> ${after.readPathPrefix}.`,
      source: after.source,
    });
  }
  const newFields = compareResources(log, before.resources, after.resources);
  compareStructures(log, before.structures, after.structures);
  compareEndpoints(log, before.endpoints, after.endpoints);
  compareCommands(log, before.commands, after.commands);
  compareErrorTables(log, before.errorTables, after.errorTables);
  compareLimits(log, before.limits, after.limits);
  compareTransitions(log, before.transitions, after.transitions);
  compareGaps(log, before.unknowns, after.unknowns);
  checkNewFields(log, before, newFields);
  checkFieldsAgainstResources(log, before, after);
  const changes = sortChanges(dedupe(log.changes));
  return { changes, summary: summarize(changes), oldVersion: before.newestVersion, newVersion: after.newestVersion };
}

/** Two records with one fingerprint describe the same change; keep the first. */
function dedupe(changes: Change[]): Change[] {
  const seen = new Set<string>();
  return changes.filter((c) => (seen.has(c.fingerprint) ? false : (seen.add(c.fingerprint), true)));
}
