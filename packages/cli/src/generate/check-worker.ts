/**
 * The syntax-check thread of a one-shot `specgen generate` (check-thread.ts): picks the sample of each
 * target's changed `.ts` files (syntax-sample.ts: the scan of every line of the large folders) and has
 * esbuild parse it. Here, esbuild's pipes are served by this thread's event loop, so a target's check
 * goes on while the main thread renders the next target (on the main thread it went on only when that
 * thread let its event loop turn, between targets). A target's files come in several messages; each is
 * scanned as it comes and only the sampled ones are kept, so this heap holds little at a time.
 */
import { parentPort } from 'node:worker_threads';
import { type GeneratedFile, createSampler, syntaxErrorsAsync } from '@specgen/generate-core';
import type { CheckMessage, CheckReply } from './check-thread.ts';

const open = new Map<number, { pick: ReturnType<typeof createSampler>; sample: GeneratedFile[] }>();

parentPort?.on('message', async (message: CheckMessage) => {
  let reply: CheckReply;
  try {
    let check = open.get(message.id);
    if (!check) {
      check = { pick: createSampler(), sample: [] };
      open.set(message.id, check);
    }
    for (const entry of message.entries) if (check.pick(entry)) check.sample.push(entry.file);
    if (!message.last) return;
    open.delete(message.id);
    reply = { id: message.id, checked: check.sample.length, errors: await syntaxErrorsAsync(check.sample) };
  } catch (err) {
    open.delete(message.id);
    reply = { id: message.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
