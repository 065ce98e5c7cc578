/**
 * What an incremental parser keeps between parses: the blocks of each section (SectionCache), the
 * resource extracted from each resource section, each extracted resource's resolution, and the
 * previous IR (for structural sharing, share.ts). The invariant it serves is written in
 * parse-spec.ts (`createIncrementalParser`).
 */
import type { Diagnostic } from '@specgen/diagnostics';
import type { Resource, Spec, TypeExpr } from '@specgen/ir';
import type { Position } from './blocks.ts';
import { SectionCache, type BlockParserOptions } from './cache.ts';
import { ParseContext, type PayloadType } from './context.ts';
import { ResolveMemo } from './resolve-memo.ts';
import { movedDiagnostics, movedPosition, movedResource } from './shift.ts';
import type { SectionNode } from './tree.ts';

interface Extraction {
  /** The extractor, the file and the section's heading apart from its line: what, with the text, keys it. */
  what: string;
  file: string;
  level: number;
  /** The heading's line less the first body line. */
  headingOffset: number;
  column: number;
  title: string;
  /** The `evictUnused` round it was last used in. */
  used: number;
  value: unknown;
  diagnostics: Diagnostic[];
  typeCells: [TypeExpr, Position][];
  payloadTypes: PayloadType[];
  /** The first body line of the section it was read from. */
  bodyLine: number;
}

export class ParseMemo {
  readonly sections: SectionCache;
  readonly resolved = new ResolveMemo();
  /** The IR of the previous parse. */
  previous: Spec | null = null;
  /**
   * By extractor, section text (its SectionCache key) and heading apart from its line: a section
   * whose text and heading did not change gives what it gave before, at the same line, or moved by
   * whole lines (`moved`).
   */
  #extracted = new Map<string, Extraction[]>();
  /** Counts `evictUnused` calls: an extraction not used since the last one is dropped. */
  #round = 0;
  extractionHits = 0;
  /** How many of those hits were moved rather than at the same line. */
  extractionMoves = 0;

  constructor(options: BlockParserOptions = {}) {
    this.sections = new SectionCache(options);
  }

  /**
   * What `read` extracts from a section (`what` names the extractor: a section may be read by
   * several), read again only when the section's file, text or heading changed; the diagnostics it
   * reported are reported to `ctx` either way. `read` must depend on nothing but the section, and
   * give positions only from its blocks and heading. When the section only moved, `moved` gives the
   * value read before at its new place (shift.ts); without `moved`, the section is read again.
   */
  extract<T>(
    ctx: ParseContext,
    node: SectionNode,
    what: string,
    read: (ctx: ParseContext) => T,
    moved?: (value: T, delta: number) => T,
  ): T {
    if (node.key === null) return read(ctx);
    const s = node.section;
    const file = ctx.file;
    const headingOffset = s.line - s.bodyLine;
    // Looked up by the section's text key, then compared field by field: no id string is made for
    // each of the 2,500 extractions of a large spec on every parse.
    let list = this.#extracted.get(node.key);
    let at = -1;
    if (list) {
      for (let i = 0; i < list.length; i++) {
        const e = list[i] as Extraction;
        if (
          e.what === what &&
          e.file === file &&
          e.level === s.level &&
          e.headingOffset === headingOffset &&
          e.column === s.column &&
          e.title === s.title
        ) {
          at = i;
          break;
        }
      }
    } else {
      list = [];
      this.#extracted.set(node.key, list);
    }
    let hit = at >= 0 ? list[at] : undefined;
    if (hit?.bodyLine === s.bodyLine) this.extractionHits++;
    else if (hit && moved) {
      const delta = s.bodyLine - hit.bodyLine;
      // A resource section (most of a large spec) has no type cells or payload types kept, and
      // seldom diagnostics: its empty lists are handed over, not copied.
      const { diagnostics, typeCells, payloadTypes } = hit;
      hit = {
        what,
        file,
        level: s.level,
        headingOffset,
        column: s.column,
        title: hit.title,
        used: this.#round,
        value: moved(hit.value as T, delta),
        diagnostics: diagnostics.length === 0 ? diagnostics : movedDiagnostics(diagnostics, delta),
        typeCells: typeCells.length === 0 ? typeCells : typeCells.map(([type, at]) => [type, movedPosition(at, delta)]),
        payloadTypes:
          payloadTypes.length === 0
            ? payloadTypes
            : payloadTypes.map((p) => ({ ...p, at: movedPosition(p.at, delta) })),
        bodyLine: s.bodyLine,
      };
      list[at] = hit;
      this.extractionHits++;
      this.extractionMoves++;
    } else {
      const own = new ParseContext(file);
      const value = read(own);
      const made: Extraction = {
        what,
        file,
        level: s.level,
        headingOffset,
        column: s.column,
        title: s.title,
        used: this.#round,
        value,
        diagnostics: own.diagnostics.list(),
        // Resolution reads the cells of structure types only (resolve-structures.ts): a resource's 50
        // cells are not kept, nor moved, nor handed over on every parse.
        typeCells: what === 'resource' ? [] : [...own.typeCells],
        payloadTypes: own.payloadTypes,
        bodyLine: s.bodyLine,
      };
      if (at >= 0) list[at] = made;
      else list.push(made);
      hit = made;
    }
    hit.used = this.#round;
    ctx.diagnostics.addAll(hit.diagnostics);
    for (const [type, at] of hit.typeCells) ctx.typeCells.set(type, at);
    ctx.payloadTypes.push(...hit.payloadTypes);
    return hit.value as T;
  }

  /**
   * The resource of a `### Name` section (see `extract`). One read from a section that only moved
   * is recorded as moved from the resource read before, for resolution (resolve-resources.ts).
   */
  resource(ctx: ParseContext, node: SectionNode, read: (ctx: ParseContext, node: SectionNode) => Resource): Resource {
    return this.extract(
      ctx,
      node,
      'resource',
      (own) => read(own, node),
      (previous, delta) => {
        const resource = movedResource(previous, delta);
        this.resolved.moved.set(resource, { previous, delta });
        // The same fields, so the same reference targets.
        const targets = this.resolved.refTargets.get(previous);
        if (targets) this.resolved.refTargets.set(resource, targets);
        return resource;
      },
    );
  }

  /** Forgets what the last parse did not use (a long watch session keeps only the current spec). */
  evictUnused(): void {
    const round = this.#round++;
    for (const [key, list] of this.#extracted) {
      let kept = 0;
      for (const e of list) if (e.used === round) kept++;
      if (kept === 0) this.#extracted.delete(key);
      else if (kept < list.length)
        this.#extracted.set(
          key,
          list.filter((e) => e.used === round),
        );
    }
    this.resolved.moved = new WeakMap();
    this.sections.evictUnused();
  }
}
