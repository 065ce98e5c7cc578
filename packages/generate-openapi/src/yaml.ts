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
const PLAIN = /^[A-Za-z_/$(][^\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]*$/;

function scalarText(value: string): string {
  if (!RESERVED.test(value) && PLAIN.test(value) && !/[\s:]$/.test(value) && !/ #|: |\t/.test(value)) return value;
  return JSON.stringify(value);
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
const isEmpty = (v: unknown) => (Array.isArray(v) ? v.length === 0 : isObject(v) && Object.keys(v).length === 0);
const emptyText = (v: unknown) => (Array.isArray(v) ? '[]' : '{}');

function write(value: unknown, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isEmpty(item)) out.push(`${indent}- ${emptyText(item)}`);
      else if (isObject(item) || Array.isArray(item)) {
        const nested: string[] = [];
        write(item, `${indent}  `, nested);
        // The first line of the nested block goes on the dash line.
        out.push(`${indent}- ${nested[0]!.slice(indent.length + 2)}`, ...nested.slice(1));
      } else out.push(`${indent}- ${scalar(item)}`);
    }
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined) continue;
    const k = scalarText(key);
    if (isEmpty(item)) out.push(`${indent}${k}: ${emptyText(item)}`);
    else if (isObject(item)) {
      out.push(`${indent}${k}:`);
      write(item, `${indent}  `, out);
    } else if (Array.isArray(item)) {
      out.push(`${indent}${k}:`);
      write(item, `${indent}  `, out);
    } else out.push(`${indent}${k}: ${scalar(item)}`);
  }
}

/** YAML text of a JSON value whose root is an object. */
export function yamlOf(value: Record<string, unknown>): string {
  const out: string[] = [];
  write(value, '', out);
  return out.join('\n') + '\n';
}
