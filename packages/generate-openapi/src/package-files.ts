/**
 * The "generated, do not edit" marker is added here, by the generator, to every rendered file,
 * so that a template override (`--templates`) cannot drop it: a `//` line for TypeScript and
 * tsconfig.json, an HTML comment for README.md, the `"//"` field for package.json (which is
 * parsed, so an override must produce valid JSON).
 */
import { generatedHeader, normalize, type GeneratedFile, type TemplateEngine } from '@specgen/generate-core';

export function headerText(specFile: string): string {
  return generatedHeader(specFile).replace(/^\/\/ /, '').trim();
}

export function withHeader(path: string, specFile: string, contents: string): string {
  if (path.endsWith('package.json')) {
    let manifest: Record<string, unknown>;
    try {
      manifest = JSON.parse(contents) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${path}: the template did not render valid JSON (${(error as Error).message})`);
    }
    const { '//': _old, ...rest } = manifest;
    return normalize(JSON.stringify({ '//': headerText(specFile), ...rest }, null, 2));
  }
  if (path.endsWith('.md')) return normalize(`<!-- ${headerText(specFile)} -->\n\n${contents}`);
  return normalize(generatedHeader(specFile) + contents);
}

/** Renders `templates/<target>/<template>.hbs` into `<target>/<path>` with the marker. */
export function renderFile(templates: TemplateEngine, target: string, template: string, path: string, specFile: string, data: unknown): GeneratedFile {
  return { path: `${target}/${path}`, contents: withHeader(path, specFile, templates.render(target, template, data)) };
}
