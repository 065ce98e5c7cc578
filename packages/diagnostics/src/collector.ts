/** Collects diagnostics instead of throwing; the severity comes from the catalog. */
import type { Diagnostic, SourceLocation } from './diagnostic.ts';
import { sortDiagnostics, hasErrors } from './diagnostic.ts';
import { DIAGNOSTIC_CODES, type DiagnosticCode } from './codes.ts';

export class DiagnosticCollector {
  readonly #items: Diagnostic[] = [];

  report(code: DiagnosticCode, message: string, at: SourceLocation): void {
    this.#items.push({
      code,
      severity: DIAGNOSTIC_CODES[code].severity,
      message,
      file: at.file,
      line: at.line,
      column: at.column,
    });
  }

  /** Adds diagnostics collected elsewhere (e.g. in a worker). */
  addAll(diagnostics: readonly Diagnostic[]): void {
    this.#items.push(...diagnostics);
  }

  get hasErrors(): boolean {
    return hasErrors(this.#items);
  }

  /** In stable order: file, line, column, code. */
  list(): Diagnostic[] {
    return sortDiagnostics(this.#items);
  }
}

export function createDiagnostic(code: DiagnosticCode, message: string, at: SourceLocation): Diagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code].severity, message, file: at.file, line: at.line, column: at.column };
}
