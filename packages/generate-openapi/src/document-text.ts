/**
 * openapi.json and openapi.yaml of a document, the same bytes as `toJson(canonical(d))` and
 * `toYaml(...)`, with each path item and each component schema serialized once and kept
 * between calls (keyed by its compact JSON): on the large spec nearly all of the document
 * is those entries, so a watch edit of one field re-sorts and re-writes one or two of them.
 */
import { canonical, toJson, toYaml } from './serialize.ts';
import { yamlBlock, yamlOf } from './yaml.ts';

interface EntryText {
  json: string;
  yaml: string;
}

/** Placeholder scalars: plain in YAML, one JSON string each; checked to be unique below. */
const TOKEN = '__specgen_openapi_entry_';
const JSON_SLOT = new RegExp(`"${TOKEN}(\\d+)__"`, 'g');
const YAML_SLOT = new RegExp(`: ${TOKEN}(\\d+)__$`, 'gm');

/** `indent`-deep text of an entry of a name map (whose values are canonical with no parent key). */
let memo = new Map<string, EntryText>();

/** JSON text of `value` nested `depth` levels deep: stringified inside as many arrays, which are cut off again. */
function nestedJson(value: unknown, depth: number): string {
  let wrapped = value;
  for (let i = 0; i < depth; i++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  let start = 0;
  for (let i = 0; i < depth; i++) start = text.indexOf('\n', start) + 1;
  return text.slice(start + 2 * depth, text.length - (depth * 2 + depth * (depth - 1)));
}

function entryText(value: unknown, indent: string, next: Map<string, EntryText>, scalars: Map<string, string>): EntryText {
  const key = `${indent.length}:${JSON.stringify(value)}`;
  let text = memo.get(key) ?? next.get(key);
  if (text === undefined) {
    const sorted = canonical(value);
    text = { json: nestedJson(sorted, indent.length / 2), yaml: yamlBlock(sorted, indent, scalars) };
  }
  next.set(key, text);
  return text;
}

const isFilled = (v: unknown) => v !== null && typeof v === 'object' && Object.keys(v).length > 0;

export function documentTexts(document: Record<string, unknown>, yamlHeader: string): { json: string; yaml: string } {
  const next = new Map<string, EntryText>();
  const entries: EntryText[] = [];
  const scalars = new Map<string, string>();
  /** A copy of `map` whose filled values stand in as placeholders for their texts at `indent`. */
  const slotted = (map: unknown, indent: string): unknown => {
    if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(map)) {
      if (!isFilled(v)) out[k] = v;
      else {
        out[k] = `${TOKEN}${entries.length}__`;
        entries.push(entryText(v, indent, next, scalars));
      }
    }
    return out;
  };
  const components = document['components'] as Record<string, unknown> | undefined;
  const skeleton = {
    ...document,
    paths: slotted(document['paths'], '    '),
    ...(components ? { components: { ...components, schemas: slotted(components['schemas'], '      ') } } : {}),
  };
  const sorted = canonical(skeleton) as Record<string, unknown>;
  let jsonSlots = 0;
  let yamlSlots = 0;
  const json = JSON.stringify(sorted, null, 2).replace(JSON_SLOT, (_m, n: string) => (jsonSlots++, entries[Number(n)]?.json ?? _m));
  const yaml = yamlOf(sorted).replace(YAML_SLOT, (_m, n: string) => (yamlSlots++, entries[Number(n)] ? `:\n${entries[Number(n)]!.yaml}` : _m));
  memo = next;
  if (jsonSlots !== entries.length || yamlSlots !== entries.length) {
    // A spec string that looks like a placeholder: serialize the plain way.
    const whole = canonical(document);
    return { json: toJson(whole, true), yaml: toYaml(whole, yamlHeader, true) };
  }
  return { json: `${json}\n`, yaml: yamlHeader + yaml };
}
