/**
 * Main-thread CPU of the OpenAPI target's parts in a cold process, against another checkout: each
 * run is a new process (`--no-turbo-inlining`, as a one-shot `specgen generate` sets it) that parses
 * the spec (not counted), then times `routes`, `buildDocument` (one-shot) and `documentChunks` of
 * that checkout's contract and generate-openapi sources, each once, by the main thread's own CPU
 * time (`/proc/thread-self/schedstat`: V8's compiler and GC helper threads are not counted). The
 * two checkouts alternate; medians are printed, and both must give the same number of characters.
 * Linux only (schedstat).
 *
 *   pnpm tsx tools/bench/openapi-cold.ts --baseline /path/to/main [--rounds 8] [--spec syn.md]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PARTS = ['routes', 'build', 'texts', 'total'] as const;
type Figures = Record<(typeof PARTS)[number], number> & { chars: number };

/** One cold run in this process: `--child <checkout> <spec>` prints its figures as JSON. */
async function child(checkout: string, specFile: string): Promise<void> {
  const { parseSpec } = await import('@specgen/parser');
  const { syntheticSpec } = await import('../synthetic-spec.ts');
  const text = specFile === '' ? syntheticSpec(600, 50) : readFileSync(specFile, 'utf8');
  const spec = parseSpec(text, 'spec.md').spec;
  const load = async (path: string) => await import(pathToFileURL(join(checkout, path)).href);
  const contract = await load('packages/contract/src/index.ts');
  const texts = await load('packages/generate-openapi/src/document-text.ts');
  const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  const t0 = cpu();
  contract.routes(spec, null);
  const t1 = cpu();
  const document = contract.buildDocument(spec, { serviceVersion: null, memo: false });
  const t2 = cpu();
  const chunks = texts.documentChunks(document, '# header\n', false) as { json: string[]; yaml: string[] };
  const t3 = cpu();
  let chars = 0;
  for (const c of [...chunks.json, ...chunks.yaml]) chars += c.length;
  const figures: Figures = { routes: t1 - t0, build: t2 - t1, texts: t3 - t2, total: t3 - t0, chars };
  process.stdout.write(JSON.stringify(figures));
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1] as string, args[2] as string);
else {
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  const here = resolve(fileURLToPath(import.meta.url), '../../..');
  const baseline = option('--baseline', '');
  const rounds = Number(option('--rounds', '8'));
  const specFile = option('--spec', '') === '' ? '' : resolve(option('--spec', ''));
  const sides: [string, string][] = [['this', here]];
  if (baseline !== '') sides.push(['baseline', resolve(baseline)]);
  const runs = new Map<string, Figures[]>(sides.map(([label]) => [label, []]));
  const self = fileURLToPath(import.meta.url);
  for (let i = 0; i < rounds; i++) {
    for (const [label, checkout] of sides) {
      const out = execFileSync(
        process.execPath,
        ['--no-turbo-inlining', '--conditions=@specgen/source', '--import', 'tsx', self, '--child', checkout, specFile],
        { cwd: here, encoding: 'utf8' },
      );
      runs.get(label)?.push(JSON.parse(out) as Figures);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const medians = new Map<string, Figures>();
  for (const [label, figures] of runs) {
    const m = { chars: figures[0]?.chars ?? 0 } as Figures;
    for (const part of PARTS) m[part] = median(figures.map((f) => f[part]));
    medians.set(label, m);
    const parts = PARTS.map((p) => `${p} ${m[p].toFixed(0)}`).join(', ');
    console.log(`${label}: ${parts} ms main-thread CPU (medians of ${figures.length}; ${m.chars} characters)`);
  }
  const mine = medians.get('this');
  const base = medians.get('baseline');
  if (mine && base) {
    console.log(`ratio this / baseline: ${PARTS.map((p) => `${p} ${(mine[p] / base[p]).toFixed(2)}`).join(', ')}`);
    if (mine.chars !== base.chars) console.log('the texts differ in length');
  }
}
