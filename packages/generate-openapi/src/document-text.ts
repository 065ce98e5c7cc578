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
import { type MapEntries, mapEntries } from '@specgen/contract';
import {
  EntrySlot,
  entryTexts,
  isEntry,
  type PartText,
  rootChunks,
  type TextSink,
  withSharedBlocks,
} from './json-yaml.ts';
import { forgetScalarTexts } from './scalar-texts.ts';
import { canonical, toJson, toYaml } from './serialize.ts';
import { assemble, type Cut, placeholder, skeletonTexts } from './skeleton.ts';

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

/** A name map's names in order, and its values that are not entries (their text is the skeleton's). */
interface MapScan {
  names: readonly string[];
  others: [number, unknown][];
}

/**
 * The last scan of a kept document's name map (by indent): its values, their texts (undefined: not
 * an entry) and whether each may be taken again for the same value (a frozen entry, or no entry).
 */
interface KeptScan {
  names: readonly string[];
  values: readonly unknown[];
  texts: (PartText | undefined)[];
  again: Uint8Array;
}
const keptScans = new Map<number, KeptScan>();

/**
 * The scan of a name map of a memoized document, from its names and values as the contract keeps
 * them (`mapEntries`): while the names are the same array as the last scan's, a value that is the
 * same frozen object at the same index has the same text, without a lookup; only the edited
 * resources' entries are looked up or written.
 */
function scanEntries(given: MapEntries, indent: number, texts: PartText[]): MapScan {
  const { names, values } = given;
  const was = keptScans.get(indent);
  const same = was !== undefined && was.names === names ? was : undefined;
  const out: MapScan = { names, others: [] };
  const mine: (PartText | undefined)[] = new Array(values.length);
  const again = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let text: PartText | undefined;
    if (same !== undefined && same.values[i] === v && same.again[i] === 1) {
      text = same.texts[i];
      again[i] = 1;
      if (text !== undefined) entryTextStats.kept++;
    } else if (isEntry(v)) {
      text = entryText(v, indent, true);
      again[i] = Object.isFrozen(v) ? 1 : 0;
    } else again[i] = 1;
    if (text === undefined) out.others.push([i, v]);
    else texts.push(text);
    mine[i] = text;
  }
  keptScans.set(indent, { names, values, texts: mine, again });
  return out;
}

/**
 * Scans a name map (undefined: not an object): its names, the texts of its entries (appended to
 * `texts`, in order: the placeholders' numbers) and its other values. A one-shot run scans with
 * `scanLater` instead.
 */
function scan(map: unknown, indent: number, texts: PartText[]): MapScan | undefined {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return undefined;
  const given = mapEntries(map);
  if (given !== undefined) return scanEntries(given, indent, texts);
  const out: MapScan & { names: string[] } = { names: [], others: [] };
  for (const k in map) {
    const v = (map as Record<string, unknown>)[k];
    if (isEntry(v)) texts.push(entryText(v, indent, true));
    else out.others.push([out.names.length, v]);
    out.names.push(k);
  }
  return out;
}

/**
 * A one-shot scan of a name map (undefined: not an object): its names and other values, and a slot for
 * each entry (in order) that makes the entry's texts when the walk reaches it, so that each is encoded
 * and dropped at once (`streamDocument`). A frozen entry met more than once in the map (the contract's
 * shared schemas) is written once: its texts are kept for the others.
 */
function scanLater(map: unknown, indent: number): (MapScan & { slots: (() => PartText)[] }) | undefined {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return undefined;
  const values = map as Record<string, unknown>;
  const seen = new Map<object, number>();
  for (const k in values) {
    const v = values[k];
    if (isEntry(v) && Object.isFrozen(v)) seen.set(v, (seen.get(v) ?? 0) + 1);
  }
  const out = { names: [] as string[], others: [] as [number, unknown][], slots: [] as (() => PartText)[] };
  const kept = new Map<object, PartText>();
  for (const k in values) {
    const v = values[k];
    if (!isEntry(v)) out.others.push([out.names.length, v]);
    else if ((seen.get(v) ?? 0) > 1)
      out.slots.push(() => {
        let text = kept.get(v);
        if (text === undefined) {
          text = entryText(v, indent, false);
          kept.set(v, text);
        }
        return text;
      });
    else out.slots.push(() => entryText(v, indent, false));
    out.names.push(k);
  }
  return out;
}

/**
 * openapi.json and openapi.yaml of a one-shot run, pushed into `out` in order: lists of strings
 * (`documentChunks(..., false)`), or generate-core `ByteStream`s, which write them into the run's staging
 * folder as they come (the caller ends them). The skeleton's walk makes each entry's texts when it
 * reaches the entry (`scanLater`), so no entry text outlives its encoding (on the 600-resource spec they
 * were 46 MB of strings held until the files were written); no text is kept for a later call.
 */
export function streamDocument(
  document: Record<string, unknown>,
  yamlHeader: string,
  out: { json: TextSink; yaml: TextSink },
): void {
  withSharedBlocks(() => {
    try {
      const components = document.components as Record<string, unknown> | undefined;
      const paths = scanLater(document.paths, 4);
      const schemas = scanLater(components?.schemas, 6);
      const skeleton = {
        ...document,
        ...(paths ? { paths: slotted(paths, 0, paths.slots) } : {}),
        ...(components && schemas
          ? { components: { ...components, schemas: slotted(schemas, 0, schemas.slots) } }
          : {}),
      };
      out.yaml.push(yamlHeader);
      const root = rootChunks(skeleton, out);
      out.json.push(root.json, '\n');
      out.yaml.push(root.yaml);
    } finally {
      forgetScalarTexts();
    }
  });
}

/** The map of a scan with its entries as placeholders numbered from `first` (or, given `slots`, as those). */
function slotted(scanned: MapScan, first: number, slots?: (() => PartText)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { names, others } = scanned;
  let other = 0;
  let n = first;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (other < others.length && others[other]?.[0] === i) out[name] = others[other++]?.[1];
    else if (slots === undefined) out[name] = placeholder(n++);
    else out[name] = new EntrySlot(slots[n++] as () => PartText);
  }
  return out;
}

const entryCount = (scanned: MapScan | undefined) => (scanned ? scanned.names.length - scanned.others.length : 0);

const sameNames = (a: MapScan | undefined, b: MapScan | undefined) =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    (a.names === b.names || (a.names.length === b.names.length && a.names.every((n, i) => n === b.names[i]))));

/**
 * The last skeleton's texts, with what they were made of: a watch edit of a field changes entries,
 * not the skeleton (the same names, info, tags and parameters), which is then compared rather
 * than built and written again: the rest of the document as JSON, the names and the other values.
 */
interface Frame {
  rest: string;
  others: string;
  paths: MapScan | undefined;
  schemas: MapScan | undefined;
  json: Cut;
  yaml: Cut;
}
let lastFrame: Frame | null = null;

/**
 * The last fragments and where each entry's text is among them: with the same skeleton, an edit's
 * fragments are the last ones with the changed entries' texts put in their places (`assemble`
 * would walk all 24,000 slots again).
 */
interface Assembly {
  frame: Frame;
  yamlHeader: string;
  entries: PartText[];
  json: string[];
  yaml: string[];
  jsonAt: Int32Array;
  yamlAt: Int32Array;
}
let lastAssembly: Assembly | null = null;

/** The fragment index of each entry's text in `assemble`'s output ([head, literal, slot, literal, slot, ...]). */
function slotIndexes(skeleton: Cut, count: number): Int32Array {
  const at = new Int32Array(count);
  for (const [i, slot] of skeleton.slots.entries()) if (slot.n < count) at[slot.n] = 2 + 2 * i;
  return at;
}

function patchAssembly(was: Assembly, entries: PartText[]): { json: string[]; yaml: string[] } | undefined {
  if (entries.length !== was.entries.length) return undefined;
  let json: string[] | undefined;
  let yaml: string[] | undefined;
  for (let n = 0; n < entries.length; n++) {
    const entry = entries[n] as PartText;
    if (entry === was.entries[n]) continue;
    json ??= was.json.slice();
    yaml ??= was.yaml.slice();
    json[was.jsonAt[n] as number] = entry.json;
    yaml[was.yamlAt[n] as number] = entry.yaml;
  }
  const out = { json: json ?? was.json, yaml: yaml ?? was.yaml };
  lastAssembly = { ...was, entries, ...out };
  return out;
}

/** openapi.json and openapi.yaml as whole texts (see documentChunks). */
export function documentTexts(document: Record<string, unknown>, yamlHeader: string): { json: string; yaml: string } {
  const chunks = documentChunks(document, yamlHeader);
  return { json: chunks.json.join(''), yaml: chunks.yaml.join('') };
}

/**
 * openapi.json and openapi.yaml as fragments, unchanged entries the same strings as the last call's.
 * `keep: false` (a one-shot run): `streamDocument` into lists, which keeps nothing for a later call.
 */
export function documentChunks(
  document: Record<string, unknown>,
  yamlHeader: string,
  keep = true,
): { json: string[]; yaml: string[] } {
  if (keep) return chunksOf(document, yamlHeader);
  const out = { json: [] as string[], yaml: [] as string[] };
  streamDocument(document, yamlHeader, out);
  return out;
}

function chunksOf(document: Record<string, unknown>, yamlHeader: string): { json: string[]; yaml: string[] } {
  const entries: PartText[] = [];
  const components = document.components as Record<string, unknown> | undefined;
  const paths = scan(document.paths, 4, entries);
  const schemas = scan(components?.schemas, 6, entries);
  const restOf = () => ({
    ...document,
    ...(paths ? { paths: 0 } : {}),
    ...(components && schemas ? { components: { ...components, schemas: 0 } } : {}),
  });
  const rest = JSON.stringify(restOf());
  const others = JSON.stringify([paths?.others, schemas?.others]);
  let frame = lastFrame;
  if (
    !frame ||
    frame.rest !== rest ||
    frame.others !== others ||
    !sameNames(frame.paths, paths) ||
    !sameNames(frame.schemas, schemas)
  ) {
    const skeleton = {
      ...document,
      ...(paths ? { paths: slotted(paths, 0) } : {}),
      ...(components && schemas ? { components: { ...components, schemas: slotted(schemas, entryCount(paths)) } } : {}),
    };
    frame = { rest, others, paths, schemas, ...skeletonTexts(skeleton) };
    lastFrame = frame;
  }
  const was = lastAssembly;
  if (was !== null && was.frame === frame && was.yamlHeader === yamlHeader) {
    const patched = patchAssembly(was, entries);
    if (patched !== undefined) return patched;
  }
  const json = assemble('', frame.json, (n) => entries[n]?.json, '\n');
  const yaml = assemble(yamlHeader, frame.yaml, (n) => entries[n]?.yaml, '');
  if (json.slots !== entries.length || yaml.slots !== entries.length) {
    // A spec string that looks like a placeholder: serialize the plain way.
    lastAssembly = null;
    const whole = canonical(document);
    return { json: [toJson(whole, true)], yaml: [toYaml(whole, yamlHeader, true)] };
  }
  lastAssembly = {
    frame,
    yamlHeader,
    entries,
    json: json.chunks,
    yaml: yaml.chunks,
    jsonAt: slotIndexes(frame.json, entries.length),
    yamlAt: slotIndexes(frame.yaml, entries.length),
  };
  return { json: json.chunks, yaml: yaml.chunks };
}
