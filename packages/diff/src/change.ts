/**
 * One change between two specs: a rule id, its severity, what it concerns, where, and a stable
 * fingerprint. The fingerprint hashes the rule and the subject only (never source positions),
 * so it survives reformatting, CRLF line ends and moved sections.
 */
import { createHash } from 'node:crypto';
import type { Source } from '@specgen/ir';
import { RULES, type RuleId, type Severity } from './rules.ts';

export interface Change {
  rule: RuleId;
  severity: Severity;
  /** Resource or structure name; for other subjects `endpoint:<id>`, `command:<name>`, `errors:<table>`, `limit:<id>`, `transition:<from> / <trigger>`; null for the whole spec. */
  resource: string | null;
  /** Field name, null when the change is not about a field. */
  field: string | null;
  message: string;
  /** In the new file, or in the old file for removals. */
  location: { file: string; line: number };
  fingerprint: string;
  /** Service version the change concerns (a new field's since version), for grouping. */
  version: string | null;
  /** From the rule catalog: the change adds something (minor bump). */
  addition: boolean;
}

export interface ChangeInput {
  resource: string | null;
  field?: string | null;
  /** Distinguishes several changes of one rule on one subject (an enum value, an error status). */
  key?: string;
  message: string;
  source: Source;
  version?: string | null;
}

export function fingerprint(rule: RuleId, resource: string | null, field: string | null, key: string): string {
  const subject = [rule, resource ?? '', field ?? '', key].join('\u0000');
  return createHash('sha256').update(subject).digest('hex').slice(0, 16);
}

export function makeChange(rule: RuleId, input: ChangeInput): Change {
  const field = input.field ?? null;
  const doc = RULES[rule];
  return {
    rule,
    severity: doc.severity,
    resource: input.resource,
    field,
    message: input.message,
    location: { file: input.source.file, line: input.source.line },
    fingerprint: fingerprint(rule, input.resource, field, input.key ?? ''),
    version: input.version ?? null,
    addition: doc.addition,
  };
}

/** Collects changes while the comparers walk the two specs. */
export class ChangeLog {
  readonly changes: Change[] = [];
  add(rule: RuleId, input: ChangeInput): void {
    this.changes.push(makeChange(rule, input));
  }
}

const SEVERITY_RANK: Record<Severity, number> = { breaking: 0, warning: 1, info: 2 };

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Breaking first, then by subject and rule; positions play no part, so moved sections keep the order. */
export function sortChanges(changes: readonly Change[]): Change[] {
  return [...changes].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      cmp(a.resource ?? '', b.resource ?? '') ||
      cmp(a.field ?? '', b.field ?? '') ||
      cmp(a.rule, b.rule) ||
      cmp(a.fingerprint, b.fingerprint),
  );
}

export interface Summary {
  breaking: number;
  warning: number;
  info: number;
}

export function summarize(changes: readonly Change[]): Summary {
  const summary: Summary = { breaking: 0, warning: 0, info: 0 };
  for (const c of changes) summary[c.severity]++;
  return summary;
}
