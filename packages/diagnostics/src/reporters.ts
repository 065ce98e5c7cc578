/** Reporters turn diagnostics into text for people, JSON for tools, and GitHub annotations for CI. */
import { formatDiagnostic, type Diagnostic } from './diagnostic.ts';

/** One line per diagnostic: `file:line:column: severity code: message`. */
export function textReport(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${formatDiagnostic(d)}\n`).join('');
}

export function jsonReport(diagnostics: readonly Diagnostic[]): string {
  return `${JSON.stringify(diagnostics, null, 2)}\n`;
}

/** GitHub Actions workflow commands: `::error file=...,line=...,col=...,title=code::message`. */
export function githubReport(diagnostics: readonly Diagnostic[]): string {
  const level = { error: 'error', warning: 'warning', info: 'notice' } as const;
  const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return diagnostics
    .map(
      (d) =>
        `::${level[d.severity]} file=${esc(d.file)},line=${d.line},col=${d.column},title=${esc(d.code)}::${esc(d.message)}\n`,
    )
    .join('');
}

export function summaryLine(diagnostics: readonly Diagnostic[]): string {
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  return `${count('error')} error(s), ${count('warning')} warning(s), ${count('info')} info`;
}
