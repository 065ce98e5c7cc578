/**
 * openapi.json's and openapi.yaml's text of a part of the document in one walk, in canonical key
 * order (the contract's `canonicalKeys`) without a sorted copy: the same bytes as
 * `JSON.stringify(canonical(v), null, 2)` and yaml.ts's writer of `canonical(v)`. Each member's
 * key and scalar texts (scalar-texts.ts) serve both, and the lines of both go into piece lists
 * joined once per part.
 */
import { canonicalKeys, isNameMap } from '@specgen/contract';
import { classify, keyText, otherScalarText } from './scalar-texts.ts';

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
const isEmpty = (v: object) => (Array.isArray(v) ? v.length === 0 : !hasMember(v as Record<string, unknown>));

/**
 * One member `key: value` of an object whose members are at JSON indent `ji`, YAML indent `yi`;
 * `jsonBefore` and `yamlBefore` open its first line. `named`: the object is a name map.
 */
function member(k: string, v: unknown, jsonBefore: string, yamlBefore: string, ji: number, yi: number, named: boolean) {
  const key = keyText(k);
  if (typeof v === 'string') {
    const flags = classify(v);
    if (flags === 0) {
      json.push(`${jsonBefore}${key.json}"${v}"`);
      yaml.push(`${yamlBefore}${key.yaml}${v}`);
    } else {
      const quoted = flags & 1 ? JSON.stringify(v) : `"${v}"`;
      json.push(`${jsonBefore}${key.json}${quoted}`);
      yaml.push(`${yamlBefore}${key.yaml}${flags & 2 ? quoted : v}`);
    }
    return;
  }
  if (!isContainer(v)) {
    const s = otherScalarText(v);
    json.push(`${jsonBefore}${key.json}${s.json}`);
    yaml.push(`${yamlBefore}${key.yaml}${s.yaml}`);
    return;
  }
  const array = Array.isArray(v);
  if (isEmpty(v)) {
    const text = array ? '[]' : '{}';
    json.push(`${jsonBefore}${key.json}${text}`);
    yaml.push(`${yamlBefore}${key.yaml}${text}`);
    return;
  }
  json.push(`${jsonBefore}${key.json}${array ? '[' : '{'}`);
  yaml.push(`${yamlBefore}${key.yamlBlock}`);
  if (array) arrayBody(v as unknown[], ji + 2, yi + 2, nl(yi + 2));
  else objectBody(v as Record<string, unknown>, named ? '' : k, ji + 2, yi + 2, nl(yi + 2));
  json.push(`${nl(ji)}${array ? ']' : '}'}`);
}

/** The members of a non-empty object: JSON at indent `ji` after its `{`, YAML at `yi`, the first line opened by `yamlFirst`. */
function objectBody(object: Record<string, unknown>, parentKey: string, ji: number, yi: number, yamlFirst: string) {
  const named = isNameMap(parentKey);
  const keys = canonicalKeys(object, parentKey);
  let jsonBefore = nl(ji);
  let yamlBefore = yamlFirst;
  if (keys === null) {
    for (const k in object) {
      const v = object[k];
      if (v === undefined) continue;
      member(k, v, jsonBefore, yamlBefore, ji, yi, named);
      jsonBefore = cnl(ji);
      yamlBefore = nl(yi);
    }
    return;
  }
  for (const k of keys) {
    const v = object[k];
    if (v === undefined) continue;
    member(k, v, jsonBefore, yamlBefore, ji, yi, named);
    jsonBefore = cnl(ji);
    yamlBefore = nl(yi);
  }
}

/** The items of a non-empty array: JSON at indent `ji` after its `[`, YAML `- ` items at `yi`, the first opened by `yamlFirst`. */
function arrayBody(array: readonly unknown[], ji: number, yi: number, yamlFirst: string) {
  let jsonBefore = nl(ji);
  let yamlBefore = yamlFirst;
  for (const v of array) {
    if (typeof v === 'string') {
      const flags = classify(v);
      const quoted = flags & 1 ? JSON.stringify(v) : `"${v}"`;
      json.push(`${jsonBefore}${quoted}`);
      yaml.push(`${yamlBefore}- ${flags & 2 ? quoted : v}`);
    } else if (!isContainer(v)) {
      const s = otherScalarText(v);
      json.push(`${jsonBefore}${s.json}`);
      yaml.push(`${yamlBefore}- ${s.yaml}`);
    } else if (isEmpty(v)) {
      const text = Array.isArray(v) ? '[]' : '{}';
      json.push(`${jsonBefore}${text}`);
      yaml.push(`${yamlBefore}- ${text}`);
    } else if (Array.isArray(v)) {
      json.push(`${jsonBefore}[`);
      arrayBody(v, ji + 2, yi + 2, `${yamlBefore}- `);
      json.push(`${nl(ji)}]`);
    } else {
      json.push(`${jsonBefore}{`);
      objectBody(v as Record<string, unknown>, '', ji + 2, yi + 2, `${yamlBefore}- `);
      json.push(`${nl(ji)}}`);
    }
    jsonBefore = cnl(ji);
    yamlBefore = nl(yi);
  }
}

/** Texts of a whole part. */
export interface PartText {
  json: string;
  yaml: string;
}

function collect(write: () => void): PartText {
  const outer = [json, yaml] as const;
  json = [];
  yaml = [];
  try {
    write();
    return { json: json.join(''), yaml: yaml.join('') };
  } finally {
    [json, yaml] = outer;
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

/** Whether a value is an object with a member (written by `entryTexts`). */
export const isEntry = (v: unknown): v is Record<string, unknown> =>
  isContainer(v) && !Array.isArray(v) && hasMember(v as Record<string, unknown>);
