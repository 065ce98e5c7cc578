/**
 * JSON values as TypeScript source in which every repeated object or array is written once, as a
 * `const`, and referred to by name everywhere else. The routes of a large spec repeat the same
 * schemas (error messages with their examples, page and record schemas) hundreds of times; written
 * out each time they made `schemas.ts` 14 MB for 600 resources. The values the module evaluates to
 * are deep-equal to the inputs, so what validates with them is unchanged.
 *
 * Deterministic: the constants are named `s1`, `s2`, ... in the order their first occurrence ends
 * in a walk of the inputs (children before parents, so each is declared before its first use).
 *
 * Kept between calls (a watch edit changes one resource's schemas out of thousands): a table of
 * every distinct value seen (hash-consing: a value's key names its children by their table id), the
 * table entry of each frozen input object by identity, and the printed text of each entry. Each
 * call walks the distinct values once (not every occurrence), counts uses, names the shared ones,
 * drops the texts of values in which a constant's name (or whether a value is a constant) changed,
 * and prints only values without a text; the result is the same text as a table built from scratch.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Below this many characters of JSON an object stays inline: a name would save next to nothing. */
const MIN_SHARED_SIZE = 40;
/** Objects and arrays that fit in this many characters are written on one line. */
const MAX_LINE = 100;
/** Frozen inputs of at least this many characters of JSON are known by identity. */
const MIN_KEPT_IDENTITY = 256;
/** Printed texts are kept for values up to this size (larger ones are joined from their children's). */
const MAX_KEPT_TEXT = 1 << 16;
/** Strings up to this length have their JSON text made once per table (at most this many kept). */
const MAX_QUOTED = 64;
const MAX_QUOTED_COUNT = 100_000;

interface Node {
  /** The table's id, and `#id` as it stands in the key of every value holding this one. */
  id: number;
  ref: string;
  array: boolean;
  /** Object keys as JSON strings; empty for an array. */
  keys: string[];
  /** Children: a node for an object or array, else the value's JSON text. */
  items: (Node | string)[];
  /** Length of the compact JSON text. */
  size: number;
  /** Table generation the node belongs to (see `sweep`). */
  generation: number;
  /** The last call that reached it and the one before, its uses and name in the last. */
  call: number;
  previousCall: number;
  uses: number;
  name: string | undefined;
  /** Its name in the call before. */
  previousName: string | undefined;
  /** The call in which its text was dropped (so its parents' texts are dropped too). */
  staleIn: number;
  /** Its printed text at `textSlot` (`indent * 2 + top`), as of the last call that reached it. */
  text: string | undefined;
  textSlot: number;
}

const isContainer = (v: Json): v is Json[] | { [key: string]: Json } => typeof v === 'object' && v !== null;

export interface SharedLiterals {
  /** `const sN = ...;` lines, to write before the values. */
  declarations: string;
  /** The first `count` of those declarations (a sample for the syntax check). */
  firstDeclarations(count: number): string;
  /** Each input as a TypeScript expression indented by `indent` spaces after its first line. */
  expression(value: unknown, indent: number): string;
  /**
   * The same text as fragments (generate-core chunks.ts): a large object or array as its opening,
   * each entry's indent, key and kept text, separators and closing, never joined. Kept entry texts
   * are the same strings between calls, so a watch edit changes the fragments of its entries only.
   */
  expressionChunks(value: unknown, indent: number): string[];
}

export interface LiteralTable {
  literals(values: readonly unknown[]): SharedLiterals;
  /** Nodes interned and texts printed since the table was made (tests check what a call redoes). */
  readonly stats: { interned: number; printed: number };
}

export function createLiteralTable(): LiteralTable {
  let byKey = new Map<string, Node>();
  let byObject = new WeakMap<object, Node>();
  let generation = 0;
  let call = 0;
  let nextId = 0;
  const stats = { interned: 0, printed: 0 };

  /**
   * JSON texts of object keys and short strings, made once: a large document repeats the same keys
   * and values (`type`, `"string"`, `$ref`s) hundreds of thousands of times.
   */
  let quoted = new Map<string, string>();
  const jsonText = (v: Json): string => {
    if (typeof v !== 'string' || v.length > MAX_QUOTED) return JSON.stringify(v);
    let text = quoted.get(v);
    if (text === undefined) {
      if (quoted.size >= MAX_QUOTED_COUNT) quoted = new Map();
      text = JSON.stringify(v);
      quoted.set(v, text);
    }
    return text;
  };

  /** Whether `value` holds no object or array (a schema's leaves: most of a large document's values). */
  const isLeaf = (value: Json[] | { [key: string]: Json }): boolean => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (isContainer(value[i]!)) return false;
    } else for (const k in value) if (isContainer(value[k]!)) return false;
    return true;
  };

  const intern = (value: Json[] | { [key: string]: Json }, depth: number): Node => {
    const known = byObject.get(value);
    if (known !== undefined && known.generation === generation) return known;
    let node: Node | undefined;
    if (isLeaf(value)) {
      // A leaf's key is its JSON text, made natively in one call; its parts are made only when it
      // is new (a leaf's JSON text starts `{"`, `[` + a scalar, `{}` or `[]`: never `{,` or `[,`).
      const key = JSON.stringify(value);
      node = byKey.get(key) ?? added(key, contents(value, depth, null));
    } else {
      // The table's key: the value's tokens (keys' JSON, children's `#id`, scalars' JSON), joined
      // once into a flat string (JSON texts delimit themselves, so the tokens read back one way).
      const tokens: string[] = [Array.isArray(value) ? '[' : '{'];
      const parts = contents(value, depth, tokens);
      const key = tokens.join(',');
      node = byKey.get(key) ?? added(key, parts);
    }
    // Only a frozen object is known to keep its contents (the contract freezes what it keeps). Known
    // by identity: the inputs and their entries (a route's schema set, each component schema) and
    // large values; a weak entry for each of the 300,000 objects of a large document made every
    // garbage collection slower than keying the small ones below an entry again.
    if ((depth <= 1 || node.size >= MIN_KEPT_IDENTITY) && Object.isFrozen(value)) byObject.set(value, node);
    return node;
  };

  /** Keys, items (children interned) and compact JSON size of `value`; its key's tokens into `tokens`. */
  const contents = (
    value: Json[] | { [key: string]: Json },
    depth: number,
    tokens: string[] | null,
  ): Pick<Node, 'array' | 'keys' | 'items' | 'size'> => {
    const array = Array.isArray(value);
    const keys: string[] = [];
    const items: (Node | string)[] = [];
    let size = 2;
    const part = (v: Json) => {
      if (isContainer(v)) {
        const child = intern(v, depth + 1);
        items.push(child);
        size += child.size;
        tokens?.push(child.ref);
        return;
      }
      const text = jsonText(v);
      items.push(text);
      size += text.length;
      tokens?.push(text);
    };
    if (array) {
      for (let i = 0; i < value.length; i++) part(value[i]!);
      size += Math.max(0, value.length - 1);
    } else {
      size -= 1;
      for (const k of Object.keys(value)) {
        const name = jsonText(k);
        keys.push(name);
        tokens?.push(name);
        part(value[k]!);
        size += k.length + 3;
      }
    }
    return { array, keys, items, size };
  };

  const added = (key: string, parts: Pick<Node, 'array' | 'keys' | 'items' | 'size'>): Node => {
    const id = nextId++;
    const node: Node = {
      id,
      ref: `#${id}`,
      array: parts.array,
      keys: parts.keys,
      items: parts.items,
      size: parts.size,
      generation,
      call: 0,
      previousCall: 0,
      uses: 0,
      name: undefined,
      previousName: undefined,
      staleIn: 0,
      text: undefined,
      textSlot: -1,
    };
    byKey.set(key, node);
    stats.interned++;
    return node;
  };

  /** After a call: when the table holds far more than that call reached, keep only what it reached. */
  const sweep = (reached: readonly Node[]) => {
    if (byKey.size <= 2 * reached.length + 10_000) return;
    generation++;
    const next = new Map<string, Node>();
    for (const [key, node] of byKey) {
      if (node.call !== call) continue;
      node.generation = generation;
      next.set(key, node);
    }
    byKey = next;
    byObject = new WeakMap();
  };

  const inline = (node: Node, top: boolean): string => {
    if (node.name && !top) return node.name;
    const parts = node.items.map((item) => (typeof item === 'string' ? item : inline(item, false)));
    if (node.array) return `[${parts.join(', ')}]`;
    return parts.length === 0 ? '{}' : `{ ${parts.map((p, i) => `${node.keys[i]}: ${p}`).join(', ')} }`;
  };

  const print = (node: Node, indent: number, top: boolean): string => {
    if (node.name && !top) return node.name;
    // A short object or array stays on one line: a field's schema reads as one line, and the file
    // is not mostly indentation.
    if (node.size <= MAX_LINE) {
      const line = inline(node, top);
      if (indent + line.length <= MAX_LINE) return line;
    }
    const slot = indent * 2 + (top ? 1 : 0);
    if (node.textSlot === slot && node.text !== undefined) return node.text;
    const pad = ' '.repeat(indent + 2);
    const texts = node.items.map((item) => (typeof item === 'string' ? item : print(item, indent + 2, false)));
    const items = texts.map((text, i) => (node.array ? pad + text : `${pad}${node.keys[i]}: ${text}`));
    const [open, close] = node.array ? ['[', ']'] : ['{', '}'];
    const text = items.length === 0 ? open + close : `${open}\n${items.join(',\n')}\n${' '.repeat(indent)}${close}`;
    stats.printed++;
    // The children's kept texts become slices of this one (V8 keeps a slice as a view of its
    // parent): the kept texts then hold one copy of the output, not one per level of nesting.
    let start = open.length + 1;
    for (let i = 0; i < items.length; i++) {
      const item = node.items[i]!;
      if (typeof item !== 'string' && item.text === texts[i]) {
        const from = start + items[i]!.length - texts[i]!.length;
        item.text = text.slice(from, from + texts[i]!.length);
      }
      start += items[i]!.length + 2;
    }
    // One text per value: a value is printed at one indent in practice (a record under components).
    if (node.size <= MAX_KEPT_TEXT) {
      node.text = text;
      node.textSlot = slot;
    }
    return text;
  };

  const literals = (values: readonly unknown[]): SharedLiterals => {
    call++;
    // The distinct values in the order their first occurrence ends in a walk of the inputs.
    const order: Node[] = [];
    const visit = (node: Node) => {
      if (node.call === call) return;
      node.previousCall = node.call;
      node.call = call;
      node.previousName = node.name;
      node.uses = 0;
      node.name = undefined;
      for (const item of node.items) if (typeof item !== 'string') visit(item);
      order.push(node);
    };
    const roots = values.map((v) => (isContainer(v as Json) ? intern(v as Json[] | { [key: string]: Json }, 0) : null));
    const rootOf = new Map<unknown, Node | null>(values.map((v, i) => [v, roots[i] ?? null]));
    for (const root of roots) if (root) visit(root);

    // Uses as written: a child of a shared constant is written once, inside its declaration.
    for (const root of roots) if (root) root.uses++;
    for (let i = order.length - 1; i >= 0; i--) {
      const node = order[i]!;
      if (node.uses === 0) continue;
      const shared = node.uses > 1 && node.size >= MIN_SHARED_SIZE;
      for (const item of node.items) if (typeof item !== 'string') item.uses += shared ? 1 : node.uses;
      if (shared) node.name = '';
    }
    const named: Node[] = [];
    for (const node of order) if (node.name === '') named.push(node), (node.name = `s${named.length}`);
    // A kept text holds the names of the constants inside it: drop it where one of them changed
    // (children before parents, so a change inside an unnamed child reaches its parents too).
    for (const node of order) {
      let stale = node.previousCall !== call - 1;
      for (let i = 0; !stale && i < node.items.length; i++) {
        const item = node.items[i]!;
        if (typeof item !== 'string')
          stale = item.name !== item.previousName || (item.name === undefined && item.staleIn === call);
      }
      if (stale) {
        node.text = undefined;
        node.staleIn = call;
      }
    }

    const declarationList = named.map((n) => `const ${n.name} = ${print(n, 0, true)};\n`);
    const declarations = declarationList.join('');
    sweep(order);
    const expression = (value: unknown, indent: number) => {
      const root = rootOf.get(value);
      if (root === undefined) throw new Error('sharedLiterals: expression of a value that was not given');
      return root ? print(root, indent, false) : JSON.stringify(value);
    };
    return {
      declarations,
      firstDeclarations: (count) => declarationList.slice(0, count).join(''),
      expression,
      expressionChunks: (value, indent) => {
        const root = rootOf.get(value);
        // What `print` writes on one line, or as a name, is one fragment.
        if (!root || root.name || root.size <= MAX_LINE || root.items.length === 0) return [expression(value, indent)];
        // `print`'s multi-line form, cut where its entries start and end.
        const pad = ' '.repeat(indent + 2);
        const [open, close] = root.array ? ['[', ']'] : ['{', '}'];
        const chunks = [`${open}\n`];
        for (let i = 0; i < root.items.length; i++) {
          const item = root.items[i]!;
          if (i > 0) chunks.push(',\n');
          chunks.push(pad);
          if (!root.array) chunks.push(root.keys[i]!, ': ');
          chunks.push(typeof item === 'string' ? item : print(item, indent + 2, false));
        }
        chunks.push(`\n${' '.repeat(indent)}${close}`);
        return chunks;
      },
    };
  };

  return { literals, stats };
}

/** From scratch: a table of its own for these values only. */
export function sharedLiterals(values: readonly unknown[]): SharedLiterals {
  return createLiteralTable().literals(values);
}
