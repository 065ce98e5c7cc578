/**
 * The syntax-check thread of a one-shot `specgen generate` (check-thread.ts): picks the sample of each
 * target's changed `.ts` files (syntax-sample.ts: the scan of every line of the large folders) and has
 * esbuild parse it. Here, esbuild's pipes are served by this thread's event loop, so a target's check
 * goes on while the main thread renders the next target (on the main thread it went on only when that
 * thread let its event loop turn, between targets). A target's files come in several messages; each is
 * scanned as it comes and only the sampled ones are kept, so this heap holds little at a time.
 * The files marked `write` (a target's small changed files) are written into the run's staging folder
 * as they come, on libuv's pool (pool-writes.ts, whose callbacks run on this thread's event loop): the
 * answer waits for those writes, and is an error when one failed, so the main thread commits only
 * what is written (staging.ts `expect`).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { type GeneratedFile, createSampler, poolWrites, syntaxErrorsAsync } from '@specgen/generate-core';
import type { CheckMessage, CheckReply } from './check-thread.ts';

interface OpenCheck {
  pick: ReturnType<typeof createSampler>;
  sample: GeneratedFile[];
  writes: ReturnType<typeof poolWrites>;
}

const open = new Map<number, OpenCheck>();
/** Folders made in a staging folder (both threads may make one: `recursive` makes that harmless). */
const made = new Set<string>();
/** Checks answered with an error before their last message: the rest of their files is dropped unread. */
const failed = new Set<number>();

parentPort?.on('message', async (message: CheckMessage) => {
  if (failed.has(message.id)) {
    if (message.last) failed.delete(message.id);
    return;
  }
  let reply: CheckReply;
  let check = open.get(message.id);
  try {
    if (!check) {
      check = { pick: createSampler(), sample: [], writes: poolWrites() };
      open.set(message.id, check);
    }
    for (const entry of message.entries) {
      if (entry.write && message.stagingDir !== null) write(check, join(message.stagingDir, entry.file.path), entry);
      if (entry.check && check.pick(entry)) check.sample.push(entry.file);
    }
    if (!message.last) return;
    open.delete(message.id);
    const errors = await syntaxErrorsAsync(check.sample);
    await check.writes.done();
    reply = { id: message.id, checked: check.sample.length, errors };
  } catch (err) {
    open.delete(message.id);
    if (!message.last) failed.add(message.id);
    // the writes started are over before the answer: the main thread may then remove the folder
    await check?.writes.done().catch(() => {});
    reply = { id: message.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});

function write(check: OpenCheck, to: string, entry: { file: GeneratedFile }): void {
  const folder = dirname(to);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  check.writes.write(to, entry.file.contents);
}
