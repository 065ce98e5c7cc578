/**
 * Every generated TypeScript file is parsed as a syntax tree (the compiler API ts-morph ships) before it is written,
 * so a broken template or a user override that yields invalid code stops the run with the
 * file, line and message instead of leaving unparsable files behind. Syntax only: no type
 * check, no module resolution, so it stays fast; results are cached by file contents.
 */
import { createHash } from 'node:crypto';
import { ts } from 'ts-morph';
import type { GeneratedFile } from './files.ts';

export interface SyntaxError {
  path: string;
  line: number;
  column: number;
  message: string;
}

const checked = new Set<string>();
const OPTIONS: ts.CompilerOptions = { noResolve: true, noLib: true, types: [], target: ts.ScriptTarget.ES2022 };

/** Syntax errors in the `.ts` files of `files`; files checked before with the same contents are skipped. */
export function syntaxErrors(files: readonly GeneratedFile[]): SyntaxError[] {
  const pending = files.filter((f) => f.path.endsWith('.ts') && !checked.has(key(f)));
  if (pending.length === 0) return [];
  const byName = new Map(pending.map((f) => [`/${f.path}`, f]));
  const host = ts.createCompilerHost(OPTIONS);
  host.getSourceFile = (name) => {
    const f = byName.get(name);
    // Comments are not code: skipping JSDoc parsing keeps syntax errors and halves the time on doc-heavy files.
    const options = { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
    return f === undefined ? undefined : ts.createSourceFile(name, f.contents, options, false, ts.ScriptKind.TS);
  };
  host.fileExists = (name) => byName.has(name);
  const program = ts.createProgram({ rootNames: [...byName.keys()], options: OPTIONS, host });
  const errors: SyntaxError[] = [];
  for (const [name, file] of byName) {
    const diagnostics = program.getSyntacticDiagnostics(program.getSourceFile(name));
    if (diagnostics.length === 0) checked.add(key(file));
    for (const d of diagnostics) {
      const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
      errors.push({ path: file.path, line: pos.line + 1, column: pos.character + 1, message: ts.flattenDiagnosticMessageText(d.messageText, ' ') });
    }
  }
  return errors;
}

function key(f: GeneratedFile): string {
  return createHash('sha1').update(f.path).update('\0').update(f.contents).digest('base64');
}
