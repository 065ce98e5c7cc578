/**
 * The "generated, do not edit" header, one form by file kind. Generators apply it to what a
 * template rendered (`withHeader`, `renderFile`), never the template itself, so a template
 * override (`--templates`) cannot drop it; `ownedBy` in the CLI finds the files a run may
 * overwrite or remove by it.
 */
import { GENERATED_MARKER, normalize } from './files.ts';

/** How a file carries the header: a `//` line, a `#` line, an HTML comment, or package.json's `"//"` field. */
export type HeaderKind = 'line-comment' | 'hash-comment' | 'html-comment' | 'package-json';

/** TypeScript and tsconfig.json (JSONC) take `//`, YAML `#`, Markdown an HTML comment. */
export function headerKindOf(path: string): HeaderKind {
  if (path === 'package.json' || path.endsWith('/package.json')) return 'package-json';
  if (path.endsWith('.md')) return 'html-comment';
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'hash-comment';
  return 'line-comment';
}

/** The header's words, without comment syntax. */
export function headerText(specFile: string): string {
  return `${GENERATED_MARKER} from ${specFile}. Do not edit: run \`pnpm specgen generate\`.`;
}

/** The first line of a generated source file (`//`) or YAML document (`#`). */
export function generatedHeader(specFile: string, comment: '//' | '#' = '//'): string {
  return `${comment} ${headerText(specFile)}\n`;
}

/**
 * `contents` as written: the header in the form of the file's kind, LF line ends, one final
 * newline. A package.json is parsed (an override must render valid JSON) and gets the header as
 * its first field, replacing a `"//"` the template wrote.
 */
export function withHeader(path: string, specFile: string, contents: string): string {
  switch (headerKindOf(path)) {
    case 'package-json':
      return normalize(
        JSON.stringify({ '//': headerText(specFile), ...manifestWithoutHeader(path, contents) }, null, 2),
      );
    case 'html-comment':
      return normalize(`<!-- ${headerText(specFile)} -->\n\n${contents}`);
    case 'hash-comment':
      return normalize(generatedHeader(specFile, '#') + contents);
    case 'line-comment':
      return normalize(generatedHeader(specFile) + contents);
  }
}

function manifestWithoutHeader(path: string, contents: string): Record<string, unknown> {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(contents) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${path}: the template did not render valid JSON (${(error as Error).message})`);
  }
  const { '//': _template, ...rest } = manifest;
  return rest;
}
