/**
 * The JSON and YAML text of a key or a scalar, from one scan of a string: the same bytes as
 * `JSON.stringify` and as yaml.ts's `scalarText` (plain when unambiguous, else JSON-quoted), which
 * is then the JSON text itself. Keys and short strings repeat thousands of times in a large
 * document, so their texts are kept; long strings (notes, descriptions, patterns) are scanned.
 */

/** A value's JSON text and YAML text (the YAML one is the JSON one when quoted). */
export interface ScalarText {
  json: string;
  yaml: string;
}

/** A key's texts as a member starts: `"k": ` and `k: ` before a scalar, `k:` before a block. */
export interface KeyText {
  json: string;
  yaml: string;
  yamlBlock: string;
  /** Those texts after their line break and indent (see keyLine), made on first use. */
  lines: string[];
}

/**
 * A member's first text: a line break (after a comma when `kind` is 1 or 5), `indent` spaces and the
 * key as JSON (kinds 0 and 1; 4 and 5 with a string's opening quote), or as YAML before a scalar (2)
 * or a block (3); kept per key, so a line of the texts is one string more, not four.
 */
export function keyLine(key: KeyText, indent: number, kind: 0 | 1 | 2 | 3 | 4 | 5): string {
  const at = indent * 6 + kind;
  let text = key.lines[at];
  if (text === undefined) {
    const head = `${kind === 1 || kind === 5 ? ',' : ''}\n${' '.repeat(indent)}`;
    const tail = kind === 2 ? key.yaml : kind === 3 ? key.yamlBlock : kind < 2 ? key.json : `${key.json}"`;
    text = `${head}${tail}`;
    key.lines[at] = text;
  }
  return text;
}

/** Plain scalars that a YAML parser would read as something other than the same string (yaml.ts). */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;
const WHITESPACE = /\s/;
/** A plain start, then nothing JSON escapes or YAML minds (`#`, `:`, controls, line separators, BOM). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class lists the control characters a plain scalar must not hold
const SIMPLE = /^[A-Za-z_/$(][^\x00-\x1f"\\\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff#:]*$/;
/** What JSON.stringify escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON escapes the control characters
const ESCAPE = /["\\\x00-\x1f\ud800-\udfff]/;

/** Starts as a plain YAML scalar may (a letter or one of `_ / $ (`). */
const plainStart = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x2f || c === 0x24 || c === 0x28;

/**
 * Bit 1: JSON must escape a character (quote, backslash, control, surrogate: `JSON.stringify`
 * decides how); bit 2: YAML must quote the string (yaml.ts `scalarText`).
 */
export function classify(s: string): number {
  const n = s.length;
  if (n === 0) return 2;
  // Not a plain start (every `$ref` and most patterns): YAML quotes it, JSON escapes what it must.
  if (!plainStart(s.charCodeAt(0))) return ESCAPE.test(s) ? 3 : 2;
  // Most strings: one native scan finds nothing to escape or quote (`#` and `:` are checked below).
  if (SIMPLE.test(s)) {
    const last = s.charCodeAt(n - 1);
    if (last === 0x20 || (last > 0x7f && WHITESPACE.test(s.charAt(n - 1)))) return 2;
    return n <= 5 && RESERVED.test(s) ? 2 : 0;
  }
  let flags = n <= 5 && RESERVED.test(s) ? 2 : 0;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) return 3;
    if (c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) flags |= 1;
    else if ((c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 || c === 0xfeff) flags |= 2;
    else if ((c === 0x23 && previous === 0x20) || (c === 0x20 && previous === 0x3a)) flags |= 2;
    previous = c;
  }
  if (previous === 0x3a || previous === 0x20 || (previous > 0x7f && WHITESPACE.test(s.charAt(n - 1)))) flags |= 2;
  return flags;
}

function stringText(s: string): ScalarText {
  const flags = classify(s);
  const json = flags & 1 ? JSON.stringify(s) : `"${s}"`;
  return { json, yaml: flags & 2 ? json : s };
}

const MAX_KEYS = 200_000;
let keys = new Map<string, KeyText>();

/** Drops the kept texts (a one-shot run keeps nothing once its document is written). */
export function forgetScalarTexts(): void {
  keys = new Map();
}

export function keyText(key: string): KeyText {
  let text = keys.get(key);
  if (text === undefined) {
    if (keys.size > MAX_KEYS) keys = new Map();
    const s = stringText(key);
    text = { json: `${s.json}: `, yaml: `${s.yaml}: `, yamlBlock: `${s.yaml}:`, lines: [] };
    keys.set(key, text);
  }
  return text;
}

const TRUE: ScalarText = { json: 'true', yaml: 'true' };
const FALSE: ScalarText = { json: 'false', yaml: 'false' };
const NULL: ScalarText = { json: 'null', yaml: 'null' };

/** Texts of a JSON scalar that is not a string (strings: `classify`); throws for what JSON and YAML cannot both hold. */
export function otherScalarText(value: unknown): ScalarText {
  if (value === null) return NULL;
  if (typeof value === 'boolean') return value ? TRUE : FALSE;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as YAML`);
    const text = String(value);
    return { json: text, yaml: text };
  }
  throw new TypeError(`cannot write a ${typeof value} as YAML`);
}
