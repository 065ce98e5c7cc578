/**
 * Markdown spec -> IR. The file is split at headings with a line scan, each section is parsed on
 * its own (cached by content hash), then the extractors read the blocks and a resolve step links
 * sections. Diagnostics are collected, never thrown.
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '@specgen/diagnostics';
import type { Spec } from '@specgen/ir';
import { SectionCache, type BlockParserOptions } from './cache.ts';
import { collect } from './collect.ts';
import { ParseContext } from './context.ts';
import { resolve } from './resolve.ts';
import { splitSections } from './sections.ts';
import { sectionTree } from './tree.ts';

export interface ParseResult {
  spec: Spec;
  diagnostics: Diagnostic[];
}

export interface ParseOptions extends BlockParserOptions {
  /** Reuse parsed sections across calls (see createIncrementalParser). */
  cache?: SectionCache;
}

export function parseSpec(markdown: string, file: string, options: ParseOptions = {}): ParseResult {
  const ctx = new ParseContext(file);
  const cache = options.cache ?? new SectionCache(options);
  const sections = splitSections(markdown.replace(/^\uFEFF/, ''));
  const roots = sectionTree(sections, (s) => cache.blocks(s.body, s.bodyLine));
  const titleSection = sections.find((s) => s.level === 1);
  const collected = collect(ctx, roots);
  const spec: Spec = {
    kind: 'spec',
    title: titleSection?.title ?? '',
    file,
    ...resolve(ctx, collected),
    source: ctx.source(titleSection ?? { line: 1, column: 1 }),
  };
  return { spec, diagnostics: ctx.diagnostics.list() };
}

export function parseSpecFile(path: string, options: ParseOptions = {}): ParseResult {
  return parseSpec(readFileSync(path, 'utf8'), path, options);
}

export interface IncrementalParser {
  /** Parses like parseSpec, re-parsing only sections whose text changed since the previous call (older ones are dropped). */
  parse(markdown: string, file: string): ParseResult;
  parseFile(path: string): ParseResult;
  readonly cache: SectionCache;
}

/** For `generate --watch`: one cache of parsed sections that lives as long as the parser. */
export function createIncrementalParser(options: BlockParserOptions = {}): IncrementalParser {
  const cache = new SectionCache(options);
  return {
    cache,
    parse(markdown, file) {
      const result = parseSpec(markdown, file, { cache });
      cache.evictUnused();
      return result;
    },
    parseFile(path) {
      return this.parse(readFileSync(path, 'utf8'), path);
    },
  };
}
