/**
 * Markdown spec -> IR. The file is split at headings with a line scan, each section is parsed on
 * its own (cached by content hash), then the extractors read the blocks and a resolve step links
 * sections. Diagnostics are collected, never thrown.
 */
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '@specgen/diagnostics';
import type { Spec } from '@specgen/ir';
import { type BlockParserOptions, parseBlocks, type SectionCache } from './cache.ts';
import { collect } from './collect.ts';
import { ParseMemo } from './parse-memo.ts';
import { ParseContext } from './context.ts';
import { resolve } from './resolve.ts';
import { adoptShared } from './resolve-resources.ts';
import { shareUnchanged } from './share.ts';
import { splitSections } from './sections.ts';
import { parsedOnRead, sectionTree } from './tree.ts';

export interface ParseResult {
  spec: Spec;
  diagnostics: Diagnostic[];
}

export interface ParseOptions extends BlockParserOptions {
  /** Reuse parsed sections across calls (see createIncrementalParser). */
  cache?: SectionCache;
  /**
   * Reuse parsed sections, extracted resources and unchanged IR objects across calls (what
   * createIncrementalParser keeps); wins over `cache`.
   */
  memo?: ParseMemo;
}

export function parseSpec(markdown: string, file: string, options: ParseOptions = {}): ParseResult {
  const ctx = new ParseContext(file);
  const memo = options.memo;
  const cache = memo?.sections ?? options.cache;
  const sections = splitSections(markdown.replace(/^\uFEFF/, ''));
  // Without a cache to fill (a one-shot parse), each section is parsed when read, from its own slice
  // of the text (no copy: nothing outlives the call but the IR), and let go of once read.
  const roots = cache
    ? sectionTree(sections, (s) => cache.section(s.body, s.bodyLine))
    : parsedOnRead(sections, (s) => parseBlocks(s.body, options, s.bodyLine));
  const titleSection = sections.find((s) => s.level === 1);
  const collected = collect(ctx, roots, memo);
  let spec: Spec = {
    kind: 'spec',
    title: titleSection?.title ?? '',
    file,
    ...resolve(ctx, collected, memo?.resolved),
    source: ctx.source(titleSection ?? { line: 1, column: 1 }),
  };
  if (memo) {
    if (memo.previous) {
      const resolved = spec.resources;
      spec = shareUnchanged(memo.previous, spec);
      // Sharing keeps the order: the memo now hands out what the IR holds (resolve-resources.ts).
      for (let i = 0; i < resolved.length; i++)
        if (spec.resources[i] !== resolved[i]) adoptShared(resolved[i]!, spec.resources[i]!, memo.resolved);
    }
    memo.previous = spec;
  }
  return { spec, diagnostics: ctx.diagnostics.list() };
}

export function parseSpecFile(path: string, options: ParseOptions = {}): ParseResult {
  return parseSpec(readFileSync(path, 'utf8'), path, options);
}

export interface IncrementalParser {
  /**
   * Parses like parseSpec, re-parsing only sections whose text or position changed since the
   * previous call (older ones are dropped), and keeping every IR object that did not change.
   */
  parse(markdown: string, file: string): ParseResult;
  parseFile(path: string): ParseResult;
  readonly cache: SectionCache;
  readonly memo: ParseMemo;
}

/**
 * For `generate --watch`: a parser that keeps what it parsed as long as it lives.
 *
 * Invariant (tested in test/incremental.test.ts):
 * - **Equal**: `parse(text, file)` is always deep-equal (including property order and source
 *   positions) to `parseSpec(text, file)`, with the same diagnostics.
 * - **Identity**: every object of the new IR that is deep-equal to the object in the same place of
 *   the previous parse's IR *is* that object (`===`). "The same place": the same property, and in
 *   an array the entry of the same kind and name (id or title), else the same index. So an edit
 *   inside one resource keeps every other resource (and the unchanged fields of the edited one);
 *   the `Spec` object, and the arrays holding a changed entry, are new.
 * - **Positions count**: `source` is part of an object's value. Lines added or removed above an
 *   entry move it, so it is a new object, though its text did not change (generators that emit
 *   positions, like the server's ir.json, must not get an old position).
 * - Objects of the IR are never mutated after `parse` returns; callers must not mutate them either
 *   (generators key memos on them with WeakMaps).
 */
export function createIncrementalParser(options: BlockParserOptions = {}): IncrementalParser {
  const memo = new ParseMemo(options);
  return {
    cache: memo.sections,
    memo,
    parse(markdown, file) {
      const result = parseSpec(markdown, file, { memo });
      memo.evictUnused();
      return result;
    },
    parseFile(path) {
      return this.parse(readFileSync(path, 'utf8'), path);
    },
  };
}
