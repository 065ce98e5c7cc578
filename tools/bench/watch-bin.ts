/**
 * `specgen generate --watch` as a user runs it: the compiled bin in its own process, timed from the
 * save to the last change anywhere under the output folder (a recursive fs.watch in this process).
 * Each save is one of: a one-field edit, a row added, the row removed; written whole (`writeFileSync`)
 * or in place as a plain editor save does (truncate, then 256 KiB pieces, one event-loop turn apart).
 * The first saves of a new process are the slowest (its code is not optimized yet, and its heap not
 * collected since the initial run), so the writer that goes first alternates by round: even rounds
 * save each kind whole first, odd rounds in pieces first. The first save waits until the process has
 * been idle (no CPU) for 500 ms after it printed `watching` (its warm-up done, as for a user who saves
 * a few seconds after starting it), unless `saveAtOnce`. Used by generate.ts --watch-only.
 */
import { spawn } from 'node:child_process';
import { type FSWatcher, closeSync, openSync, readFileSync, watch, writeFileSync, writeSync } from 'node:fs';

export type Writer = 'whole' | 'truncating';
export interface WatchEdit {
  kind: string;
  writer: Writer;
  text: string;
}
export interface EditResult extends WatchEdit {
  /** Save -> last change under the output folder. */
  ms: number;
  /** CPU time of the watch process (all its threads) from the save to the end of its run: robust to other load. */
  cpuMs: number;
  /** The summary lines the command printed for this save (a provisional run adds one). */
  lines: string[];
  /**
   * Runs of this save on a half-written spec, printed to stderr only: runs that wrote nothing because
   * the spec changed while they ran, and runs that reported errors of a spec cut short.
   */
  discarded: number;
  /** Of the whole process: CPU ms and wall ms from `watching` to idle, peak RSS (VmHWM) in MB at the end. */
  process: { idleCpuMs: number; idleMs: number; peakRssMb: number };
}

/** Peak resident set of a process so far, MB (Linux /proc; NaN elsewhere). */
function peakRssMb(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
    return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** User + system CPU ms of a process so far (Linux /proc; NaN elsewhere). */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    // utime and stime (fields 14 and 15 of stat, counted after the command name) in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function save(path: string, text: string, writer: Writer): Promise<void> {
  if (writer === 'whole') return writeFileSync(path, text);
  const bytes = Buffer.from(text);
  const fd = openSync(path, 'w');
  try {
    for (let at = 0; at < bytes.length; at += 256 * 1024) {
      writeSync(fd, bytes, at, Math.min(256 * 1024, bytes.length - at));
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    closeSync(fd);
  }
}

/** The edits of one round, from the spec's text: a field edit, a row added and removed, each written both ways. */
export function editsOf(original: string, round: number): WatchEdit[] {
  const row = '| WarrantyMonths | Int32 | Warranty length in months. |';
  if (!original.includes(row)) throw new Error('the spec has no WarrantyMonths row to edit');
  const line = original.slice(original.indexOf(row), original.indexOf('\n', original.indexOf(row)) + 1);
  const field = (i: number) =>
    original.replace(
      row,
      `| WarrantyMonths | Int32${i % 2 ? '' : '?'} | Warranty length in months (edit ${round}.${i}). |`,
    );
  const added = original.replace(line, `${line}${line.replace('WarrantyMonths', `BenchExtra${round}`)}`);
  const [first, second]: [Writer, Writer] = round % 2 === 0 ? ['whole', 'truncating'] : ['truncating', 'whole'];
  return [
    { kind: 'one-field edit', writer: first, text: field(0) },
    { kind: 'one-field edit', writer: second, text: field(1) },
    { kind: 'row added', writer: first, text: added },
    { kind: 'row removed', writer: first, text: original },
    { kind: 'row added', writer: second, text: added },
    { kind: 'row removed', writer: second, text: original },
  ];
}

/**
 * Starts `node <bin> generate --watch`, saves each edit of `rounds` rounds in turn (numbered from
 * `firstRound`) and times it; the spec is left as given.
 */
export async function watchBin(
  bin: string,
  spec: string,
  out: string,
  rounds: number,
  env: NodeJS.ProcessEnv,
  firstRound = 0,
  saveAtOnce = false,
): Promise<EditResult[]> {
  const original = readFileSync(spec, 'utf8');
  const child = spawn(process.execPath, [bin, 'generate', '--watch', '--spec', spec, '--out', out], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let lastOutput = 0;
  child.stdout.setEncoding('utf8').on('data', (t: string) => {
    stdout += t;
    lastOutput = performance.now();
  });
  child.stderr.setEncoding('utf8').on('data', (t: string) => {
    stderr += t;
  });
  let watcher: FSWatcher | null = null;
  try {
    for (let waited = 0; !stdout.includes('watching '); waited += 50) {
      if (child.exitCode !== null || waited > 300_000) throw new Error(`watch did not start: ${stderr}`);
      await sleep(50);
    }
    const idleFrom = performance.now();
    const cpuAtStart = processCpuMs(child.pid);
    if (!saveAtOnce) {
      let last = cpuAtStart;
      for (let quietSince = performance.now(); performance.now() - quietSince < 500; ) {
        await sleep(50);
        const now = processCpuMs(child.pid);
        if (now !== last || Number.isNaN(now)) quietSince = performance.now();
        last = now;
        if (performance.now() - idleFrom > 60_000 || Number.isNaN(now)) break;
      }
    }
    const idleCpuMs = processCpuMs(child.pid) - cpuAtStart;
    const idleMs = Math.max(0, Math.round(performance.now() - idleFrom - (saveAtOnce ? 0 : 500)));
    const ownProcess = { idleCpuMs, idleMs, peakRssMb: Number.NaN };
    let lastChange = 0;
    watcher = watch(out, { recursive: true }, () => {
      lastChange = performance.now();
    });
    const results: EditResult[] = [];
    const discardedRuns = () =>
      stderr.split('wrote nothing').length - 1 + stderr.split('the spec has errors').length - 1;
    for (let round = firstRound; round < firstRound + rounds; round++) {
      for (const edit of editsOf(original, round)) {
        const linesBefore = stdout.split('\n').length;
        const discardedBefore = discardedRuns();
        lastChange = 0;
        const cpuBefore = processCpuMs(child.pid);
        const at = performance.now();
        await save(spec, edit.text, edit.writer);
        // Done: a summary line came, then nothing more (output or file change) for 400 ms.
        for (let waited = 0; ; waited += 20) {
          const quiet = performance.now() - Math.max(lastOutput, lastChange) > 400;
          if (stdout.split('\n').length > linesBefore && quiet) break;
          if (child.exitCode !== null || waited > 120_000) throw new Error(`no run after a save: ${stderr}`);
          await sleep(20);
        }
        const lines = stdout.split('\n').slice(linesBefore - 1, -1);
        const cpuMs = processCpuMs(child.pid) - cpuBefore;
        const discarded = discardedRuns() - discardedBefore;
        const ms = lastChange > 0 ? lastChange - at : Number.NaN;
        results.push({ ...edit, ms, cpuMs, lines, discarded, process: ownProcess });
        await sleep(150);
      }
    }
    ownProcess.peakRssMb = peakRssMb(child.pid);
    return results;
  } finally {
    watcher?.close();
    child.kill('SIGINT');
    writeFileSync(spec, original);
  }
}
