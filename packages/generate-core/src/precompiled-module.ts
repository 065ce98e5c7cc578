/**
 * The built-in templates as a CommonJS module (`dist/precompiled-templates.cjs`, written by the build):
 * each template's text and its precompiled spec as a function returning the object literal
 * Handlebars.precompile printed. Shipped as JavaScript source strings instead, every run evaluated
 * 48 of them with `new Function` (about 200 eval'd scripts to parse, none of them under a code cache);
 * as a module they are ordinary code: compiled lazily like the rest, and held by the CLI's bundle and
 * its code cache (cli/scripts/bundle.mjs, cli/src/code-cache/). A function, not a shared object, because
 * Handlebars' `template()` sets properties on the spec it is given: each environment gets its own.
 */
import type { PrecompiledTemplates } from './precompiled.ts';

/** The module's text; `table` as precompileTemplates returns it (each spec a JavaScript source string). */
export function precompiledModule(table: PrecompiledTemplates): string {
  const entries = Object.entries(table).map(([key, { source, spec }]) => {
    if (typeof spec !== 'string') throw new Error(`template ${key}: the module needs the spec's source text`);
    return `  ${JSON.stringify(key)}: {\n    source: ${JSON.stringify(source)},\n    spec: () => (${spec}),\n  },\n`;
  });
  return `// Written by @specgen/generate-core's build (src/precompiled-module.ts). Do not edit.\n'use strict';\nmodule.exports = {\n${entries.join('')}};\n`;
}
