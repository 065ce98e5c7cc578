/**
 * The text of `ir.json`: the IR with keys sorted at every level, one line per top-level member and
 * one line per element of a top-level array (each resource, endpoint, command... on its own line,
 * as compact JSON), the marker in its `"//"` field. A field edit changes one line; the file is about
 * half the size of the two-space pretty form (14.7 against 30.4 MB on the 600-resource synthetic
 * spec), which the runtime only parses. Nothing is kept between runs: keying a memo by each
 * element's compact JSON cost about as much as sorting and writing the element again (both about
 * 0.1 s for 600 resources) and held two more copies of the text.
 */
import type { Spec } from '@specgen/ir';

/** Object keys sorted at every level, so the file does not depend on the order a producer used. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of sortedKeys(value)) out[k] = sortKeys((value as Record<string, unknown>)[k]);
  return out;
}

/** The IR has a few object shapes repeated thousands of times: each shape's key order is sorted once. */
const orderOfShape = new Map<string, string[]>();

function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  const shape = JSON.stringify(keys);
  let sorted = orderOfShape.get(shape);
  if (sorted === undefined) {
    sorted = [...keys].sort();
    if (orderOfShape.size < 10_000) orderOfShape.set(shape, sorted);
  }
  return sorted;
}

/** `ir.json` without the final newline (the caller normalizes). */
export function irJsonText(marker: string, spec: Spec): string {
  const members = [`"//":${JSON.stringify(marker)}`];
  const record = spec as unknown as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    const value = record[key];
    if (value === undefined) continue;
    const name = JSON.stringify(key);
    if (!Array.isArray(value) || value.length === 0) members.push(`${name}:${JSON.stringify(sortKeys(value))}`);
    else members.push(`${name}:[\n${value.map((v) => JSON.stringify(sortKeys(v))).join(',\n')}\n]`);
  }
  return `{\n${members.join(',\n')}\n}`;
}
