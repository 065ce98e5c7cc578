/**
 * A one-shot run's helper threads at a lower priority (helper-priority.ts): every thread of the process
 * but the main one is lowered by SPECGEN_HELPER_NICE (default 10), a thread the main thread starts
 * afterwards is not, and the CLI's `generate` does it. Linux only (per-thread nice values, /proc).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { helperNiceIncrement } from '../src/generate/helper-priority.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MODULE = fileURLToPath(new URL('../src/generate/helper-priority.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'specgen-helper-priority-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Prints `{ main, others }`: the nice value of each thread of the process, read from /proc at exit. */
const NICE_AT_EXIT = join(dir, 'nice-at-exit.cjs');
writeFileSync(
  NICE_AT_EXIT,
  `const fs = require('fs');
process.on('exit', () => {
  const nice = (tid) => { const s = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8'); return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[16]); };
  const tids = fs.readdirSync('/proc/self/task').map(Number);
  const others = tids.filter((t) => t !== process.pid).map(nice);
  process.stderr.write('NICE ' + JSON.stringify({ main: nice(process.pid), others }) + '\\n');
});
`,
);

interface Nice {
  main: number;
  others: number[];
}

async function run(args: string[], env: Record<string, string> = {}): Promise<{ nice: Nice; stdout: string }> {
  const { stdout, stderr } = await promisify(execFile)(
    'node',
    ['--import', 'tsx', '--require', NICE_AT_EXIT, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
    },
  );
  const line = stderr.split('\n').find((l) => l.startsWith('NICE '));
  if (!line) throw new Error(`no NICE line in: ${stderr}`);
  return { nice: JSON.parse(line.slice(5)) as Nice, stdout };
}

/** A worker thread that posts its own nice value. */
const WORKER = join(dir, 'worker.mjs');
writeFileSync(
  WORKER,
  `import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
const stat = readFileSync('/proc/thread-self/stat', 'utf8');
parentPort.postMessage(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
`,
);

/** Lowers the helpers, then starts a worker thread; prints how many it lowered and the worker's nice value. */
const SCRIPT = join(dir, 'lower.mjs');
writeFileSync(
  SCRIPT,
  `
import { lowerHelperThreads } from ${JSON.stringify(MODULE)};
import { Worker } from 'node:worker_threads';
await import('node:fs/promises').then((fs) => fs.readFile(${JSON.stringify(MODULE)})); // starts libuv's pool
const lowered = lowerHelperThreads();
const worker = new Worker(${JSON.stringify(WORKER)});
const workerNice = await new Promise((resolve) => worker.once('message', resolve));
await worker.terminate();
console.log(JSON.stringify({ lowered: lowered.length, workerNice }));
`,
);

describe.runIf(process.platform === 'linux')('helper threads at a lower priority', () => {
  it('lowers every thread but the main one by 10, not a thread started afterwards', async () => {
    const { nice, stdout } = await run([SCRIPT], { SPECGEN_HELPER_NICE: '' });
    const { lowered, workerNice } = JSON.parse(stdout) as { lowered: number; workerNice: number };
    expect(nice.main).toBe(0);
    expect(lowered).toBeGreaterThanOrEqual(4); // V8's background threads at least, libuv's pool too
    expect(workerNice).toBe(0);
    // the worker has ended; every thread left but the main one was lowered
    expect(nice.others.filter((n) => n === 10).length).toBe(lowered);
  }, 60_000);

  it('SPECGEN_HELPER_NICE sets the increment, and 0 turns it off', async () => {
    const three = await run([SCRIPT], { SPECGEN_HELPER_NICE: '3' });
    expect(three.nice.others.filter((n) => n === 3).length).toBe(JSON.parse(three.stdout).lowered);
    const off = await run([SCRIPT], { SPECGEN_HELPER_NICE: '0' });
    expect(JSON.parse(off.stdout).lowered).toBe(0);
    expect(off.nice.others.every((n) => n === 0)).toBe(true);
  }, 60_000);

  it("the CLI's one-shot generate lowers its helpers and keeps the main thread as it was", async () => {
    const args = ['packages/cli/src/main.ts', 'generate', '--spec', 'spec/service-api.md', '--quiet'];
    const on = await run([...args, '--out', join(dir, 'on')], { SPECGEN_HELPER_NICE: '' });
    expect(on.nice.main).toBe(0);
    expect(on.nice.others.filter((n) => n === 10).length).toBeGreaterThanOrEqual(4);
    const off = await run([...args, '--out', join(dir, 'off')], { SPECGEN_HELPER_NICE: '0' });
    expect(off.nice.others.every((n) => n === 0)).toBe(true);
  }, 120_000);

  it('reads the increment from the environment: 0-19, anything else is the default', () => {
    expect(helperNiceIncrement(undefined)).toBe(10);
    expect(helperNiceIncrement('0')).toBe(0);
    expect(helperNiceIncrement('19')).toBe(19);
    expect(helperNiceIncrement('20')).toBe(10);
    expect(helperNiceIncrement('-1')).toBe(10);
    expect(helperNiceIncrement('fast')).toBe(10);
  });
});
