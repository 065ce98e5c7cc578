/**
 * openapi.json and openapi.yaml of a document, the same bytes as `toJson(canonical(d))` and
 * `toYaml(...)`, with each path item and each component schema written once (json-yaml.ts: both
 * texts in one walk) and kept between calls by the entry object's identity: on the large spec
 * nearly all of the document is those entries, so a watch edit of one field re-writes one or two.
 *
 * Only frozen entries are kept: @specgen/contract deep-freezes the parts of the document it keeps
 * between builds (the read resources' path items and schemas), so an entry that is the same object
 * has the same contents. Other entries (sign-in operations, structures) are serialized each time.
 */
import { entryTexts, isEntry, type PartText, rootTexts } from './json-yaml.ts';
import { forgetScalarTexts } from './scalar-texts.ts';
import { canonical, toJson, toYaml } from './serialize.ts';

/** Placeholder scalars: plain in YAML, one JSON string each; checked to be unique below. */
const TOKEN = '__specgen_openapi_entry_';
const JSON_SLOT = new RegExp(`"${TOKEN}(\\d+)__"`, 'g');
/** After the key's colon, which stays in the skeleton's text. */
const YAML_SLOT = new RegExp(`(?<=:) ${TOKEN}(\\d+)__$`, 'gm');

/** Texts of frozen entries, by indent (path items at 4 spaces, component schemas at 6). */
const memo = new Map<number, WeakMap<object, PartText>>();

/** How many entry texts were made rather than taken from the memo (tests check it hits). */
export const entryTextStats = { made: 0, kept: 0 };

/**
 * Texts of an entry of a name map whose keys are at `indent` spaces: the JSON from its `{`, the
 * YAML lines each after a line break. `keep`: keep it for a later call (watch mode); a one-shot
 * run keeps nothing.
 */
function entryText(value: Record<string, unknown>, indent: number, keep: boolean): PartText {
  const frozen = keep && Object.isFrozen(value);
  let texts = memo.get(indent);
  if (!texts) {
    texts = new WeakMap();
    memo.set(indent, texts);
  }
  let text = frozen ? texts.get(value) : undefined;
  if (text === undefined) {
    text = entryTexts(value, indent, indent);
    if (frozen) texts.set(value, text);
    entryTextStats.made++;
  } else entryTextStats.kept++;
  return text;
}

/** A skeleton text cut at its slots: `literals[i]`, slot `i`, `literals[i + 1]`... (the slots' own text and number). */
interface Cut {
  literals: string[];
  slots: { text: string; n: number }[];
}

function cut(text: string, slot: RegExp): Cut {
  const out: Cut = { literals: [], slots: [] };
  let last = 0;
  slot.lastIndex = 0;
  for (let m = slot.exec(text); m !== null; m = slot.exec(text)) {
    out.literals.push(text.slice(last, m.index));
    out.slots.push({ text: m[0], n: Number(m[1]) });
    last = m.index + m[0].length;
  }
  out.literals.push(text.slice(last));
  return out;
}

/**
 * `head`, the skeleton with each slot replaced by the pieces `fill` gives (a slot it gives none for
 * stays), and `tail`, as fragments: the skeleton's pieces are cut once per skeleton and the
 * entries' texts are the memo's, so an edit gives the same fragment strings but for its entries.
 */
function assemble(
  head: string,
  skeleton: Cut,
  fill: (n: number) => string[] | undefined,
  tail: string,
): { chunks: string[]; slots: number } {
  const chunks = [head, skeleton.literals[0]!];
  let slots = 0;
  for (let i = 0; i < skeleton.slots.length; i++) {
    const pieces = fill(skeleton.slots[i]!.n);
    if (pieces === undefined) chunks.push(skeleton.slots[i]!.text);
    else {
      chunks.push(...pieces);
      slots++;
    }
    chunks.push(skeleton.literals[i + 1]!);
  }
  chunks.push(tail);
  return { chunks, slots };
}

/**
 * The JSON and YAML text of the skeleton (the document with its entries as placeholders), kept for
 * the last skeleton: a watch edit of a field changes entries, not the skeleton (the same names, the
 * same info, tags and parameters), whose sorting and writing cost more than comparing its JSON.
 */
let lastFrame: { key: string; json: Cut; yaml: Cut } | null = null;

function skeletonTexts(skeleton: Record<string, unknown>, keep: boolean): { json: Cut; yaml: Cut } {
  const key = keep ? JSON.stringify(skeleton) : '';
  if (keep && lastFrame?.key === key) return lastFrame;
  const texts = rootTexts(skeleton);
  const frame = { key, json: cut(texts.json, JSON_SLOT), yaml: cut(texts.yaml, YAML_SLOT) };
  if (keep) lastFrame = frame;
  return frame;
}

/** openapi.json and openapi.yaml as whole texts (see documentChunks). */
export function documentTexts(document: Record<string, unknown>, yamlHeader: string): { json: string; yaml: string } {
  const chunks = documentChunks(document, yamlHeader);
  return { json: chunks.json.join(''), yaml: chunks.yaml.join('') };
}

/**
 * openapi.json and openapi.yaml as fragments, unchanged entries the same strings as the last call's.
 * `keep: false` (a one-shot run): no text, scalar or skeleton is kept for a later call, so the texts
 * are garbage once written (40 MB of kept entry texts on the 600-resource spec otherwise).
 */
export function documentChunks(
  document: Record<string, unknown>,
  yamlHeader: string,
  keep = true,
): { json: string[]; yaml: string[] } {
  const entries: PartText[] = [];
  /** A copy of `map` whose entries stand in as placeholders for their texts, keys at `indent` spaces. */
  const slotted = (map: unknown, indent: number): unknown => {
    if (map === null || typeof map !== 'object' || Array.isArray(map)) return map;
    const out: Record<string, unknown> = {};
    for (const k in map) {
      const v = (map as Record<string, unknown>)[k];
      if (!isEntry(v)) out[k] = v;
      else {
        out[k] = `${TOKEN}${entries.length}__`;
        entries.push(entryText(v, indent, keep));
      }
    }
    return out;
  };
  try {
    const components = document.components as Record<string, unknown> | undefined;
    const skeleton = {
      ...document,
      paths: slotted(document.paths, 4),
      ...(components ? { components: { ...components, schemas: slotted(components.schemas, 6) } } : {}),
    };
    const frame = skeletonTexts(skeleton, keep);
    const json = assemble('', frame.json, (n) => (entries[n] ? [entries[n].json] : undefined), '\n');
    const yaml = assemble(yamlHeader, frame.yaml, (n) => (entries[n] ? [entries[n].yaml] : undefined), '');
    if (json.slots !== entries.length || yaml.slots !== entries.length) {
      // A spec string that looks like a placeholder: serialize the plain way.
      const whole = canonical(document);
      return { json: [toJson(whole, true)], yaml: [toYaml(whole, yamlHeader, true)] };
    }
    return { json: json.chunks, yaml: yaml.chunks };
  } finally {
    if (!keep) forgetScalarTexts();
  }
}
