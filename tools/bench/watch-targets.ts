/**
 * CPU of one watch edit, by target, for the OpenAPI and server targets (the ones whose memos are
 * keyed by IR object identity): parses the synthetic spec, renders the targets once (the
 * initial run), then applies one-field edits to a spec that shares every unchanged IR object with
 * the previous one (as the incremental parser hands it over) and renders again, timing each
 * target and checking that the output equals a cold render of the same spec (fresh memos are not
 * available in one process, so the cold render is a run of the same generators on a deep copy).
 *
 *   pnpm tsx tools/bench/watch-targets.ts [--resources 600] [--fields 50] [--edits 5] [--targets openapi,server] [--no-check]
 */
import { createRunShared, createTemplateEngine, type GeneratedFile } from '../../packages/generate-core/src/index.ts';
import type { Spec } from '@specgen/ir';
import { parseSpec } from '@specgen/parser';
import { findGenerators } from '../../packages/cli/src/generators.ts';
import { syntheticSpec } from '../synthetic-spec.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const generators = findGenerators(option('--targets', 'openapi,server').split(','));
const templates = createTemplateEngine();
const options = { serviceVersion: null, specFile: 'synthetic.md', packageVersion: '0.1.0' };
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
};

function render(spec: Spec): { files: GeneratedFile[]; ms: Record<string, number> } {
  const shared = createRunShared();
  const ms: Record<string, number> = {};
  const files: GeneratedFile[] = [];
  for (const g of generators) {
    const at = process.cpuUsage();
    files.push(...g.generate({ spec, templates, options, shared }));
    ms[g.target] = cpuMs(at);
  }
  return { files, ms };
}

const text = syntheticSpec(Number(option('--resources', '600')), Number(option('--fields', '50')));
let spec = parseSpec(text, 'synthetic.md').spec;
const first = render(spec);
console.log(`initial: ${JSON.stringify(first.ms)}`);
let last = first.files;
const edits = Number(option('--edits', '5'));
for (let i = 0; i < edits; i++) {
  // A one-field edit of resource i: a new resource object with one new field object; all else shared.
  const index = (i * 97) % spec.resources.length;
  const resource = spec.resources[index]!;
  const fields = resource.fields.map((f, j) => (j === 7 ? { ...f, notes: `${f.notes} (edit ${i})`, type: { ...f.type, nullable: !f.type.nullable } } : f));
  spec = { ...spec, resources: spec.resources.map((r, j) => (j === index ? { ...resource, fields } : r)) };
  const run = render(spec);
  const changed = run.files.filter((f) => last.find((l) => l.path === f.path)?.contents !== f.contents).map((f) => f.path);
  let same = 'not checked';
  if (!args.includes('--no-check')) {
    const cold = render(structuredClone(spec));
    same = cold.files.every((f, j) => run.files[j]?.path === f.path && run.files[j]?.contents === f.contents) && cold.files.length === run.files.length ? 'equal to a cold render' : 'DIFFERENT from a cold render';
  }
  console.log(`edit ${i}: ${JSON.stringify(run.ms)} changed ${changed.join(', ')}; ${same}`);
  last = run.files;
}
