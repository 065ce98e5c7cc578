/**
 * openapi.json's and openapi.yaml's text of a part of the document in one walk, in canonical key
 * order (the contract's `canonicalKeys`) without a sorted copy: the same bytes as
 * `JSON.stringify(canonical(v), null, 2)` and yaml.ts's writer of `canonical(v)`. Each member's
 * key and scalar texts (scalar-texts.ts) serve both, and the lines of both go into piece lists
 * joined once per part.
 */
import { canonicalKeys, isNameMap } from '@specgen/contract';
import { classify, keyLine, keyText, otherScalarText } from './scalar-texts.ts';

/** Pieces of the texts being written (each starts with its line break, or `,` and the line break). */
let json: string[] = [];
let yaml: string[] = [];

const newlines: string[] = [];
const commaNewlines: string[] = [];
/** `\n` and `indent` spaces. */
function nl(indent: number): string {
  let text = newlines[indent];
  if (text === undefined) {
    text = `\n${' '.repeat(indent)}`;
    newlines[indent] = text;
  }
  return text;
}
/** The line openings of an array's string items: JSON's with the opening quote (first item, later ones), YAML's `- `. */
const itemHeads: string[][] = [];
function itemHead(indent: number, kind: 0 | 1 | 2): string {
  let heads = itemHeads[indent];
  if (heads === undefined) {
    heads = [`${nl(indent)}"`, `${cnl(indent)}"`, `${nl(indent)}- `];
    itemHeads[indent] = heads;
  }
  return heads[kind] as string;
}

/** `,\n` and `indent` spaces. */
function cnl(indent: number): string {
  let text = commaNewlines[indent];
  if (text === undefined) {
    text = `,${nl(indent)}`;
    commaNewlines[indent] = text;
  }
  return text;
}

/** Whether an object has a member either text shows (a key whose value is not undefined). */
function hasMember(object: Record<string, unknown>): boolean {
  for (const k in object) if (object[k] !== undefined) return true;
  return false;
}

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';

/** The texts of a string after the given JSON and YAML heads (`jsonQuoted`: the JSON head and `"`). */
function stringLine(v: string, jsonHead: string, jsonQuoted: string, yamlHead: string) {
  const flags = classify(v);
  if (flags === 0) {
    json.push(`${jsonQuoted}${v}"`);
    yaml.push(`${yamlHead}${v}`);
    return;
  }
  const quoted = flags & 1 ? JSON.stringify(v) : `"${v}"`;
  json.push(`${jsonHead}${quoted}`);
  yaml.push(`${yamlHead}${flags & 2 ? quoted : v}`);
}

/**
 * The texts of a frozen object or array met as a member's value, by the object, while `withSharedBlocks`
 * runs: the contract shares one frozen object between every place with the same contents (the
 * field schemas of the same facts, the security lists, the `$ref`s of every read operation), and
 * at the same indents its texts are the same. Kept from the second time it is met at those indents
 * (most frozen objects are met once); `json` is undefined until then.
 */
interface SharedBlock {
  ji: number;
  yi: number;
  named: boolean;
  /** The JSON text from its `{` or `[` (or `{}` / `[]`), the YAML lines after the key. */
  json: string | undefined;
  yaml: string;
  /** Whether it shows a member or item (the YAML then follows the block head, else the scalar head). */
  shows: boolean;
}
let sharedBlocks: Map<object, SharedBlock> | undefined;

/** Runs `write` with the texts of shared blocks kept for the run (dropped after it). */
export function withSharedBlocks<T>(write: () => T): T {
  const outer = sharedBlocks;
  sharedBlocks = new Map();
  try {
    return write();
  } finally {
    sharedBlocks = outer;
  }
}

/**
 * An object or array after the given heads: its opening, its members or items, its closing; or
 * `{}` / `[]` when it shows none (the opening is then taken back: no walk only to find that out).
 */
function block(
  v: object,
  jsonHead: string,
  yamlHead: string,
  yamlEmpty: string,
  ji: number,
  yi: number,
  parentKey: string,
) {
  if (sharedBlocks !== undefined && Object.isFrozen(v)) {
    sharedBlock(sharedBlocks, v, jsonHead, yamlHead, yamlEmpty, ji, yi, parentKey);
    return;
  }
  writeBlock(v, jsonHead, yamlHead, yamlEmpty, ji, yi, parentKey);
}

function sharedBlock(
  blocks: Map<object, SharedBlock>,
  v: object,
  jsonHead: string,
  yamlHead: string,
  yamlEmpty: string,
  ji: number,
  yi: number,
  parentKey: string,
) {
  const named = isNameMap(parentKey);
  const known = blocks.get(v);
  if (known === undefined || known.ji !== ji || known.yi !== yi || known.named !== named) {
    blocks.set(v, { ji, yi, named, json: undefined, yaml: '', shows: false });
    writeBlock(v, jsonHead, yamlHead, yamlEmpty, ji, yi, parentKey);
    return;
  }
  if (known.json === undefined) {
    const outerJson = json;
    const outerYaml = yaml;
    json = [];
    yaml = [];
    try {
      known.shows = writeBlock(v, '', '', '', ji, yi, parentKey);
      known.json = json.join('');
      known.yaml = yaml.join('');
    } finally {
      json = outerJson;
      yaml = outerYaml;
    }
  }
  json.push(`${jsonHead}${known.json}`);
  yaml.push(`${known.shows ? yamlHead : yamlEmpty}${known.yaml}`);
}

function writeBlock(
  v: object,
  jsonHead: string,
  yamlHead: string,
  yamlEmpty: string,
  ji: number,
  yi: number,
  parentKey: string,
): boolean {
  const array = Array.isArray(v);
  const jsonAt = json.length;
  const yamlAt = yaml.length;
  json.push(`${jsonHead}${array ? '[' : '{'}`);
  yaml.push(yamlHead);
  const written = array
    ? arrayBody(v, ji + 2, yi + 2, nl(yi + 2))
    : objectBody(v as Record<string, unknown>, parentKey, ji + 2, yi + 2, null);
  if (written > 0) {
    json.push(`${nl(ji)}${array ? ']' : '}'}`);
    return true;
  }
  json.length = jsonAt;
  yaml.length = yamlAt;
  json.push(`${jsonHead}${array ? '[]' : '{}'}`);
  yaml.push(`${yamlEmpty}${array ? '[]' : '{}'}`);
  return false;
}

/**
 * One member `key: value` of an object whose members are at JSON indent `ji`, YAML indent `yi`:
 * the object's first when `first`; `yamlFirst` opens its YAML line instead of a line break and
 * the indent (the `- ` of an array item). `named`: the object is a name map.
 */
function member(
  k: string,
  v: unknown,
  first: boolean,
  yamlFirst: string | null,
  ji: number,
  yi: number,
  named: boolean,
) {
  const key = keyText(k);
  const jsonHead = keyLine(key, ji, first ? 0 : 1);
  if (typeof v === 'string') {
    const yamlHead = yamlFirst === null ? keyLine(key, yi, 2) : `${yamlFirst}${key.yaml}`;
    stringLine(v, jsonHead, keyLine(key, ji, first ? 4 : 5), yamlHead);
    return;
  }
  if (!isContainer(v)) {
    const s = otherScalarText(v);
    json.push(`${jsonHead}${s.json}`);
    yaml.push(`${yamlFirst === null ? keyLine(key, yi, 2) : `${yamlFirst}${key.yaml}`}${s.yaml}`);
    return;
  }
  const yamlHead = yamlFirst === null ? keyLine(key, yi, 3) : `${yamlFirst}${key.yamlBlock}`;
  if (slotOut !== undefined && v instanceof EntrySlot) {
    entrySlot(slotOut, v, jsonHead, yamlHead);
    return;
  }
  const yamlEmpty = yamlFirst === null ? keyLine(key, yi, 2) : `${yamlFirst}${key.yaml}`;
  block(v, jsonHead, yamlHead, yamlEmpty, ji, yi, named ? '' : k);
}

/**
 * The members of an object: JSON at indent `ji` after its `{`, YAML at `yi`, the first line
 * opened by `yamlFirst` (null: a line break and the indent). Returns how many it wrote.
 */
function objectBody(
  object: Record<string, unknown>,
  parentKey: string,
  ji: number,
  yi: number,
  yamlFirst: string | null,
): number {
  const named = isNameMap(parentKey);
  const keys = canonicalKeys(object, parentKey);
  let written = 0;
  if (keys === null) {
    for (const k in object) {
      const v = object[k];
      if (v === undefined) continue;
      member(k, v, written === 0, written === 0 ? yamlFirst : null, ji, yi, named);
      written++;
    }
    return written;
  }
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = object[k];
    if (v === undefined) continue;
    member(k, v, written === 0, written === 0 ? yamlFirst : null, ji, yi, named);
    written++;
  }
  return written;
}

/** The items of an array: JSON at indent `ji` after its `[`, YAML `- ` items at `yi`, the first opened by `yamlFirst`. */
function arrayBody(array: readonly unknown[], ji: number, yi: number, yamlFirst: string): number {
  let jsonBefore = nl(ji);
  let yamlBefore = yamlFirst;
  let later = false;
  for (let i = 0; i < array.length; i++) {
    const v = array[i];
    if (typeof v === 'string')
      stringLine(v, jsonBefore, itemHead(ji, later ? 1 : 0), later ? itemHead(yi, 2) : `${yamlBefore}- `);
    else if (!isContainer(v)) {
      const s = otherScalarText(v);
      json.push(`${jsonBefore}${s.json}`);
      yaml.push(`${yamlBefore}- ${s.yaml}`);
    } else if (Array.isArray(v)) {
      const at = yaml.length;
      if (arrayIn(v, jsonBefore, `${yamlBefore}- `, ji, yi) === 0) {
        yaml.length = at;
        yaml.push(`${yamlBefore}- []`);
      }
    } else {
      const jsonAt = json.length;
      const yamlAt = yaml.length;
      json.push(`${jsonBefore}{`);
      if (objectBody(v as Record<string, unknown>, '', ji + 2, yi + 2, `${yamlBefore}- `) > 0) json.push(`${nl(ji)}}`);
      else {
        json.length = jsonAt;
        yaml.length = yamlAt;
        json.push(`${jsonBefore}{}`);
        yaml.push(`${yamlBefore}- {}`);
      }
    }
    jsonBefore = cnl(ji);
    yamlBefore = nl(yi);
    later = true;
  }
  return array.length;
}

/** An array item that is an array: `[`, its items (the first YAML item after `yamlFirst`), `]`; or `[]`. */
function arrayIn(v: readonly unknown[], jsonBefore: string, yamlFirst: string, ji: number, yi: number): number {
  if (v.length === 0) {
    json.push(`${jsonBefore}[]`);
    return 0;
  }
  json.push(`${jsonBefore}[`);
  arrayBody(v, ji + 2, yi + 2, yamlFirst);
  json.push(`${nl(ji)}]`);
  return v.length;
}

/** Texts of a whole part. */
export interface PartText {
  json: string;
  yaml: string;
}

function collect(write: () => void): PartText {
  // Two locals, not an array destructured back (an iterator per entry while the code is cold).
  const outerJson = json;
  const outerYaml = yaml;
  json = [];
  yaml = [];
  try {
    write();
    return { json: json.join(''), yaml: yaml.join('') };
  } finally {
    json = outerJson;
    yaml = outerYaml;
  }
}

/**
 * An object (with a member) that is the value of a name map's key, at JSON indent `ji` (its `{`
 * follows the key; its `}` is at `ji`) and YAML indent `yi` (its lines each start with a line break).
 */
export function entryTexts(value: Record<string, unknown>, ji: number, yi: number): PartText {
  return collect(() => {
    json.push('{');
    objectBody(value, '', ji + 2, yi, nl(yi));
    json.push(`${nl(ji)}}`);
  });
}

/** The whole text of a root object: JSON with no final newline, YAML with one (as yaml.ts `yamlOf`). */
export function rootTexts(value: Record<string, unknown>): PartText {
  const texts = collect(() => {
    if (!hasMember(value)) {
      json.push('{}');
      return;
    }
    json.push('{');
    objectBody(value, '', 2, 0, '');
    json.push('\n}');
  });
  return { json: texts.json, yaml: `${texts.yaml}\n` };
}

/**
 * An entry of a skeleton given to `rootChunks`: its texts (`entryTexts`), written as the member's
 * value after its key (`"key": ` in JSON, `key:` in YAML), where the skeleton is cut.
 */
export class EntrySlot {
  /** Makes the entry's texts when the walk reaches the entry. */
  constructor(readonly text: () => PartText) {}
}

/** Where the pieces of `rootChunks` go, in order: a list of strings, or `ByteBlocks` (written as they come). */
export interface TextSink {
  push(...texts: string[]): unknown;
}

/** Where `rootChunks` puts the skeleton's pieces and its entries' texts (undefined: not in a `rootChunks`). */
let slotOut: { json: TextSink; yaml: TextSink } | undefined;

/** The pieces since the last cut, then the entry's texts. */
function entrySlot(out: { json: TextSink; yaml: TextSink }, slot: EntrySlot, jsonHead: string, yamlHead: string) {
  // made before this walk's pieces are taken: `entryTexts` sets this module's piece lists aside meanwhile
  const text = slot.text();
  json.push(jsonHead);
  yaml.push(yamlHead);
  out.json.push(json.length === 1 ? (json[0] as string) : json.join(''), text.json);
  out.yaml.push(yaml.length === 1 ? (yaml[0] as string) : yaml.join(''), text.yaml);
  json = [];
  yaml = [];
}

/**
 * The texts of a root object whose name maps hold `EntrySlot`s, as fragments: the skeleton's text
 * between two entries, then the entry's, ...; joined, they are `rootTexts` of the document the
 * entries were made from. A one-shot run's skeleton (document-text.ts) is written this way: no
 * placeholder strings, no whole skeleton text, no cut by regular expressions.
 */
export function rootChunks<Sink extends TextSink = string[]>(
  value: Record<string, unknown>,
  out: { json: Sink; yaml: Sink } = { json: [] as unknown as Sink, yaml: [] as unknown as Sink },
): PartText & { chunks: { json: Sink; yaml: Sink } } {
  const outer = slotOut;
  slotOut = out;
  try {
    const tail = rootTexts(value);
    return { ...tail, chunks: out };
  } finally {
    slotOut = outer;
  }
}

/** Whether a value is an object with a member (written by `entryTexts`). */
export const isEntry = (v: unknown): v is Record<string, unknown> =>
  isContainer(v) && !Array.isArray(v) && hasMember(v as Record<string, unknown>);
