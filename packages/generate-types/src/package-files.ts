/**
 * The files every generated package has besides its sources: package.json, tsconfig.json and
 * README.md, each rendered from `templates/<target>/` and marked as generated.
 */
import { GENERATED_MARKER, type GeneratedFile, generatedHeader, normalize } from '@specgen/generate-core';

/** TypeScript range written into generated package.json files (their `build` script runs tsc). */
export const TYPESCRIPT_RANGE = '~6.0.0';

/** `//` header for TypeScript and JSONC (tsconfig) files. */
export function withHeader(specFile: string, contents: string): string {
  return normalize(generatedHeader(specFile) + contents);
}

/** README files carry the same marker in an HTML comment. */
export function withMarkdownHeader(specFile: string, contents: string): string {
  const text = generatedHeader(specFile).replace(/^\/\/ /, '').trim();
  return normalize(`<!-- ${text} -->\n\n${contents}`);
}

/** package.json cannot hold comments: the marker goes into its `"//"` field (an npm convention). */
export function packageHeaderText(specFile: string): string {
  return generatedHeader(specFile).replace(/^\/\/ /, '').trim();
}

export function isGeneratedText(contents: string): boolean {
  return contents.includes(GENERATED_MARKER);
}

export function file(path: string, contents: string): GeneratedFile {
  return { path, contents };
}
