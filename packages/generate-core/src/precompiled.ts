/**
 * The built-in templates, compiled at build time. Compiling the 48 templates with Handlebars at run
 * time cost about 0.1-0.15 s of every `specgen generate` (parsing the .hbs, generating and source-mapping
 * JavaScript); the build (`scripts/precompile-templates.mjs`) writes `dist/precompiled-templates.cjs`, a
 * module of each template's text and Handlebars' precompiled spec as real functions (precompiled-module.ts:
 * no JavaScript text evaluated at run time, and the CLI's bundle holds them, under its code cache). A run
 * uses a precompiled spec only when
 * the template it reads has exactly the text the spec was compiled from; any other text (a user's
 * `--templates` override, a template edited since the build, running from src/) is compiled as before.
 */
import type Handlebars from 'handlebars';
import HandlebarsRuntime from 'handlebars/runtime.js';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';

/**
 * Handlebars' compiler (its parser and code generator, about 150 kB of the CLI's bundle), required when
 * a template has no precompiled spec: a run of the built-in templates needs only the runtime, and
 * evaluating the compiler cost a few ms of every start. The CLI's bundle turns this `require` into
 * its bundled copy, evaluated on first use (cli/scripts/bundle.mjs).
 */
let compilerModule: typeof Handlebars | undefined;
function compiler(): typeof Handlebars {
  compilerModule ??= createRequire(import.meta.url)('handlebars') as typeof Handlebars;
  return compilerModule;
}

/** A Handlebars environment of the runtime alone (templates and helpers, no `compile`). */
export type TemplateEnvironment = Pick<typeof Handlebars, 'template' | 'registerHelper'>;

/** A new environment of Handlebars' runtime (its types declare only the full package). */
export function runtimeEnvironment(): TemplateEnvironment {
  return (HandlebarsRuntime as unknown as typeof Handlebars).create();
}

/** The options of every template compilation, precompiled or not: the output is code, not HTML. */
export const COMPILE_OPTIONS = { noEscape: true, strict: true } as const;

/**
 * `<target>/<name>` (no `.hbs`) -> the template's text and its precompiled spec: the JavaScript source
 * Handlebars printed (precompileTemplates), or, in the built module, a function returning that object.
 */
export type PrecompiledTemplates = Record<string, { source: string; spec: string | (() => TemplateSpecification) }>;

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
      spec: compiler().precompile(source, COMPILE_OPTIONS) as string,
    };
  }
  return out;
}

let loaded: PrecompiledTemplates | null | undefined;

/**
 * The build's precompiled templates next to this module; null when there are none (src/, no build step).
 * The CLI's bundle replaces both calls below with its bundled copy of the module (cli/scripts/bundle.mjs).
 */
function builtIn(): PrecompiledTemplates | null {
  if (loaded !== undefined) return loaded;
  const built = existsSync(new URL('./precompiled-templates.cjs', import.meta.url));
  loaded = built ? (createRequire(import.meta.url)('./precompiled-templates.cjs') as PrecompiledTemplates) : null;
  return loaded;
}

/** The template `key` with text `source`, from its precompiled spec if one was built from that very text. */
export function precompiledTemplate(
  hb: TemplateEnvironment,
  key: string,
  source: string,
  table: PrecompiledTemplates | null = builtIn(),
): Handlebars.TemplateDelegate | null {
  const entry = table?.[key];
  if (!entry || entry.source !== source) return null;
  return templateOf(hb, entry.spec);
}

/**
 * `source` compiled at run time (an override, or a template edited since the build): precompiled now
 * and made a template of `hb` as a built-in one is, so both kinds run on the same runtime.
 */
export function compiledTemplate(hb: TemplateEnvironment, source: string): Handlebars.TemplateDelegate {
  return templateOf(hb, compiler().precompile(source, COMPILE_OPTIONS) as string);
}

function templateOf(
  hb: TemplateEnvironment,
  spec: string | (() => TemplateSpecification),
): Handlebars.TemplateDelegate {
  if (typeof spec === 'function') return hb.template(spec());
  // The spec is the object literal Handlebars.precompile printed; evaluating it is what its docs prescribe.
  return hb.template(new Function(`return (${spec});`)() as TemplateSpecification);
}

/** What Handlebars.precompile's object literal evaluates to. */
export type TemplateSpecification = Parameters<typeof Handlebars.template>[0];
