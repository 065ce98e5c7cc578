/**
 * One measurement in a fresh process (so peak memory is this method's alone):
 *   tsx tools/bench/parse-child.ts <method> <file>
 * prints JSON {method, ms, cpuMs, peakRssMb, baselineRssMb, resources}.
 */
import { readFileSync } from 'node:fs';

const [method = 'specgen', file = 'spec/service-api.md'] = process.argv.slice(2);

async function load(): Promise<(markdown: string) => number> {
  if (method === 'remark-gfm') {
    const { unified } = await import('unified');
    const { default: remarkParse } = await import('remark-parse');
    const { default: remarkGfm } = await import('remark-gfm');
    const processor = unified().use(remarkParse).use(remarkGfm);
    return (md) => (processor.runSync(processor.parse(md)) as unknown as { children: unknown[] }).children.length;
  }
  const { parseSpec } = await import('@specgen/parser');
  const fastPath = method !== 'specgen-micromark';
  return (md) => parseSpec(md, file, { fastPath }).spec.resources.length;
}

const run = await load();
const markdown = readFileSync(file, 'utf8');
const baselineRssMb = process.memoryUsage().rss / 1e6;
const cpu = process.cpuUsage();
const start = performance.now();
const resources = run(markdown);
const ms = performance.now() - start;
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    method,
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    baselineRssMb: Math.round(baselineRssMb),
    resources,
  })}\n`,
);
