/**
 * The text of `ir.json`: the IR with keys sorted at every level, two-space indent, the marker in
 * its `"//"` field. On the large spec this is tens of megabytes, nearly all of it `resources`;
 * each resource's pretty text is kept from the previous call, keyed by its compact JSON, so a
 * watch edit of one field re-sorts and re-indents one resource instead of the whole IR. The
 * result is byte for byte `JSON.stringify({ '//': marker, ...sortKeys(spec) }, null, 2)`.
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

/** Stands for the resources array while the rest of the IR is serialized; checked to be unique. */
const PLACEHOLDER = '__specgen_ir_resources_placeholder__';
/** Depth of a resource in the file: root object -> `resources` array -> item. */
const ITEM_INDENT = '    ';

const WRAP_START = `[\n  [\n${ITEM_INDENT}`;
const WRAP_END = '\n  ]\n]';

/** Compact JSON of a resource -> its pretty, key-sorted text at ITEM_INDENT; only the last call's entries are kept. */
let memo = new Map<string, string>();

function resourceText(resource: unknown, next: Map<string, string>): string {
  const key = JSON.stringify(resource);
  let text = memo.get(key) ?? next.get(key);
  // Nested two arrays deep, the resource is indented as in the file; the wrapper is cut off.
  if (text === undefined) text = JSON.stringify([[sortKeys(resource)]], null, 2).slice(WRAP_START.length, -WRAP_END.length);
  next.set(key, text);
  return text;
}

/** `ir.json` without the final newline (the caller normalizes). */
export function irJsonText(marker: string, spec: Spec): string {
  const resources = spec.resources as unknown[];
  const rest = sortKeys({ ...spec, resources: PLACEHOLDER }) as Record<string, unknown>;
  const skeleton = JSON.stringify({ '//': marker, ...rest }, null, 2);
  const quoted = JSON.stringify(PLACEHOLDER);
  const at = skeleton.indexOf(quoted);
  if (at < 0 || skeleton.indexOf(quoted, at + 1) >= 0) return JSON.stringify({ '//': marker, ...(sortKeys(spec) as object) }, null, 2);
  const next = new Map<string, string>();
  const items = resources.map((r) => resourceText(r, next));
  memo = next;
  const array = items.length === 0 ? '[]' : `[\n${ITEM_INDENT}${items.join(`,\n${ITEM_INDENT}`)}\n  ]`;
  return skeleton.slice(0, at) + array + skeleton.slice(at + quoted.length);
}
