/**
 * The worker thread of `generate` (see offload.ts for `--watch`, one-shot.ts for a one-shot run):
 * parses the spec text it is sent with its own incremental parser and renders the requested
 * targets, keeping parser, templates and the generators' memos between runs like the main thread
 * does. For a one-shot run (`kind: 'settle'`) it also checks and stages each target's files into the
 * run's staging folder (or compares them, with --check) and sends back only their paths.
 */
import { parentPort } from 'node:worker_threads';
import { hasErrors } from '@specgen/diagnostics';
import { attachStaging, createRunShared, createTemplateEngine, type TemplateEngine } from '@specgen/generate-core';
import { createIncrementalParser } from '@specgen/parser';
import { findGenerators } from '../generators.ts';
import { type OffloadReply, type OffloadRequest, type PostedFile, postedFile } from './offload.ts';
import { renderTarget } from './pipeline.ts';
import { settleTargetLater } from './settle.ts';
import { builtinTemplatesDir } from './templates-dir.ts';
import type { SettleReply, SettleRequest } from './one-shot.ts';

const parser = createIncrementalParser();
let templates: { key: string; engine: TemplateEngine } | null = null;

function engineFor(request: OffloadRequest): TemplateEngine {
  const key = `${request.templatesDir ?? ''}\0${request.templatesVersion}`;
  if (templates?.key !== key)
    templates = { key, engine: createTemplateEngine(request.templatesDir ?? undefined, builtinTemplatesDir()) };
  return templates.engine;
}

function renderOptionsOf(request: OffloadRequest) {
  return {
    outDir: request.outDir,
    specFile: request.specFile,
    serviceVersion: request.serviceVersion,
    packageNames: request.packageNames,
  };
}

function answer(request: OffloadRequest): OffloadReply {
  const engine = engineFor(request);
  const parsed = parser.parse(request.specText, request.specFile);
  if (hasErrors(parsed.diagnostics)) return { id: request.id, files: null };
  const options = renderOptionsOf(request);
  const files: Record<string, PostedFile[]> = {};
  const shared = createRunShared();
  for (const g of findGenerators(request.targets))
    files[g.target] = renderTarget(parsed.spec, g, engine, options, shared).map(postedFile);
  return { id: request.id, files };
}

/**
 * One-shot: render and stage each target in turn (pipeline.ts), telling the main thread as each is
 * rendered; the syntax checks run in esbuild's process meanwhile and are awaited at the end.
 */
async function settle(request: SettleRequest): Promise<SettleReply> {
  const engine = engineFor(request);
  const parsed = parser.parse(request.specText, request.specFile);
  if (hasErrors(parsed.diagnostics)) return { kind: 'settled', id: request.id, settled: null };
  const options = renderOptionsOf(request);
  const staging = request.stagingDir === null ? undefined : attachStaging(request.outDir, request.stagingDir);
  const settleOptions = { outDir: request.outDir, stage: staging?.stage, seen: new Set<string>() };
  const shared = createRunShared();
  const settled = [];
  const checks: Promise<void>[] = [];
  try {
    for (const g of findGenerators(request.targets)) {
      const started = performance.now();
      const files = renderTarget(parsed.spec, g, engine, { ...options, oneShot: true }, shared);
      shared.finished(g.target);
      parentPort?.postMessage({
        kind: 'rendered',
        id: request.id,
        target: g.target,
        files: files.length,
        ms: performance.now() - started,
      } satisfies SettleReply);
      const later = settleTargetLater(g.target, files, settleOptions);
      later.checked.catch(() => {}); // read below, by Promise.all
      checks.push(later.checked);
      settled.push(later.settled);
    }
    await Promise.all(checks);
    // the main thread commits once this reply is in: every staged file must be on disk by then
    await staging?.writesDone();
  } catch (err) {
    // and it discards the staging folder once an error is in: none of this thread's writes may land after
    await staging?.writesDone().catch(() => {});
    throw err;
  }
  return { kind: 'settled', id: request.id, settled };
}

parentPort?.on('message', async (request: OffloadRequest | SettleRequest) => {
  let reply: OffloadReply | SettleReply;
  try {
    reply = 'kind' in request ? await settle(request) : answer(request);
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
