/**
 * JSON values as TypeScript source in which every repeated object or array is written once, as a
 * `const`, and referred to by name everywhere else. The routes of a large spec repeat the same
 * schemas (error messages with their examples, page and record schemas) hundreds of times; written
 * out each time they made `schemas.ts` 14 MB for 600 resources. The values the module evaluates to
 * are deep-equal to the inputs, so what validates with them is unchanged.
 *
 * Deterministic: the constants are named `s1`, `s2`, ... in the order their first occurrence ends
 * in a walk of the inputs (children before parents, so each is declared before its first use).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Below this many characters of JSON an object stays inline: a name would save next to nothing. */
const MIN_SHARED_SIZE = 40;
/** Objects and arrays that fit in this many characters are written on one line. */
const MAX_LINE = 100;

interface Node {
  /** The first occurrence, printed for the declaration. */
  value: Json[] | { [key: string]: Json };
  /** Ids of the object or array children, once per occurrence. */
  children: number[];
  /** Length of the compact JSON text. */
  size: number;
  uses: number;
  name?: string;
}

const isContainer = (v: Json): v is Json[] | { [key: string]: Json } => typeof v === 'object' && v !== null;

export interface SharedLiterals {
  /** `const sN = ...;` lines, to write before the values. */
  declarations: string;
  /** Each input as a TypeScript expression indented by `indent` spaces after its first line. */
  expression(value: unknown, indent: number): string;
}

export function sharedLiterals(values: readonly unknown[]): SharedLiterals {
  const ids = new Map<string, number>();
  const idOf = new WeakMap<object, number>();
  const nodes: Node[] = [];

  // Hash-consing bottom up: an object's key names its children by id, so keys stay short.
  const intern = (value: Json): string => {
    if (!isContainer(value)) return JSON.stringify(value);
    const children: number[] = [];
    let size = 2;
    const part = (v: Json) => {
      const text = intern(v);
      if (isContainer(v)) {
        const id = idOf.get(v)!;
        children.push(id);
        size += nodes[id]!.size;
      } else size += text.length;
      return isContainer(v) ? `#${idOf.get(v)}` : text;
    };
    const key = Array.isArray(value)
      ? `[${value.map(part).join(',')}]`
      : `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${part(v)}`).join(',')}}`;
    size += Array.isArray(value) ? Math.max(0, value.length - 1) : Object.keys(value).reduce((n, k) => n + k.length + 3, -1);
    let id = ids.get(key);
    if (id === undefined) {
      id = nodes.length;
      ids.set(key, id);
      nodes.push({ value, children, size, uses: 0 });
    }
    idOf.set(value, id);
    return `#${id}`;
  };
  const roots = values.map((v) => (intern(v as Json), v as Json));

  // Uses as written: a child of a shared constant is written once, inside its declaration.
  for (const root of roots) if (isContainer(root)) nodes[idOf.get(root)!]!.uses++;
  let count = 0;
  for (let id = nodes.length - 1; id >= 0; id--) {
    const node = nodes[id]!;
    if (node.uses === 0) continue;
    const shared = node.uses > 1 && node.size >= MIN_SHARED_SIZE;
    for (const child of node.children) nodes[child]!.uses += shared ? 1 : node.uses;
    if (shared) node.name = '';
  }
  for (const node of nodes) if (node.name === '') node.name = `s${++count}`;

  const inline = (value: Json, top: boolean): string => {
    if (!isContainer(value)) return JSON.stringify(value);
    const node = nodes[idOf.get(value)!]!;
    if (node.name && !top) return node.name;
    if (Array.isArray(value)) return `[${value.map((v) => inline(v, false)).join(', ')}]`;
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v, false)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  };

  const print = (value: Json, indent: number, top: boolean): string => {
    if (!isContainer(value)) return JSON.stringify(value);
    const node = nodes[idOf.get(value)!]!;
    if (node.name && !top) return node.name;
    // A short object or array stays on one line: a field's schema reads as one line, and the file
    // is not mostly indentation.
    if (node.size <= MAX_LINE) {
      const line = inline(value, top);
      if (indent + line.length <= MAX_LINE) return line;
    }
    const pad = ' '.repeat(indent + 2);
    const items = Array.isArray(value)
      ? value.map((v) => pad + print(v, indent + 2, false))
      : Object.entries(value).map(([k, v]) => `${pad}${JSON.stringify(k)}: ${print(v, indent + 2, false)}`);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    return items.length === 0 ? open + close : `${open}\n${items.join(',\n')}\n${' '.repeat(indent)}${close}`;
  };

  const declarations = nodes
    .filter((n) => n.name)
    .map((n) => `const ${n.name} = ${print(n.value, 0, true)};\n`)
    .join('');
  return { declarations, expression: (value, indent) => print(value as Json, indent, false) };
}
