/**
 * A YAML 1.2 writer for JSON data (objects, arrays, strings, numbers, booleans, null): block
 * style, two-space indent, keys and strings plain when that is unambiguous, else double-quoted
 * with JSON escapes (valid YAML). The `yaml` package gives the same document but takes ~15 s for
 * the large synthetic spec; this takes well under one. Tests parse the output with `yaml` and
 * compare it with the JSON.
 */

/** Plain scalars that a YAML parser would read as something other than the same string. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~|[-+]?(?:\.inf|\.nan)|)$/i;
/** Starts with a letter or one of `_ / $ (` (never a YAML indicator), no control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class lists the control characters a plain scalar must not hold
const PLAIN = /^[A-Za-z_/$(][^\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*$/;

function scalarText(value: string): string {
  if (!RESERVED.test(value) && PLAIN.test(value) && !/[\s:]$/.test(value) && !/ #|: |\t/.test(value)) return value;
  return JSON.stringify(value);
}

/**
 * Strings longer than this (notes, descriptions: mostly one of a kind) are classified without the
 * cache, unless the caller's cache is for one document only (`long`): then long strings repeated
 * thousands of times (the Int64 and Decimal patterns, 0.9-1 kB each, 8,500 times on the large
 * spec) are classified and quoted once, not on every occurrence.
 */
const MAX_CACHED = 64;

/** Keys and strings repeat thousands of times in a large document; each is classified once per write. */
function cachedText(cache: Map<string, string>, value: string, long: boolean): string {
  if (!long && value.length > MAX_CACHED) return scalarText(value);
  let text = cache.get(value);
  if (text === undefined) {
    text = scalarText(value);
    cache.set(value, text);
  }
  return text;
}

function scalar(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return scalarText(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as YAML`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new TypeError(`cannot write a ${typeof value} as YAML`);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** An empty array or object (no key list made: this runs for every value of a large document). */
const isEmpty = (v: unknown) => {
  if (Array.isArray(v)) return v.length === 0;
  if (!isObject(v)) return false;
  for (const _ in v) return false;
  return true;
};
const emptyText = (v: unknown) => (Array.isArray(v) ? '[]' : '{}');

function scalarOf(value: unknown, cache: Map<string, string>, long: boolean): string {
  return typeof value === 'string' ? cachedText(cache, value, long) : scalar(value);
}

/**
 * Appends the lines of `value` to `out`. `first` prefixes the first line instead of `indent`
 * (the `- ` of an array item whose value is a block), so no nested buffer is built and sliced.
 */
/** `indent` and two more spaces, made once per indent (not once per object written). */
const deeper = new Map<string, string>();
function innerOf(indent: string): string {
  let inner = deeper.get(indent);
  if (inner === undefined) {
    inner = `${indent}  `;
    deeper.set(indent, inner);
  }
  return inner;
}

function write(
  value: unknown,
  indent: string,
  first: string,
  out: string[],
  cache: Map<string, string>,
  long: boolean,
): void {
  let prefix = first;
  if (Array.isArray(value)) {
    const inner = innerOf(indent);
    for (const item of value) {
      if (isEmpty(item)) out.push(`${prefix}- ${emptyText(item)}`);
      // The first line of the nested block goes on the dash line.
      else if (isObject(item) || Array.isArray(item)) write(item, inner, `${prefix}- `, out, cache, long);
      else out.push(`${prefix}- ${scalarOf(item, cache, long)}`);
      prefix = indent;
    }
    return;
  }
  const inner = innerOf(indent);
  for (const key in value as Record<string, unknown>) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    const k = cachedText(cache, key, long);
    if (isEmpty(item)) out.push(`${prefix}${k}: ${emptyText(item)}`);
    else if (isObject(item) || Array.isArray(item)) {
      out.push(`${prefix}${k}:`);
      write(item, inner, inner, out, cache, long);
    } else out.push(`${prefix}${k}: ${scalarOf(item, cache, long)}`);
    prefix = indent;
  }
}

/**
 * YAML text of a JSON value whose root is an object. `long`: `cache` serves this document only,
 * so it may hold long strings too (see MAX_CACHED); a cache kept between documents should not.
 */
export function yamlOf(value: Record<string, unknown>, cache: Map<string, string> = new Map(), long = false): string {
  const out: string[] = [];
  write(value, '', '', out, cache, long);
  return `${out.join('\n')}\n`;
}

/** The block of an object or array nested under a key, each line at `indent`, no final newline. */
export function yamlBlock(
  value: unknown,
  indent: string,
  cache: Map<string, string> = new Map(),
  long = false,
): string {
  const out: string[] = [];
  write(value, indent, indent, out, cache, long);
  return out.join('\n');
}
