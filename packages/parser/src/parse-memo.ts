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
import type { ResolvedMemo } from './resolve-resources.ts';
import type { SectionNode } from './tree.ts';

interface Extraction {
  resource: Resource;
  diagnostics: Diagnostic[];
  typeCells: [TypeExpr, Position][];
  payloadTypes: PayloadType[];
}

export class ParseMemo {
  readonly sections: SectionCache;
  readonly resolved: ResolvedMemo = new WeakMap();
  /** The IR of the previous parse. */
  previous: Spec | null = null;
  /**
   * By the section's blocks: the section cache returns the same array for a section whose text and
   * first body line did not change, so only the heading (file, title, position) is compared.
   */
  #extracted = new WeakMap<Block[], Extraction & { heading: string }>();
  extractionHits = 0;

  constructor(options: BlockParserOptions = {}) {
    this.sections = new SectionCache(options);
  }

  /**
   * The resource of a `### Name` section, read by `read` unless a section of the same file, text
   * and position was read before; its diagnostics are reported to `ctx` either way.
   */
  resource(ctx: ParseContext, node: SectionNode, read: (ctx: ParseContext, node: SectionNode) => Resource): Resource {
    const s = node.section;
    const heading = `${ctx.file}\u0000${s.level}:${s.line}:${s.column}:${s.bodyLine}\u0000${s.title}`;
    let hit = this.#extracted.get(node.blocks);
    if (hit?.heading === heading) this.extractionHits++;
    else {
      const own = new ParseContext(ctx.file);
      const resource = read(own, node);
      hit = { heading, resource, diagnostics: own.diagnostics.list(), typeCells: [...own.typeCells], payloadTypes: own.payloadTypes };
      this.#extracted.set(node.blocks, hit);
    }
    ctx.diagnostics.addAll(hit.diagnostics);
    for (const [type, at] of hit.typeCells) ctx.typeCells.set(type, at);
    ctx.payloadTypes.push(...hit.payloadTypes);
    return hit.resource;
  }

  /** Forgets what the last parse did not use (a long watch session keeps only the current spec). */
  evictUnused(): void {
    // Extractions go with the blocks they are keyed by (a WeakMap).
    this.sections.evictUnused();
  }
}
