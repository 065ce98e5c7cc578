/**
 * Section text -> blocks, cached by content hash. Blocks are stored with section-relative positions,
 * so a section that moved (lines added above it) is still a hit; positions are offset on the way out.
 */
import { createHash } from 'node:crypto';
import type { Block } from './blocks.ts';
import { markdownBlocks } from './markdown-blocks.ts';
import { sectionBlocks } from './plain-blocks.ts';

export interface BlockParserOptions {
  /** Parse simple sections (plain tables and paragraphs) with a line scan; default true. */
  fastPath?: boolean;
}

export function parseBlocks(text: string, options: BlockParserOptions = {}): Block[] {
  return options.fastPath === false ? markdownBlocks(text) : sectionBlocks(text, markdownBlocks);
}

export class SectionCache {
  readonly #entries = new Map<string, Block[]>();
  hits = 0;
  misses = 0;

  constructor(readonly options: BlockParserOptions = {}) {}

  blocks(text: string): Block[] {
    const key = createHash('sha1').update(text).digest('base64');
    const cached = this.#entries.get(key);
    if (cached) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const blocks = parseBlocks(text, this.options);
    this.#entries.set(key, blocks);
    return blocks;
  }

  /** Drops entries not used since the last `retain` call would need bookkeeping; clearing is enough here. */
  clear(): void {
    this.#entries.clear();
    this.hits = 0;
    this.misses = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
