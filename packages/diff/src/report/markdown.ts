/**
 * Pull-request comment: a summary, the breaking changes first, a table per resource (or other
 * subject), and the new fields grouped by the version that introduced them.
 */
import { compareVersions } from '@specgen/ir';
import type { Change } from '../change.ts';
import type { DiffResult } from '../diff.ts';
import { headline, subjectOf } from './subject.ts';

/** Text safe inside a markdown table cell: one line, pipes escaped. */
export const cell = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
const NEW_FIELD_RULES = new Set(['field-added', 'request-field-added', 'field-possibly-renamed']);

export function renderMarkdown(result: DiffResult): string {
  const out: string[] = ['## Spec diff', ''];
  if (result.changes.length === 0) return [...out, 'No changes.', ''].join('\n');
  out.push(`**${headline(result)}**`, '');
  const breaking = result.changes.filter((c) => c.severity === 'breaking');
  if (breaking.length > 0) {
    out.push('### Breaking changes', '', '| Subject | Rule | Change | Location |', '|---|---|---|---|');
    for (const c of breaking)
      out.push(
        `| ${cell(subjectOf(c))} | \`${c.rule}\` | ${cell(c.message)} | ${cell(`${c.location.file}:${c.location.line}`)} |`,
      );
    out.push('');
  }
  out.push('### Changes by resource', '');
  for (const [subject, changes] of groupBy(result.changes, (c) => c.resource ?? '(spec)')) {
    out.push(`#### ${subject}`, '', '| Severity | Field | Rule | Change |', '|---|---|---|---|');
    for (const c of changes)
      out.push(`| ${c.severity} | ${cell(c.field ?? '-')} | \`${c.rule}\` | ${cell(c.message)} |`);
    out.push('');
  }
  const fresh = result.changes.filter((c) => NEW_FIELD_RULES.has(c.rule));
  if (fresh.length > 0) {
    out.push('### New fields by version', '');
    const versions = groupBy(fresh, (c) => c.version ?? 'no version stated');
    const order = [...versions.keys()].sort(versionOrder);
    for (const version of order) {
      out.push(`#### ${version}`, '');
      for (const c of versions.get(version)!) out.push(`- ${cell(subjectOf(c))}: ${cell(c.message)}`);
      out.push('');
    }
  }
  return out.join('\n');
}

function groupBy(changes: Change[], key: (c: Change) => string): Map<string, Change[]> {
  const map = new Map<string, Change[]>();
  for (const k of [...new Set(changes.map(key))].sort()) map.set(k, []);
  for (const c of changes) map.get(key(c))!.push(c);
  return map;
}

function versionOrder(a: string, b: string): number {
  const isA = /^\d/.test(a);
  const isB = /^\d/.test(b);
  if (isA && isB) return compareVersions(a, b);
  return isA ? -1 : isB ? 1 : 0;
}
