/**
 * The skeleton of openapi.json and openapi.yaml: the document with each entry of its two name maps
 * (path items, component schemas) as a placeholder, written once and cut at the placeholders, so
 * that the files are the skeleton's pieces with the entries' texts between them (document-text.ts).
 */
import { rootTexts } from './json-yaml.ts';

/** Placeholder scalars: plain in YAML, one JSON string each; checked to be unique (document-text.ts). */
const TOKEN = '__specgen_openapi_entry_';
const JSON_SLOT = new RegExp(`"${TOKEN}(\\d+)__"`, 'g');
/** After the key's colon, which stays in the skeleton's text. */
const YAML_SLOT = new RegExp(`(?<=:) ${TOKEN}(\\d+)__$`, 'gm');

export const placeholder = (n: number) => `${TOKEN}${n}__`;

/** A skeleton text cut at its slots: `literals[i]`, slot `i`, `literals[i + 1]`... (the slots' own text and number). */
export interface Cut {
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

/** The skeleton's texts, cut. */
export function skeletonTexts(skeleton: Record<string, unknown>): { json: Cut; yaml: Cut } {
  const texts = rootTexts(skeleton);
  return { json: cut(texts.json, JSON_SLOT), yaml: cut(texts.yaml, YAML_SLOT) };
}

/**
 * `head`, the skeleton with each slot replaced by the text `fill` gives (a slot it gives none for
 * stays), and `tail`, as fragments: the skeleton's pieces are cut once per skeleton and the
 * entries' texts are the memo's, so an edit gives the same fragment strings but for its entries.
 */
export function assemble(
  head: string,
  skeleton: Cut,
  fill: (n: number) => string | undefined,
  tail: string,
): { chunks: string[]; slots: number } {
  const { literals, slots } = skeleton;
  const chunks = [head, literals[0] as string];
  let filled = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i] as Cut['slots'][number];
    const text = fill(slot.n);
    if (text === undefined) chunks.push(slot.text);
    else {
      chunks.push(text);
      filled++;
    }
    chunks.push(literals[i + 1] as string);
  }
  chunks.push(tail);
  return { chunks, slots: filled };
}
