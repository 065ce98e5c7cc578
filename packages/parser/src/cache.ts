/**
 * Section text -> blocks, cached by content hash. Blocks are kept at the file positions of the line
 * the section was last seen at; a section that moved (lines added above it) is still a hit and its
 * blocks are shifted, not re-parsed.
 */
import { createHash } from 'node:crypto';
import { offsetBlocks, type Block } from './blocks.ts';
import { markdownBlocks } from './markdown-blocks.ts';
import { sectionBlocks } from './plain-blocks.ts';

export interface BlockParserOptions {
  /** Parse simple sections (plain tables and paragraphs) with a line scan; default true. */
  fastPath?: boolean;
}

/** Blocks of a section whose first line is file line `firstLine`. */
export function parseBlocks(text: string, options: BlockParserOptions = {}, firstLine = 1): Block[] {
  return options.fastPath === false
    ? offsetBlocks(markdownBlocks(text), firstLine - 1)
    : sectionBlocks(text, markdownBlocks, firstLine);
}

export class SectionCache {
  /** Blocks at the file positions of the line the section was last seen at. */
  readonly #entries = new Map<string, { firstLine: number; blocks: Block[] }>();
  /** Keys used since the last `evictUnused`. */
  readonly #used = new Set<string>();
  /** Text and key of the section at each first line, in the previous parse and in this one. */
  #atLine = new Map<number, { text: string; key: string }>();
  #seenAtLine = new Map<number, { text: string; key: string }>();
  hits = 0;
  misses = 0;

  constructor(readonly options: BlockParserOptions = {}) {}

  /** Blocks of a section starting at file line `firstLine`; a cached section that moved is shifted, not re-parsed. */
  blocks(text: string, firstLine = 1): Block[] {
    // A section at the same line with the same text as in the previous parse: no hash needed.
    const same = this.#atLine.get(firstLine);
    if (same && same.text === text) {
      const entry = this.#entries.get(same.key);
      if (entry && entry.firstLine === firstLine) {
        this.hits++;
        this.#used.add(same.key);
        this.#seenAtLine.set(firstLine, same);
        return entry.blocks;
      }
    }
    const key = createHash('sha1').update(text).digest('base64');
    this.#seenAtLine.set(firstLine, { text, key });
    this.#used.add(key);
    const cached = this.#entries.get(key);
    if (cached) {
      this.hits++;
      if (cached.firstLine !== firstLine) {
        cached.blocks = offsetBlocks(cached.blocks, firstLine - cached.firstLine);
        cached.firstLine = firstLine;
      }
      return cached.blocks;
    }
    this.misses++;
    const blocks = parseBlocks(text, this.options, firstLine);
    this.#entries.set(key, { firstLine, blocks });
    return blocks;
  }

  /** Drops sections not used since the previous call, so a long watch session does not keep every old version. */
  evictUnused(): void {
    for (const key of this.#entries.keys()) if (!this.#used.has(key)) this.#entries.delete(key);
    this.#used.clear();
    this.#atLine = this.#seenAtLine;
    this.#seenAtLine = new Map();
  }

  /** Forgets every parsed section. */
  clear(): void {
    this.#entries.clear();
    this.#used.clear();
    this.#atLine = new Map();
    this.#seenAtLine = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
