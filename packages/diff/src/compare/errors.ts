/**
 * Error tables, matched by title (then by the operations they apply to). Within a table, cases
 * are grouped by status and matched by condition; a status's only case with a new condition text
 * is one changed condition, not a removal and an addition.
 */
import type { ErrorCase, ErrorTable } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { groupBy } from './group.ts';

const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

export function compareErrorTables(log: ChangeLog, before: ErrorTable[], after: ErrorTable[]): void {
  const left = new Set(before);
  const pairs: Array<[ErrorTable | null, ErrorTable]> = [];
  for (const t of after) {
    const old =
      [...left].find((o) => o.title === t.title) ??
      [...left].find((o) => o.appliesTo.length > 0 && o.appliesTo.join() === t.appliesTo.join());
    if (old) left.delete(old);
    pairs.push([old ?? null, t]);
  }
  for (const [old, t] of pairs) compareCases(log, `errors:${t.title}`, old?.cases ?? [], t.cases);
  for (const old of left) compareCases(log, `errors:${old.title}`, old.cases, []);
}

const byStatus = (cases: ErrorCase[]) => groupBy(cases, (c) => c.status);

function compareCases(log: ChangeLog, subject: string, before: ErrorCase[], after: ErrorCase[]): void {
  const oldGroups = byStatus(before);
  const newGroups = byStatus(after);
  for (const [status, cases] of oldGroups) {
    if (newGroups.has(status)) continue;
    const first = cases[0]!;
    log.add('error-status-removed', {
      resource: subject,
      key: String(status),
      message: `${subject.slice(7)}: status ${status} is no longer answered (${cases.map((c) => norm(c.condition)).join(' / ')}).`,
      source: first.source,
    });
  }
  for (const [status, cases] of newGroups) {
    const oldCases = oldGroups.get(status);
    if (!oldCases) {
      log.add('error-status-added', {
        resource: subject,
        key: String(status),
        message: `${subject.slice(7)}: new error status ${status} (${cases.map((c) => norm(c.condition)).join(' / ')}).`,
        source: cases[0]!.source,
      });
      continue;
    }
    compareStatusCases(log, subject, status, oldCases, cases);
  }
}

function compareStatusCases(
  log: ChangeLog,
  subject: string,
  status: number,
  before: ErrorCase[],
  after: ErrorCase[],
): void {
  const title = subject.slice(7);
  const left = groupBy(before, (c) => norm(c.condition));
  const unmatchedNew: ErrorCase[] = [];
  const pairs: Array<[ErrorCase, ErrorCase]> = [];
  for (const c of after) {
    const old = left.get(norm(c.condition))?.shift();
    if (old) pairs.push([old, c]);
    else unmatchedNew.push(c);
  }
  const unmatchedOld = [...left.values()].flat();
  if (unmatchedOld.length === 1 && unmatchedNew.length === 1) {
    const [a, b] = [unmatchedOld[0]!, unmatchedNew[0]!];
    log.add('error-condition-changed', {
      resource: subject,
      key: `${status}`,
      message: `${title}: condition of status ${status}: "${norm(a.condition)}" -> "${norm(b.condition)}".`,
      source: b.source,
    });
    pairs.push([a, b]);
  } else {
    for (const c of unmatchedOld)
      log.add('error-case-removed', {
        resource: subject,
        key: `${status} ${norm(c.condition)}`,
        message: `${title}: status ${status} no longer documented for "${norm(c.condition)}".`,
        source: c.source,
      });
    for (const c of unmatchedNew)
      log.add('error-case-added', {
        resource: subject,
        key: `${status} ${norm(c.condition)}`,
        message: `${title}: status ${status} now also for "${norm(c.condition)}".`,
        source: c.source,
      });
  }
  for (const [a, b] of pairs) {
    if (a.body === b.body) continue;
    const rule = a.body === null ? 'error-body-set' : b.body === null ? 'error-body-cleared' : 'error-body-changed';
    log.add(rule, {
      resource: subject,
      key: `${status} ${norm(b.condition)}`,
      message: `${title}: body of status ${status} ${JSON.stringify(a.body)} -> ${JSON.stringify(b.body)}.`,
      source: b.source,
    });
  }
}
