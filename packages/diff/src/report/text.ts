/** Terminal output: one block per change, breaking first. */
import type { DiffResult } from '../diff.ts';
import { headline, subjectOf } from './subject.ts';

export function renderText(result: DiffResult): string {
  if (result.changes.length === 0) return 'No changes.\n';
  const lines = [`Spec diff: ${headline(result)}`, ''];
  for (const c of result.changes) {
    lines.push(`${c.severity.padEnd(8)} ${c.rule}  ${subjectOf(c)}  ${c.location.file}:${c.location.line}`);
    lines.push(`         ${c.message}`);
  }
  return `${lines.join('\n')}\n`;
}
