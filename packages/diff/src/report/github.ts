/**
 * GitHub Actions workflow commands: `::error file=...,line=...,title=...::message` for breaking
 * changes, `::warning` for warnings, `::notice` for info. Escaping per the runner's rules.
 */
import type { Severity } from '../rules.ts';
import type { DiffResult } from '../diff.ts';
import type { Relocate } from './anchor.ts';
import { headline, subjectOf } from './subject.ts';

const COMMAND: Record<Severity, string> = { breaking: 'error', warning: 'warning', info: 'notice' };

export const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `relocate` moves changes reported in a file the checkout does not have (the base under `--base`) into the new file. */
export function renderGithub(result: DiffResult, relocate: Relocate = (c) => c): string {
  const lines = result.changes.map(relocate).map((c) => {
    const props = [
      `file=${escapeProperty(c.location.file)}`,
      `line=${c.location.line}`,
      `title=${escapeProperty(`${c.rule} ${subjectOf(c)}`)}`,
    ];
    return `::${COMMAND[c.severity]} ${props.join(',')}::${escapeData(c.message)}`;
  });
  lines.push(`::notice title=spec diff::${escapeData(result.changes.length === 0 ? 'No changes.' : headline(result))}`);
  return `${lines.join('\n')}\n`;
}
