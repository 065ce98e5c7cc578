/**
 * What writing openapi.json and openapi.yaml during the texts' walk would save a one-shot run
 * (docs/benchmarks/generate.md, the `openapi-5` round): each variant runs in its own process, parses
 * the synthetic spec, builds the document (one-shot) and writes the two files, `--rounds` times,
 * alternating. "fragments" is today's path (generate-openapi's `documentChunks`, then generate-core's
 * `writeGenerated`); "streamed" is a prototype that writes each entry's two texts into two buffers as
 * they are made, so that no text outlives its entry. Prints each process's peak RSS and the CPU of the
 * texts and writes, and checks that both give the same bytes.
 *
 *   pnpm tsx tools/bench/openapi-stream.ts [--rounds 3] [--plain] [--resources 600] [--fields 50]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chunkedFile, writeGenerated } from '@specgen/generate-core';
import { buildDocument } from '@specgen/contract';
import { targetBenchArgs } from './target-bench-args.ts';

const args = process.argv.slice(2);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const mode = args.includes('--mode') ? args[args.indexOf('--mode') + 1] : undefined;

interface PartText {
  json: string;
  yaml: string;
}
interface Cut {
  literals: string[];
  slots: { n: number }[];
}
/** generate-openapi's internals (its sources, as the target benches load a baseline's). */
async function internals() {
  const load = async (path: string) =>
    await import(pathToFileURL(join(root, 'packages/generate-openapi/src', path)).href);
  return {
    ...((await load('json-yaml.ts')) as {
      entryTexts: (v: Record<string, unknown>, ji: number, yi: number) => PartText;
      isEntry: (v: unknown) => v is Record<string, unknown>;
    }),
    ...((await load('skeleton.ts')) as {
      placeholder: (n: number) => string;
      skeletonTexts: (s: Record<string, unknown>) => { json: Cut; yaml: Cut };
    }),
    ...((await load('scalar-texts.ts')) as { forgetScalarTexts: () => void }),
    ...((await load('document-text.ts')) as {
      documentChunks: (d: Record<string, unknown>, h: string, keep: boolean) => { json: string[]; yaml: string[] };
    }),
  };
}

/** Strings written into a reused buffer, flushed into the file when full. */
class FileWriter {
  private readonly buffer = Buffer.allocUnsafe(1 << 21);
  private used = 0;
  private position = 0;
  constructor(readonly fd: number) {}
  write(text: string): void {
    if (this.used + text.length * 3 > this.buffer.length) {
      this.flush();
      if (text.length * 3 > this.buffer.length) {
        const alone = Buffer.from(text);
        writeSync(this.fd, alone, 0, alone.length, this.position);
        this.position += alone.length;
        return;
      }
    }
    this.used += this.buffer.write(text, this.used);
  }
  flush(): void {
    writeSync(this.fd, this.buffer, 0, this.used, this.position);
    this.position += this.used;
    this.used = 0;
  }
}

async function child(variant: string, out: string): Promise<void> {
  const { spec } = targetBenchArgs(args);
  const o = await internals();
  const header = '# generated\n';
  const at = process.cpuUsage();
  const document = buildDocument(spec, { serviceVersion: null, memo: false });
  const documentCpu = process.cpuUsage(at);
  const textsAt = process.cpuUsage();
  if (variant === 'fragments') {
    const texts = o.documentChunks(document, header, false);
    writeGenerated(join(out, 'openapi.json'), chunkedFile('openapi.json', texts.json));
    writeGenerated(join(out, 'openapi.yaml'), chunkedFile('openapi.yaml', texts.yaml));
  } else {
    const values: Record<string, unknown>[] = [];
    const indents: number[] = [];
    const slotted = (map: Record<string, unknown>, indent: number) => {
      const slots: Record<string, unknown> = {};
      for (const k in map) {
        const v = map[k];
        if (o.isEntry(v)) {
          slots[k] = o.placeholder(values.length);
          values.push(v);
          indents.push(indent);
        } else slots[k] = v;
      }
      return slots;
    };
    const components = document.components as Record<string, unknown>;
    const { json, yaml } = o.skeletonTexts({
      ...document,
      paths: slotted(document.paths as Record<string, unknown>, 4),
      components: { ...components, schemas: slotted(components.schemas as Record<string, unknown>, 6) },
    });
    const jsonFile = new FileWriter(openSync(join(out, 'openapi.json'), 'w'));
    const yamlFile = new FileWriter(openSync(join(out, 'openapi.yaml'), 'w'));
    const once = new Map<object, PartText>();
    jsonFile.write(json.literals[0] as string);
    yamlFile.write(header);
    yamlFile.write(yaml.literals[0] as string);
    for (const [i, slot] of json.slots.entries()) {
      if (yaml.slots[i]?.n !== slot.n) throw new Error('the JSON and YAML slots are in different orders');
      const value = values[slot.n] as Record<string, unknown>;
      let text = Object.isFrozen(value) ? once.get(value) : undefined;
      if (text === undefined) {
        text = o.entryTexts(value, indents[slot.n] as number, indents[slot.n] as number);
        if (Object.isFrozen(value)) once.set(value, text);
      }
      jsonFile.write(text.json);
      jsonFile.write(json.literals[i + 1] as string);
      yamlFile.write(text.yaml);
      yamlFile.write(yaml.literals[i + 1] as string);
    }
    jsonFile.write('\n');
    for (const file of [jsonFile, yamlFile]) {
      file.flush();
      closeSync(file.fd);
    }
    o.forgetScalarTexts();
  }
  const texts = process.cpuUsage(textsAt);
  // Before the files are read back for the check (in small pieces, not to raise the peak).
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const ms = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);
  const digest = createHash('sha1');
  const piece = Buffer.allocUnsafe(1 << 20);
  for (const name of ['openapi.json', 'openapi.yaml']) {
    const fd = openSync(join(out, name), 'r');
    for (let n = readSync(fd, piece); n > 0; n = readSync(fd, piece)) digest.update(piece.subarray(0, n));
    closeSync(fd);
  }
  console.log(
    JSON.stringify({ documentMs: ms(documentCpu), textsMs: ms(texts), peakRssMb, digest: digest.digest('hex') }),
  );
}

if (mode) await child(mode, args[args.indexOf('--out') + 1] as string);
else {
  const rounds = Number(args.includes('--rounds') ? args[args.indexOf('--rounds') + 1] : '3');
  const rest = args.filter((a, i) => a !== '--rounds' && args[i - 1] !== '--rounds');
  const results = new Map<string, { textsMs: number; peakRssMb: number; digest: string }[]>();
  for (let r = 0; r < rounds; r++)
    for (const variant of ['fragments', 'streamed']) {
      const out = mkdtempSync(join(tmpdir(), 'specgen-openapi-stream-'));
      try {
        const text = execFileSync(
          process.execPath,
          [
            '--conditions=@specgen/source',
            '--import',
            'tsx',
            fileURLToPath(import.meta.url),
            ...rest,
            '--mode',
            variant,
            '--out',
            out,
          ],
          { encoding: 'utf8' },
        );
        const line = JSON.parse(text.trim().split('\n').at(-1) as string);
        const list = results.get(variant) ?? [];
        list.push(line);
        results.set(variant, list);
        console.log(`${variant}: ${JSON.stringify(line)}`);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  for (const [variant, list] of results)
    console.log(
      `${variant}: texts and writes ${median(list.map((l) => l.textsMs))} ms CPU, peak RSS ${median(list.map((l) => l.peakRssMb))} MB (medians of ${list.length})`,
    );
  const digests = new Set([...results.values()].flat().map((l) => l.digest));
  console.log(digests.size === 1 ? 'both variants: the same bytes' : 'DIFFERENT bytes');
  if (digests.size !== 1) process.exitCode = 1;
}
