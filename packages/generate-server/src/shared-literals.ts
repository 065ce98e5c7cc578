/**
 * JSON values as TypeScript source in which every repeated object or array is written once, as a
 * `const`, and referred to by name everywhere else. The routes of a large spec repeat the same
 * schemas (error messages with their examples, page and record schemas) hundreds of times; written
 * out each time they made `schemas.ts` 14 MB for 600 resources. The values the module evaluates to
 * are deep-equal to the inputs, so what validates with them is unchanged.
 *
 * Deterministic, and independent of where in the file a value is: a constant is named after its
 * contents (literal-names.ts: `s` and 8 base-36 digits of a hash; values whose hashes collide are
 * told apart by their contents), and the constants are declared by height (how deeply the value
 * nests; each is declared after every constant inside it), then by name.
 *
 * Kept between calls (a watch edit changes one resource's schemas out of thousands): a table of
 * every distinct value seen (hash-consing: a value's key names its children by their table id), the
 * table entry of each frozen input object by identity, how often each value is written (kept up to
 * date from the inputs that were added or removed since the last call, not by a walk of them all)
 * and the printed text of each entry. A text is dropped when a value inside it became or stopped
 * being a constant, or a constant inside it was renamed (a collision); the result is the same text
 * as a table built from scratch.
 */
import { compareContent, type Content, nameDigits } from './literal-names.ts';

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

/** `n` spaces, made once per `n`. */
const pads: string[] = [];
const padOf = (n: number): string => {
  let pad = pads[n];
  if (pad === undefined) {
    pad = ' '.repeat(n);
    pads[n] = pad;
  }
  return pad;
};

interface Node extends Content {
  /** `#id` (the table's id), as it stands in the key of every value holding this one. */
  ref: string;
  array: boolean;
  /** Object keys as JSON strings; empty for an array. */
  keys: string[];
  /** Children: a node for an object or array, else the value's JSON text. */
  items: (Node | string)[];
  /**
   * A leaf of a table for one call: the first value seen, until its keys and items are asked for
   * (`ready`); it is printed from the value (`leafLine`, `leafText`). Else undefined.
   */
  value: Json[] | { [key: string]: Json } | undefined;
  /** Such a leaf's compact JSON text (its key), which it is printed from where it can be (`fromJson`). */
  json: string | undefined;
  /** The digits of its name (literal-names.ts), once it was a constant. */
  digits: string | undefined;
  /** Length of the compact JSON text. */
  size: number;
  /** 0 for a value holding no object or array, else one more than its highest child (-1 until asked). */
  height: number;
  /** The values holding this one (each once), to drop their texts when this one's name changes. */
  parents: Node[];
  /** Table generation the node belongs to (see `sweep`). */
  generation: number;
  /** How many times it is written: once in each constant and each unnamed occurrence holding it. */
  uses: number;
  /** Its constant's name while it is one. */
  name: string | undefined;
  /** The last call that changed its uses, and whether it was a constant before that call. */
  touched: number;
  wasShared: boolean;
  /** The last call that dropped its texts. */
  dropped: number;
  /** Its one-line text (as a constant's value), if it fits on one line. */
  line: string | undefined;
  /** Its printed text at `textSlot` (`indent * 2 + top`). */
  text: string | undefined;
  textSlot: number;
  /** `const <name> = <text>;\n` while it is a constant. */
  declaration: string | undefined;
}

/** What a leaf printed from its JSON text (`fromJson`) puts between members and inside its brackets. */
interface Style {
  separator: string;
  open: string;
  close: string;
  arrayOpen: string;
  arrayClose: string;
}
/** A leaf on one line: `{ "a": 1, "b": 2 }`, `["a", "b"]`. */
const ONE_LINE: Style = { separator: ', ', open: ' ', close: ' ', arrayOpen: '', arrayClose: '' };

const NO_KEYS: string[] = [];
/**
 * The keys of a `{ "$ref": ... }` leaf of a table for one call, which stands for no other leaf: such a
 * node's `json` is its ref's JSON text (see `intern`).
 */
const REF_KEYS: string[] = ['"$ref"'];
const NO_ITEMS: (Node | string)[] = [];

/** How deeply `node` nests (made when first asked for: only constants are ordered by it). */
const heightOf = (node: Node): number => {
  if (node.height === -1) {
    let height = 0;
    for (const item of node.items) if (typeof item !== 'string') height = Math.max(height, heightOf(item) + 1);
    node.height = height;
  }
  return node.height;
};
/**
 * JSON text of a value that is not a string: a number or boolean written directly (JSON.stringify
 * called per scalar was the largest self time of a cold table), anything else by JSON.stringify.
 */
const scalarText = (v: Json): string => {
  if (typeof v === 'number') return Number.isFinite(v) ? `${v}` : 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return JSON.stringify(v);
};
/**
 * Whether a key or string of an object leaf puts one of `fromJson`'s marks at its edge: content starting
 * with `:` gives `":` after its opening quote, content ending with `,` gives `,"` before its closing one
 * (elsewhere a quote inside a string is escaped, so the marks are the members' own).
 */
const marksEdge = (s: string): boolean => s.length > 0 && (s.charCodeAt(0) === 58 || s.charCodeAt(s.length - 1) === 44);
const isContainer = (v: Json): v is Json[] | { [key: string]: Json } => typeof v === 'object' && v !== null;
const isShared = (node: Node) => node.uses > 1 && node.size >= MIN_SHARED_SIZE;
/** What a node adds to the uses of each child it holds: a constant holds its children once. */
const contribution = (node: Node) => (isShared(node) ? 1 : node.uses);
/** Declaration order: every constant after the ones inside it (lower), then by name. */
const declarationOrder = (a: Node, b: Node) =>
  heightOf(a) - heightOf(b) || (a.name! < b.name! ? -1 : a.name! > b.name! ? 1 : 0);

export interface SharedLiterals {
  /** `const s... = ...;` lines, to write before the values (`declarationList` joined). */
  readonly declarations: string;
  /** Each constant's declaration, in order: the same strings between calls while a constant's text is. */
  readonly declarationList: readonly string[];
  /** The first `count` of those declarations (a sample for the syntax check). */
  firstDeclarations(count: number): string;
  /** Each input as a TypeScript expression indented by `indent` spaces after its first line. */
  expression(value: unknown, indent: number): string;
  /**
   * An object of the given entries, each of whose values was given, as fragments (generate-core
   * chunks.ts), never joined: its opening, each entry's indent, key and kept text, separators and
   * closing. Kept texts are the same strings between calls, so a watch edit changes the fragments
   * of its entries only. (The components of `schemas.ts`: thousands of entries, given one by one
   * rather than as one object, which would be a new value with a new key of all its entries on
   * every edit.)
   */
  entriesChunks(entries: readonly (readonly [string, unknown])[], indent: number): string[];
}

export interface LiteralTable {
  literals(values: readonly unknown[]): SharedLiterals;
  /**
   * A table for one call: interns `value` before `literals` is given it (its root is then found by
   * identity), adding each key and string starting with `#` that the walk meets to `refs` (a frozen
   * value met again is not walked again: its strings were added the first time). The component
   * closure of a one-shot run reads each component's `$ref`s so, as the table walks it anyway.
   */
  internAhead(value: unknown, refs: string[]): void;
  /**
   * Since the table was made: nodes interned, texts printed, and nodes whose uses were counted
   * again (tests check what a call redoes).
   */
  readonly stats: { interned: number; printed: number; counted: number };
}

export interface LiteralTableOptions {
  /** Base-36 digits of a constant's name (tests use 1 to make names collide). */
  digits?: number;
  /**
   * Whether the table serves more than one call (default). A table for one call only (a one-shot
   * run) does not list each value's parents, which only a later call's edits need.
   */
  kept?: boolean;
}

export function createLiteralTable(options: LiteralTableOptions = {}): LiteralTable {
  const digits = options.digits ?? 8;
  const kept = options.kept ?? true;
  let byKey = new Map<string, Node>();
  let byObject = new WeakMap<object, Node>();
  let generation = 0;
  let call = 0;
  let nextId = 0;
  let live = 0;
  const stats = { interned: 0, printed: 0, counted: 0 };
  /** Constants by the digits of their hash (more than one: a collision). */
  const byDigits = new Map<string, Node[]>();
  /** The constants in declaration order, as of the last call, and their declarations. */
  let declared: Node[] = [];
  let declarationList: string[] = [];

  /**
   * JSON texts of object keys and short strings, made once: a large document repeats the same keys
   * and values (`type`, `"string"`, `$ref`s) hundreds of thousands of times.
   */
  let quoted = new Map<string, string>();
  const jsonText = (v: Json): string => {
    // A table for one call keeps every string's text: long ones (descriptions, the 852-character
    // Int64 pattern) recur thousands of times in a large document. A kept table keeps short ones
    // only: a long one of an earlier parse would be held for the rest of the session.
    if (typeof v !== 'string') return scalarText(v);
    if (kept && v.length > MAX_QUOTED) return JSON.stringify(v);
    let text = quoted.get(v);
    if (text === undefined) {
      if (quoted.size >= MAX_QUOTED_COUNT) quoted = new Map();
      text = JSON.stringify(v);
      quoted.set(v, text);
    }
    return text;
  };

  /**
   * A leaf's one-line text, `{ "a": 1, "b": "x" }` or `["a", "b"]`, made from its value (the same
   * text `inline` makes from its items): for a leaf of a table for one call, which has no items.
   */
  const leafLine = (value: Json[] | { [key: string]: Json }): string => {
    let text = '';
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ', ') + jsonText(value[i]!);
      return `[${text}]`;
    }
    for (const k in value) text += `${text === '' ? '{ ' : ', '}${jsonText(k)}: ${jsonText(value[k]!)}`;
    return text === '' ? '{}' : `${text} }`;
  };

  /**
   * A leaf's text from its compact JSON text `json` (its key), with `separator` after each member and
   * `open`/`close` inside its brackets, when a replace of the JSON text's marks can make it: a text
   * without a backslash before a quote (JSON writes a quote in a string as `\"`) has a quote only
   * around each string, so in an object `":` ends each key and `,"` starts each next member, unless a
   * string starts with `:` or ends with `,` (`marksEdge`: its own quote makes the mark), and in an array
   * of strings only (`","`, unless a string is `,`) or of no string (`,`) the separators are found the
   * same way. Undefined otherwise (the caller joins the members' texts).
   * Most leaves are printed so: each member's JSON text looked up again was most of their printing.
   */
  const fromJson = (value: Json[] | { [key: string]: Json }, json: string, style: Style): string | undefined => {
    if (json.length <= 2 || json.indexOf('\\"') !== -1) return undefined;
    const inner = json.slice(1, -1);
    const { separator } = style;
    if (!Array.isArray(value)) {
      for (const k in value) {
        const v = value[k];
        if (marksEdge(k) || (typeof v === 'string' && marksEdge(v))) return undefined;
      }
      return `{${style.open}${inner.replaceAll('":', '": ').replaceAll(',"', `${separator}"`)}${style.close}}`;
    }
    let strings = 0;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === 'string') {
        // the string `,` is `","` in the JSON text, as the separator between two strings is
        if (v === ',') return undefined;
        strings++;
      }
    }
    if (strings === value.length)
      return `[${style.arrayOpen}${inner.replaceAll('","', `"${separator}"`)}${style.arrayClose}]`;
    if (strings === 0) return `[${style.arrayOpen}${inner.replaceAll(',', separator)}${style.arrayClose}]`;
    return undefined;
  };

  /** A `{ "$ref": ... }` leaf's text from its ref's JSON text, as `fromJson` prints it from the leaf's. */
  const refText = (json: string, style: Style): string => `{${style.open}"$ref": ${json}${style.close}}`;

  /** How a leaf is printed over several lines at each indent (`leafText`). */
  const breaks: Style[] = [];

  /**
   * A leaf's text over several lines at `indent` (the text `print` makes from its items), from its
   * compact JSON text where `fromJson` can make it, else from its members' texts.
   */
  const breakAt = (indent: number): Style => {
    let at = breaks[indent];
    if (at === undefined) {
      const pad = padOf(indent + 2);
      const close = `\n${padOf(indent)}`;
      at = { separator: `,\n${pad}`, open: `\n${pad}`, close, arrayOpen: `\n${pad}`, arrayClose: close };
      breaks[indent] = at;
    }
    return at;
  };

  const leafText = (value: Json[] | { [key: string]: Json }, json: string, indent: number): string => {
    const at = breakAt(indent);
    const text = fromJson(value, json, at);
    if (text !== undefined) return text;
    let members = '';
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) members += at.separator + jsonText(value[i]!);
    else for (const k in value) members += `${at.separator}${jsonText(k)}: ${jsonText(value[k]!)}`;
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    return members === '' ? open + close : `${open}\n${members.slice(2)}${at.close}${close}`;
  };

  /**
   * In the key of a table for one call, a long string stands as `$<n>`, its number in this map
   * (made once per distinct string), not as its JSON text: the key is shorter to make, hash and
   * compare. (`$` starts no JSON text, so keys still read back one way.)
   */
  const longTokens = new Map<string, string>();
  const tokenOf = (v: Json, text: string): string => {
    if (kept || text.length <= MAX_QUOTED) return text;
    let token = longTokens.get(v as string);
    if (token === undefined) {
      token = `$${longTokens.size}`;
      longTokens.set(v as string, token);
    }
    return token;
  };

  /** Where `internAhead` adds the strings starting with `#` that the walk meets; null otherwise. */
  let refSink: string[] | null = null;
  /** The roots `internAhead` interned, by value. */
  const ahead = new Map<unknown, Node>();

  /** Whether `value` holds no object or array (a schema's leaves: most of a large document's values). */
  const isLeaf = (value: Json[] | { [key: string]: Json }): boolean => {
    if (refSink !== null) return isLeafAdding(value, refSink);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (isContainer(value[i]!)) return false;
    } else for (const k in value) if (isContainer(value[k]!)) return false;
    return true;
  };

  /**
   * A table for one call's `{ "$ref": ... }` leaves by their ref (38,000 of the 59,000 leaves a large
   * spec's schemas hold: each field's property schema), found without a JSON text of the object.
   */
  const refLeaves = new Map<string, Node>();

  /** The ref of `value` when it is an object of one member, `$ref`, a string; else undefined. */
  const onlyRef = (value: Json[] | { [key: string]: Json }): string | undefined => {
    if (Array.isArray(value)) return undefined;
    let ref: Json | undefined;
    let members = 0;
    for (const k in value) {
      if (members++ > 0 || k !== '$ref') return undefined;
      ref = value[k];
    }
    return typeof ref === 'string' ? ref : undefined;
  };

  /** `isLeaf`, adding the keys and strings starting with `#` it reads to `refs` (some twice if it is not a leaf). */
  const isLeafAdding = (value: Json[] | { [key: string]: Json }, refs: string[]): boolean => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v = value[i]!;
        if (typeof v === 'string') {
          if (v.charCodeAt(0) === 35) refs.push(v);
        } else if (isContainer(v)) return false;
      }
      return true;
    }
    for (const k in value) {
      if (k.charCodeAt(0) === 35) refs.push(k);
      const v = value[k]!;
      if (typeof v === 'string') {
        if (v.charCodeAt(0) === 35) refs.push(v);
      } else if (isContainer(v)) return false;
    }
    return true;
  };

  const intern = (value: Json[] | { [key: string]: Json }, depth: number): Node => {
    const known = byObject.get(value);
    if (known !== undefined && (!kept || known.generation === generation)) return known;
    let node: Node | undefined;
    const ref = kept ? undefined : onlyRef(value);
    if (ref !== undefined) {
      if (refSink !== null && ref.charCodeAt(0) === 35) refSink.push(ref);
      // Printed as `{ "$ref": <its JSON text> }` (`refLine`), the same text as from its JSON text.
      node = refLeaves.get(ref);
      if (node === undefined) {
        const json = JSON.stringify(ref);
        node = added(null, { array: false, keys: REF_KEYS, items: NO_ITEMS, size: json.length + 9 });
        node.value = value;
        node.json = json;
        refLeaves.set(ref, node);
      }
    } else if (isLeaf(value)) {
      // A leaf's key is its JSON text, made natively in one call; its parts are made only when it
      // is new (a leaf's JSON text starts `{"`, `[` + a scalar, `{}` or `[]`: never `{,` or `[,`).
      const key = JSON.stringify(value);
      node = byKey.get(key);
      if (node === undefined) {
        // A table for one call makes a new leaf's parts only if it is named (most never are).
        node = kept
          ? added(key, contents(value, depth, null))
          : added(key, { array: Array.isArray(value), keys: NO_KEYS, items: NO_ITEMS, size: key.length });
        if (!kept) {
          node.value = value;
          node.json = key;
        }
      }
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
    // garbage collection slower than keying the small ones below an entry again. A table for one
    // call is given a document built without the memo, whose only frozen objects are the few the
    // contract shares (its field schemas, field-share.ts), each met many times: all known by identity.
    if ((depth <= 1 || !kept || node.size >= MIN_KEPT_IDENTITY) && Object.isFrozen(value)) byObject.set(value, node);
    return node;
  };

  /** Keys, items (children interned) and compact JSON size of `value`; its key's tokens into `tokens`. */
  const contents = (
    value: Json[] | { [key: string]: Json },
    depth: number,
    tokens: string[] | null,
  ): Pick<Node, 'array' | 'keys' | 'items' | 'size'> => {
    const array = Array.isArray(value);
    // One loop for arrays and objects, each member read in place (not by a call per member: a cold
    // run's interning runs mostly unoptimized, where every call costs).
    const names = array ? null : Object.keys(value);
    const count = names === null ? (value as Json[]).length : names.length;
    // Made at their length (an array grown by push keeps room for 17 or more: 3 MB more of a large
    // table held to the end, which each young-generation collection copies).
    const keys: string[] = names === null ? [] : new Array(count);
    const items: (Node | string)[] = new Array(count);
    let size = 2;
    for (let i = 0; i < count; i++) {
      // a comma between members; for an object's, `"k":` too: the compact JSON length, as a leaf's is
      if (i > 0) size += 1;
      let v: Json;
      if (names === null) v = (value as Json[])[i]!;
      else {
        const k = names[i]!;
        if (refSink !== null && k.charCodeAt(0) === 35) refSink.push(k);
        const name = jsonText(k);
        keys[i] = name;
        tokens?.push(name);
        size += name.length + 1;
        v = (value as { [key: string]: Json })[k]!;
      }
      if (typeof v === 'object' && v !== null) {
        const child = intern(v, depth + 1);
        items[i] = child;
        size += child.size;
        tokens?.push(child.ref);
      } else {
        if (refSink !== null && typeof v === 'string' && v.charCodeAt(0) === 35) refSink.push(v);
        const text = jsonText(v);
        items[i] = text;
        size += text.length;
        tokens?.push(kept || text.length <= MAX_QUOTED ? text : tokenOf(v, text));
      }
    }
    return { array, keys, items, size };
  };

  const added = (key: string | null, parts: Pick<Node, 'array' | 'keys' | 'items' | 'size'>): Node => {
    const id = nextId++;
    const node: Node = kept
      ? {
          ref: `#${id}`,
          array: parts.array,
          keys: parts.keys,
          items: parts.items,
          value: undefined,
          json: undefined,
          size: parts.size,
          height: -1,
          hash: undefined,
          digits: undefined,
          parents: [],
          generation,
          uses: 0,
          name: undefined,
          touched: 0,
          wasShared: false,
          dropped: 0,
          line: undefined,
          text: undefined,
          textSlot: -1,
          declaration: undefined,
        }
      : oneCallNode(`#${id}`, parts);
    if (kept)
      for (const item of parts.items)
        if (typeof item !== 'string' && item.parents.at(-1) !== node) item.parents.push(node);
    if (key !== null) byKey.set(key, node);
    stats.interned++;
    return node;
  };

  /**
   * A node of a table for one call: without the members only a kept table reads (parents, generation,
   * kept texts), and the constants' (name, hash, digits, declaration) added when it becomes one, 4,300
   * of 61,000 on the 600-resource spec: about half the size, and the table is held to the end of the
   * target, copied by each young-generation collection it lives through. A member left out reads as
   * undefined, which is what a kept table's node holds in it but for `parents` and `generation`, read
   * only for a kept table.
   */
  const oneCallNode = (ref: string, parts: Pick<Node, 'array' | 'keys' | 'items' | 'size'>): Node =>
    ({
      ref,
      array: parts.array,
      keys: parts.keys,
      items: parts.items,
      value: undefined,
      json: undefined,
      size: parts.size,
      height: -1,
      uses: 0,
      touched: 0,
      wasShared: false,
    }) as Partial<Node> as Node;

  /** The nodes whose uses changed in this call (to name or unname once their uses are final). */
  let touched: Node[] = [];

  /** Adds `delta` uses to `node`, and what that changes of its contribution to its children. */
  const addUses = (node: Node, delta: number) => {
    if (node.touched !== call) {
      node.touched = call;
      node.wasShared = isShared(node);
      touched.push(node);
      stats.counted++;
    }
    const before = contribution(node);
    if (node.uses === 0) live++;
    node.uses += delta;
    if (node.uses === 0) live--;
    const change = contribution(node) - before;
    if (change !== 0) for (const item of node.items) if (typeof item !== 'string') addUses(item, change);
  };

  /** Drops the texts of `node`, and of the values holding it unless it is written by its name there. */
  const drop = (node: Node) => {
    if (node.dropped === call) return;
    node.dropped = call;
    node.line = undefined;
    node.text = undefined;
    node.declaration = undefined;
    if (node.name === undefined) for (const parent of node.parents) drop(parent);
  };

  /** The constants whose name or place in the declarations changed in this call. */
  const moved = new Set<Node>();

  const rename = (node: Node, name: string | undefined) => {
    if (node.name === name) return;
    node.name = name;
    node.declaration = undefined;
    moved.add(node);
    // The values holding it write its new name, or its text instead of its name (a table for one
    // call lists no parents: it prints nothing before its constants are named).
    if (kept) for (const parent of node.parents) drop(parent);
  };

  /** Names the constants of a hash's digits: by content when they collide (the same names whatever the order). */
  const nameGroup = (group: Node[]) => {
    if (group.length > 1) group.sort(compareContent);
    for (const [rank, node] of group.entries())
      rename(node, rank === 0 ? `s${node.digits}` : `s${node.digits}_${rank}`);
  };

  /** Makes the keys and items of a leaf that kept its value (`Node.value`), and of every leaf inside `node`. */
  const ready = (node: Node) => {
    if (node.hash !== undefined) return;
    if (node.value !== undefined) {
      const parts = contents(node.value, 0, null);
      node.keys = parts.keys;
      node.items = parts.items;
      node.value = undefined;
      node.json = undefined;
    }
    for (const item of node.items) if (typeof item !== 'string') ready(item);
  };

  const share = (node: Node, shared: boolean) => {
    if (node.digits === undefined) {
      ready(node);
      node.digits = nameDigits(node, digits);
    }
    const group = byDigits.get(node.digits) ?? [];
    if (shared) group.push(node);
    else {
      group.splice(group.indexOf(node), 1);
      rename(node, undefined);
    }
    if (group.length === 0) byDigits.delete(node.digits);
    else byDigits.set(node.digits, group);
    nameGroup(group);
  };

  /** After a call: when the table holds far more than is in use, keep only what is. */
  const sweep = () => {
    if (!kept || byKey.size <= 2 * live + 10_000) return;
    generation++;
    const next = new Map<string, Node>();
    for (const [key, node] of byKey) {
      if (node.uses === 0) continue;
      node.generation = generation;
      next.set(key, node);
    }
    for (const node of next.values()) node.parents = node.parents.filter((p) => p.uses > 0);
    byKey = next;
    byObject = new WeakMap();
  };

  const inline = (node: Node, top: boolean): string => {
    if (node.name && !top) return node.name;
    if (node.line !== undefined) return node.line;
    if (node.value !== undefined) {
      if (node.keys === REF_KEYS) return refText(node.json ?? '', ONE_LINE);
      return fromJson(node.value, node.json ?? '', ONE_LINE) ?? leafLine(node.value);
    }
    const parts = node.items.map((item) => (typeof item === 'string' ? item : inline(item, false)));
    const line = node.array
      ? `[${parts.join(', ')}]`
      : parts.length === 0
        ? '{}'
        : `{ ${parts.map((p, i) => `${node.keys[i]}: ${p}`).join(', ')} }`;
    // Kept for the next call (a table for one call keeps none: tens of thousands of small texts
    // held to the end of the target weighed on the peak memory of a one-shot run).
    if (kept) node.line = line;
    return line;
  };

  const print = (node: Node, indent: number, top: boolean): string => {
    if (node.name && !top) return node.name;
    if (!kept) {
      const out: string[] = [];
      printInto(node, indent, top, out);
      return out.join('');
    }
    // A short object or array stays on one line: a field's schema reads as one line, and the file
    // is not mostly indentation.
    if (node.size <= MAX_LINE) {
      const line = inline(node, true);
      if (indent + line.length <= MAX_LINE) return line;
    }
    const slot = indent * 2 + (top ? 1 : 0);
    if (node.textSlot === slot && node.text !== undefined) return node.text;
    if (node.value !== undefined) {
      stats.printed++;
      return leafText(node.value, node.json ?? '', indent);
    }
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

  /**
   * `print` for a table for one call, which keeps no texts: the text's pieces pushed into `out`, to
   * be joined once by the caller. (Each level's text joined from its children's copied a value's
   * text once per level of nesting it sits at: 12 MB of schemas.ts copied 4-6 times.)
   */
  const printInto = (node: Node, indent: number, top: boolean, out: string[]): void => {
    if (node.name && !top) {
      out.push(node.name);
      return;
    }
    if (node.size <= MAX_LINE) {
      const line = inline(node, true);
      if (indent + line.length <= MAX_LINE) {
        out.push(line);
        return;
      }
    }
    stats.printed++;
    if (node.value !== undefined) {
      out.push(
        node.keys === REF_KEYS
          ? refText(node.json ?? '', breakAt(indent))
          : leafText(node.value, node.json ?? '', indent),
      );
      return;
    }
    const [open, close] = node.array ? ['[', ']'] : ['{', '}'];
    if (node.items.length === 0) {
      out.push(open + close);
      return;
    }
    const pad = ' '.repeat(indent + 2);
    const separator = `,\n${pad}`;
    out.push(`${open}\n${pad}`);
    for (let i = 0; i < node.items.length; i++) {
      if (i > 0) out.push(separator);
      if (!node.array) out.push(node.keys[i] as string, ': ');
      const item = node.items[i] as Node | string;
      if (typeof item === 'string') out.push(item);
      else printInto(item, indent + 2, false, out);
    }
    out.push(`\n${' '.repeat(indent)}${close}`);
  };

  /** The declarations in order: the kept ones, and the moved ones merged in. */
  const declare = () => {
    const changed = moved.size > 0 || declared.some((n) => n.declaration === undefined);
    if (moved.size > 0) {
      const fresh = [...moved].filter((n) => n.name !== undefined).sort(declarationOrder);
      const kept = declared.filter((n) => n.name !== undefined && !moved.has(n));
      declared = [];
      let i = 0;
      for (const node of fresh) {
        while (i < kept.length && declarationOrder(kept[i]!, node) < 0) declared.push(kept[i++]!);
        declared.push(node);
      }
      while (i < kept.length) declared.push(kept[i++]!);
      moved.clear();
    }
    if (!changed) return;
    declarationList = [];
    for (const node of declared) {
      node.declaration ??= `const ${node.name} = ${print(node, 0, true)};\n`;
      declarationList.push(node.declaration);
    }
  };

  /** The last call's inputs and their roots, by position: a watch edit gives mostly the same frozen inputs in the same places. */
  let lastValues: readonly unknown[] = [];
  let lastRoots: (Node | null)[] = [];

  /** The root of `value`, the `index`th input: the last call's root of the same frozen input there, else interned. */
  const rootAt = (value: unknown, index: number): Node | null => {
    const early = ahead.size > 0 ? ahead.get(value) : undefined;
    if (early !== undefined) return early;
    if (lastValues[index] === value && index < lastRoots.length) {
      const root = lastRoots[index]!;
      if (root === null || (root.generation === generation && Object.isFrozen(value))) return root;
    }
    return isContainer(value as Json) ? intern(value as Json[] | { [key: string]: Json }, 0) : null;
  };

  /**
   * How many more (or fewer) times each root is given than in the last call: by position when
   * there are as many inputs (an edit replaces a few), else over the span between the common
   * beginning and end (an input added or removed shifts the ones after it).
   */
  const rootDeltas = (roots: readonly (Node | null)[]): Map<Node, number> => {
    const deltas = new Map<Node, number>();
    const add = (node: Node | null, delta: number) => {
      if (node !== null) deltas.set(node, (deltas.get(node) ?? 0) + delta);
    };
    if (roots.length === lastRoots.length) {
      for (let i = 0; i < roots.length; i++)
        if (roots[i] !== lastRoots[i]) {
          add(roots[i]!, 1);
          add(lastRoots[i]!, -1);
        }
      return deltas;
    }
    let start = 0;
    while (start < roots.length && start < lastRoots.length && roots[start] === lastRoots[start]) start++;
    let end = roots.length;
    let lastEnd = lastRoots.length;
    while (end > start && lastEnd > start && roots[end - 1] === lastRoots[lastEnd - 1]) end--, lastEnd--;
    for (let i = start; i < end; i++) add(roots[i]!, 1);
    for (let i = start; i < lastEnd; i++) add(lastRoots[i]!, -1);
    return deltas;
  };

  const literals = (values: readonly unknown[]): SharedLiterals => {
    if (!kept && call > 0) throw new Error('sharedLiterals: a table made for one call was called again');
    call++;
    const roots: (Node | null)[] = new Array(values.length);
    for (let i = 0; i < values.length; i++) roots[i] = rootAt(values[i], i);
    // Uses added before uses removed: a value in both the old and the new inputs (an edited
    // record's unchanged fields) does not drop to 0 and back, which would reach all inside it.
    touched = [];
    const deltas = rootDeltas(roots);
    for (const [root, delta] of deltas) if (delta > 0) addUses(root, delta);
    for (const [root, delta] of deltas) if (delta < 0) addUses(root, delta);
    lastValues = kept ? values : [];
    lastRoots = kept ? roots : [];
    for (const node of touched) if (isShared(node) !== node.wasShared) share(node, !node.wasShared);
    touched = [];
    declare();
    sweep();
    // The caller asks for the inputs' expressions in their order: the next one is checked first,
    // and a map of the inputs is made only when a value is asked out of order.
    let next = 0;
    let indexOf: Map<unknown, number> | undefined;
    /** The root of the given `value` (null for a scalar), the next one's checked first. */
    const rootOf = (value: unknown): Node | null => {
      let at = next;
      if (values[at] !== value) {
        indexOf ??= new Map(values.map((v, i) => [v, i]).reverse() as [unknown, number][]);
        const found = indexOf.get(value);
        if (found === undefined) throw new Error('sharedLiterals: expression of a value that was not given');
        at = found;
      }
      next = at + 1;
      return roots[at]!;
    };
    const expression = (value: unknown, indent: number) => {
      const root = rootOf(value);
      return root ? print(root, indent, false) : JSON.stringify(value);
    };
    const list = declarationList;
    let joined: string | undefined;
    return {
      get declarations() {
        joined ??= list.join('');
        return joined;
      },
      declarationList: list,
      firstDeclarations: (count) => list.slice(0, count).join(''),
      expression,
      entriesChunks: (entries, indent) => {
        if (entries.length === 0) return ['{}'];
        const pad = ' '.repeat(indent + 2);
        const separator = `,\n${pad}`;
        const chunks = ['{\n'];
        for (let i = 0; i < entries.length; i++) {
          const entry = entries[i]!;
          chunks.push(i > 0 ? separator : pad, jsonText(entry[0]), ': ', expression(entry[1], indent + 2));
        }
        chunks.push(`\n${' '.repeat(indent)}}`);
        return chunks;
      },
    };
  };

  const internAhead = (value: unknown, refs: string[]): void => {
    if (kept || call > 0) throw new Error('sharedLiterals: internAhead is for a table made for one call, before it');
    if (!isContainer(value as Json) || ahead.has(value)) return;
    refSink = refs;
    try {
      ahead.set(value, intern(value as Json[] | { [key: string]: Json }, 0));
    } finally {
      refSink = null;
    }
  };

  return { literals, internAhead, stats };
}

/** From scratch: a table of its own for these values only. */
export function sharedLiterals(values: readonly unknown[], options: LiteralTableOptions = {}): SharedLiterals {
  return createLiteralTable({ kept: false, ...options }).literals(values);
}
