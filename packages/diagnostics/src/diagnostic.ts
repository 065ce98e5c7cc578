/** A diagnostic is data: what went wrong, how bad it is, and where. */
export type Severity = 'error' | 'warning' | 'info';

export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export interface Diagnostic extends SourceLocation {
  code: string;
  severity: Severity;
  message: string;
}

/** `file:line:column: severity code: message`, the format editors and CI annotators read. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Stable order: file, line, column, code. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
}
