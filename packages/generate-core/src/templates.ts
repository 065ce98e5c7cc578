/**
 * Handlebars templates live in `templates/<target>/<name>.hbs` at the repository root.
 * A user directory given with `--templates <dir>` overrides any template by the same
 * `<target>/<name>.hbs` path; the rest come from the defaults.
 */
import type Handlebars from 'handlebars';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TemplateEnvironment, compiledTemplate, precompiledTemplate, runtimeEnvironment } from './precompiled.ts';

export const DEFAULT_TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../templates');

export interface TemplateEngine {
  /** Renders `templates/<target>/<name>.hbs` with `data`. */
  render(target: string, name: string, data: unknown): string;
  /** The files a render read, for watch mode and caches. */
  readonly dirs: readonly string[];
}

/** `defaultsDir`: the built-in templates (the CLI passes the copy it ships; default: the repository's). */
export function createTemplateEngine(
  overrideDir?: string,
  defaultsDir: string = DEFAULT_TEMPLATES_DIR,
): TemplateEngine {
  const hb = runtimeEnvironment();
  registerHelpers(hb);
  const dirs = overrideDir ? [resolve(overrideDir), defaultsDir] : [defaultsDir];
  const cache = new Map<string, Handlebars.TemplateDelegate>();
  function load(target: string, name: string): Handlebars.TemplateDelegate {
    const key = `${target}/${name}`;
    const hit = cache.get(key);
    if (hit) return hit;
    for (const dir of dirs) {
      const file = join(dir, target, `${name}.hbs`);
      if (existsSync(file)) {
        const source = readFileSync(file, 'utf8');
        const compiled = precompiledTemplate(hb, key, source) ?? compiledTemplate(hb, source);
        cache.set(key, compiled);
        return compiled;
      }
    }
    throw new Error(`template ${key}.hbs not found in ${dirs.join(', ')}`);
  }
  return {
    dirs,
    render: (target, name, data) => load(target, name)(data),
  };
}

function registerHelpers(hb: TemplateEnvironment): void {
  hb.registerHelper('json', (value: unknown) => JSON.stringify(value));
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('join', (items: unknown[], sep: unknown) =>
    Array.isArray(items) ? items.join(typeof sep === 'string' ? sep : ', ') : '',
  );
  /** Text safe inside a `/** ... *\/` comment. */
  hb.registerHelper('doc', (text: unknown) => String(text ?? '').replace(/\*\//g, '*\\/'));
}
