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
  /**
   * True when every text the template renders ends in a character that is not whitespace, as its
   * source shows: static text, then a comment tag that strips the whitespace after it (`{{!-- ... --~}}`)
   * and nothing else. A caller that wants the text without trailing whitespace can then skip `trimEnd()`,
   * which copies the whole rendered text (a string built of many pieces is flattened first).
   */
  endsWithoutBlank?(target: string, name: string): boolean;
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
  const cache = new Map<string, { render: Handlebars.TemplateDelegate; endsWithoutBlank: boolean }>();
  function load(target: string, name: string) {
    const key = `${target}/${name}`;
    const hit = cache.get(key);
    if (hit) return hit;
    for (const dir of dirs) {
      const file = join(dir, target, `${name}.hbs`);
      if (existsSync(file)) {
        const source = readFileSync(file, 'utf8');
        const compiled = {
          render: precompiledTemplate(hb, key, source) ?? compiledTemplate(hb, source),
          endsWithoutBlank: ENDS_WITHOUT_BLANK.test(source),
        };
        cache.set(key, compiled);
        return compiled;
      }
    }
    throw new Error(`template ${key}.hbs not found in ${dirs.join(', ')}`);
  }
  return {
    dirs,
    render: (target, name, data) => load(target, name).render(data),
    endsWithoutBlank: (target, name) => load(target, name).endsWithoutBlank,
  };
}

/**
 * A template's source ending in static text whose last character is not whitespace (nor `}`, which may
 * end a tag), then one comment tag with `~` before its `}}` (nothing inside it closes a tag), then only
 * whitespace, which the `~` strips from the output.
 */
const ENDS_WITHOUT_BLANK = /[^\s}]\{\{!--(?:(?!\}\})[\s\S])*--~\}\}\s*$/;

function registerHelpers(hb: TemplateEnvironment): void {
  hb.registerHelper('json', (value: unknown) => JSON.stringify(value));
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('join', (items: unknown[], sep: unknown) =>
    Array.isArray(items) ? items.join(typeof sep === 'string' ? sep : ', ') : '',
  );
  /** Text safe inside a `/** ... *\/` comment. */
  hb.registerHelper('doc', (text: unknown) => String(text ?? '').replace(/\*\//g, '*\\/'));
}
