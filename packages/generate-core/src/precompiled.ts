/**
 * The built-in templates, compiled at build time. Compiling the 48 templates with Handlebars at run
 * time cost about 0.1-0.15 s of every `specgen generate` (parsing the .hbs, generating and source-mapping
 * JavaScript); the build (`scripts/precompile-templates.mjs`) writes `dist/precompiled-templates.json`
 * with each template's text and Handlebars' precompiled spec. A run uses a precompiled spec only when
 * the template it reads has exactly the text the spec was compiled from; any other text (a user's
 * `--templates` override, a template edited since the build, running from src/) is compiled as before.
 */
import Handlebars from 'handlebars';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The options of every template compilation, precompiled or not: the output is code, not HTML. */
export const COMPILE_OPTIONS = { noEscape: true, strict: true } as const;

/** `<target>/<name>` (no `.hbs`) -> the template's text and its precompiled spec (JavaScript source). */
export type PrecompiledTemplates = Record<string, { source: string; spec: string }>;

/** Precompiles every `.hbs` under `dir`, keyed as `TemplateEngine.render` names them. */
export function precompileTemplates(dir: string): PrecompiledTemplates {
  const out: PrecompiledTemplates = {};
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.hbs'))
    .sort();
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    out[relative(dir, join(dir, file)).split(sep).join('/').slice(0, -'.hbs'.length)] = {
      source,
      spec: Handlebars.precompile(source, COMPILE_OPTIONS) as string,
    };
  }
  return out;
}

let loaded: PrecompiledTemplates | null | undefined;

/** The build's precompiled templates next to this module; null when there are none (src/, no build step). */
function builtIn(): PrecompiledTemplates | null {
  if (loaded !== undefined) return loaded;
  const file = new URL('./precompiled-templates.json', import.meta.url);
  loaded = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrecompiledTemplates) : null;
  return loaded;
}

/** The template `key` with text `source`, from its precompiled spec if one was built from that very text. */
export function precompiledTemplate(
  hb: typeof Handlebars,
  key: string,
  source: string,
  table: PrecompiledTemplates | null = builtIn(),
): Handlebars.TemplateDelegate | null {
  const entry = table?.[key];
  if (!entry || entry.source !== source) return null;
  // The spec is the object literal Handlebars.precompile printed; evaluating it is what its docs prescribe.
  const spec = new Function(`return (${entry.spec});`)() as TemplateSpecification;
  return hb.template(spec);
}

type TemplateSpecification = Parameters<typeof Handlebars.template>[0];
