/**
 * The syntax-check thread of a one-shot `specgen generate` (check-thread.ts): picks the sample of each
 * target's changed `.ts` files (syntax-sample.ts: the scan of every line of the large folders) and has
 * esbuild parse it. Here, esbuild's pipes are served by this thread's event loop, so a target's check
 * goes on while the main thread renders the next target (on the main thread it went on only when that
 * thread let its event loop turn, between targets).
 */
import { parentPort } from 'node:worker_threads';
import { syntaxErrorsAsync, syntaxSample } from '@specgen/generate-core';
import type { CheckReply, CheckRequest } from './check-thread.ts';

parentPort?.on('message', async (request: CheckRequest) => {
  let reply: CheckReply;
  try {
    const sample = syntaxSample(request.files);
    reply = { id: request.id, checked: sample.length, errors: await syntaxErrorsAsync(sample) };
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
