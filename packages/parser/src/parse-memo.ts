/**
 * What an incremental parser keeps between parses: the blocks of each section (SectionCache), the
 * resource extracted from each resource section, each extracted resource's resolution, and the
 * previous IR (for structural sharing, share.ts). The invariant it serves is written in
 * parse-spec.ts (`createIncrementalParser`).
 */
import type { Diagnostic } from '@specgen/diagnostics';
import type { Resource, Spec, TypeExpr } from '@specgen/ir';
import type { Block, Position } from './blocks.ts';
import { SectionCache, type BlockParserOptions } from './cache.ts';
import { ParseContext, type PayloadType } from './context.ts';
import { ResolveMemo } from './resolve-memo.ts';
import type { SectionNode } from './tree.ts';

interface Extraction {
  value: unknown;
  diagnostics: Diagnostic[];
  typeCells: [TypeExpr, Position][];
  payloadTypes: PayloadType[];
}

export class ParseMemo {
  readonly sections: SectionCache;
  readonly resolved = new ResolveMemo();
  /** The IR of the previous parse. */
  previous: Spec | null = null;
  /**
   * By the section's blocks: the section cache returns the same array for a section whose text and
   * first body line did not change, so only the heading (file, title, position) is compared.
   */
  #extracted = new WeakMap<Block[], Map<string, Extraction & { heading: string }>>();
  extractionHits = 0;

  constructor(options: BlockParserOptions = {}) {
    this.sections = new SectionCache(options);
  }

  /**
   * What `read` extracts from a section (`what` names the extractor: a section may be read by
   * several), read again only when the section's file, text or position changed; the diagnostics
   * it reported are reported to `ctx` either way. `read` must depend on nothing but the section.
   */
  extract<T>(ctx: ParseContext, node: SectionNode, what: string, read: (ctx: ParseContext) => T): T {
    const s = node.section;
    const heading = `${ctx.file}\u0000${s.level}:${s.line}:${s.column}:${s.bodyLine}\u0000${s.title}`;
    let byWhat = this.#extracted.get(node.blocks);
    if (!byWhat) {
      byWhat = new Map();
      this.#extracted.set(node.blocks, byWhat);
    }
    let hit = byWhat.get(what);
    if (hit?.heading === heading) this.extractionHits++;
    else {
      const own = new ParseContext(ctx.file);
      const value = read(own);
      hit = {
        heading,
        value,
        diagnostics: own.diagnostics.list(),
        typeCells: [...own.typeCells],
        payloadTypes: own.payloadTypes,
      };
      byWhat.set(what, hit);
    }
    ctx.diagnostics.addAll(hit.diagnostics);
    for (const [type, at] of hit.typeCells) ctx.typeCells.set(type, at);
    ctx.payloadTypes.push(...hit.payloadTypes);
    return hit.value as T;
  }

  /** The resource of a `### Name` section (see `extract`). */
  resource(ctx: ParseContext, node: SectionNode, read: (ctx: ParseContext, node: SectionNode) => Resource): Resource {
    return this.extract(ctx, node, 'resource', (own) => read(own, node));
  }

  /** Forgets what the last parse did not use (a long watch session keeps only the current spec). */
  evictUnused(): void {
    // Extractions go with the blocks they are keyed by (a WeakMap).
    this.sections.evictUnused();
  }
}
