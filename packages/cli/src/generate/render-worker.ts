/**
 * The worker thread of `generate --watch` (see offload.ts): parses the spec text it is sent with
 * its own incremental parser and renders the requested targets, keeping parser, templates and the
 * generators' memos between runs like the main thread does.
 */
import { parentPort } from 'node:worker_threads';
import { hasErrors } from '@specgen/diagnostics';
import { createRunShared, createTemplateEngine, type GeneratedFile, type TemplateEngine } from '@specgen/generate-core';
import { createIncrementalParser } from '@specgen/parser';
import { findGenerators } from '../generators.ts';
import type { OffloadReply, OffloadRequest } from './offload.ts';
import { renderTarget } from './pipeline.ts';
import { builtinTemplatesDir } from './templates-dir.ts';

const parser = createIncrementalParser();
let templates: { key: string; engine: TemplateEngine } | null = null;

function answer(request: OffloadRequest): OffloadReply {
  const key = `${request.templatesDir ?? ''}\0${request.templatesVersion}`;
  if (templates?.key !== key) templates = { key, engine: createTemplateEngine(request.templatesDir ?? undefined, builtinTemplatesDir()) };
  const parsed = parser.parse(request.specText, request.specFile);
  if (hasErrors(parsed.diagnostics)) return { id: request.id, files: null };
  const options = { outDir: request.outDir, specFile: request.specFile, serviceVersion: request.serviceVersion, packageNames: request.packageNames };
  const files: Record<string, GeneratedFile[]> = {};
  const shared = createRunShared();
  for (const g of findGenerators(request.targets)) files[g.target] = renderTarget(parsed.spec, g, templates.engine, options, shared);
  return { id: request.id, files };
}

parentPort?.on('message', (request: OffloadRequest) => {
  let reply: OffloadReply;
  try {
    reply = answer(request);
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
