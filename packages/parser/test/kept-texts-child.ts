/**
 * Child of kept-texts.test.ts (run with node's --expose-gc): parses a spec incrementally through
 * edits that add a row and remove it again, keeping every spec it was given (as the generators'
 * memos keep IR objects of earlier parses), then prints how many whole markdown texts are still in
 * the heap after a full GC: `{ "texts": n, "edits": k }`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import type { Spec } from '@specgen/ir';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { createIncrementalParser } from '../src/index.ts';

const RESOURCES = 12;
const EDITS = 8;

/** Edit `i`: a row added to one resource (even `i`), or that row removed again (odd `i`). */
function edit(text: string, i: number): string {
  const added = `| Added${i - 1} | String | A row added by edit ${i - 1}. | 1.0 |\n`;
  if (i % 2 === 1) return text.replace(added, '');
  const section = text.search(new RegExp(`\\n### \\w+Records${(i * 5) % RESOURCES}\\n`));
  const at = text.indexOf('\n', text.indexOf('| Id |', section)) + 1;
  return `${text.slice(0, at)}| Added${i} | String | A row added by edit ${i}. | 1.0 |\n${text.slice(at)}`;
}

let text = syntheticSpec(RESOURCES, 8);
const parser = createIncrementalParser();
const kept: Spec[] = [parser.parse(text, 'synthetic.md').spec];
for (let i = 0; i < EDITS; i++) {
  text = edit(text, i);
  kept.push(parser.parse(text, 'synthetic.md').spec);
}
(globalThis as { gc?: () => void }).gc?.();
const file = writeHeapSnapshot(join(tmpdir(), `specgen-kept-texts-${process.pid}.heapsnapshot`));
const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
};
rmSync(file);
const fields = snapshot.snapshot.meta.node_fields;
const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
const stringType = snapshot.snapshot.meta.node_types[0].indexOf('string');
const start = text.slice(0, 40);
let texts = 0;
for (let n = 0; n < snapshot.nodes.length; n += fields.length) {
  const node = snapshot.nodes.slice(n, n + fields.length);
  if (node[type] !== stringType || (node[size] as number) < text.length - 1000) continue;
  if (snapshot.strings[node[name] as number]?.startsWith(start)) texts++;
}
console.log(JSON.stringify({ texts, edits: EDITS, specs: kept.length }));
