/**
 * Section text -> blocks, cached by content. A section that moved (lines added above it) is still a
 * hit: its blocks are shifted, not parsed again, and only when something reads them (an incremental
 * parse moves what it extracted from a moved section instead: parse-memo.ts).
 */
import { offsetBlocks, type Block } from './blocks.ts';
import { markdownBlocks } from './markdown-blocks.ts';
import { ownText } from './own-text.ts';
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

/** A section's blocks and the key of its text (what an incremental parse memoizes extractions by). */
export interface CachedSection {
  readonly key: string;
  /** At the file positions of the section's first line; shifted from the cached ones on first use. */
  readonly blocks: Block[];
  /** The same blocks at the positions of some earlier parse: for what reads no position. */
  readonly unplaced: readonly Block[];
}

interface Entry {
  /** The section's text (a copy of its own, own-text.ts): its key in `#keys`. */
  text: string;
  /** The line the section was last seen at. */
  firstLine: number;
  /** Blocks at the file positions of `baseLine`, which trails `firstLine` until they are read there. */
  blocks: Block[];
  baseLine: number;
}

export class SectionCache {
  readonly #entries = new Map<string, Entry>();
  /**
   * The key of each cached text, by the text itself: a Map compares the texts (a section moved by a
   * row added above it is looked up by content), so no digest of every moved section is made. A key
   * is given once per text and stays while the text is cached.
   */
  readonly #keys = new Map<string, string>();
  #nextKey = 0;
  /** Keys used since the last `evictUnused`. */
  readonly #used = new Set<string>();
  /** Text and key of the section at each first line, in the previous parse and in this one. */
  #atLine = new Map<number, { text: string; key: string }>();
  #seenAtLine = new Map<number, { text: string; key: string }>();
  /**
   * The key of the section that came after each key in the previous parse (`''`: before the first),
   * and in this one. Sections are asked for in file order (tree.ts), so a section moved by a row
   * added above it is most likely the one that followed the section before it last time: its text
   * is compared with that one's, and no hash of the moved text is made for the lookup by content
   * (about 5 ms a parse when all 600 resources of the synthetic spec move).
   */
  #nextOf = new Map<string, string>();
  #seenNextOf = new Map<string, string>();
  /** The key of the section asked for last (`''` before any). */
  #lastKey = '';
  hits = 0;
  misses = 0;

  constructor(readonly options: BlockParserOptions = {}) {}

  /** Blocks of a section starting at file line `firstLine`; a cached section that moved is shifted, not re-parsed. */
  blocks(text: string, firstLine = 1): Block[] {
    return this.section(text, firstLine).blocks;
  }

  /**
   * The section starting at file line `firstLine`. A cached section that moved is not parsed again;
   * its blocks are shifted when first read (an incremental parse that reuses what it extracted from
   * them never reads them).
   */
  section(text: string, firstLine = 1): CachedSection {
    // A section at the same line with the same text as in the previous parse: no hash needed.
    const same = this.#atLine.get(firstLine);
    if (same && same.text === text) {
      const entry = this.#entries.get(same.key);
      if (entry && entry.firstLine === firstLine) {
        this.hits++;
        this.#used.add(same.key);
        // This parse's text, not the one first seen at this line: that would keep its whole markdown alive.
        this.#seenAtLine.set(firstLine, { text, key: same.key });
        return this.#handle(this.#follows(same.key), entry, firstLine);
      }
    }
    const next = this.#nextOf.get(this.#lastKey);
    const expected = next === undefined ? undefined : this.#entries.get(next);
    const known = expected?.text === text ? next : this.#keys.get(text);
    const cached = known === undefined ? undefined : this.#entries.get(known);
    if (known !== undefined && cached) {
      this.#seenAtLine.set(firstLine, { text, key: known });
      this.#used.add(known);
      this.hits++;
      cached.firstLine = firstLine;
      return this.#handle(this.#follows(known), cached, firstLine);
    }
    this.misses++;
    const key = `s${(this.#nextKey++).toString(36)}`;
    this.#seenAtLine.set(firstLine, { text, key });
    this.#used.add(key);
    // Parsed from a copy: the cached blocks (and the IR made of them) must not keep the whole markdown alive.
    const own = ownText(text);
    const blocks = parseBlocks(own, this.options, firstLine);
    const entry = { text: own, firstLine, blocks, baseLine: firstLine };
    this.#keys.set(own, key);
    this.#entries.set(key, entry);
    return this.#handle(this.#follows(key), entry, firstLine);
  }

  /** Records that `key` came after the section asked for before it; gives `key`. */
  #follows(key: string): string {
    this.#seenNextOf.set(this.#lastKey, key);
    this.#lastKey = key;
    return key;
  }

  #handle(key: string, entry: Entry, firstLine: number): CachedSection {
    if (entry.baseLine === firstLine) return { key, blocks: entry.blocks, unplaced: entry.blocks };
    let shifted: Block[] | null = null;
    return {
      key,
      unplaced: entry.blocks,
      get blocks() {
        if (shifted) return shifted;
        shifted = offsetBlocks(entry.blocks, firstLine - entry.baseLine);
        // Kept when the section is still at that line (a section whose text is repeated may be elsewhere by now).
        if (entry.firstLine === firstLine) {
          entry.blocks = shifted;
          entry.baseLine = firstLine;
        }
        return shifted;
      },
    };
  }

  /** Drops sections not used since the previous call, so a long watch session does not keep every old version. */
  evictUnused(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#used.has(key)) continue;
      this.#entries.delete(key);
      this.#keys.delete(entry.text);
    }
    this.#used.clear();
    this.#atLine = this.#seenAtLine;
    this.#seenAtLine = new Map();
    this.#nextOf = this.#seenNextOf;
    this.#seenNextOf = new Map();
    this.#lastKey = '';
  }

  /** Forgets every parsed section. */
  clear(): void {
    this.#entries.clear();
    this.#keys.clear();
    this.#used.clear();
    this.#atLine = new Map();
    this.#seenAtLine = new Map();
    this.#nextOf = new Map();
    this.#seenNextOf = new Map();
    this.#lastKey = '';
    this.hits = 0;
    this.misses = 0;
  }

  get size(): number {
    return this.#entries.size;
  }
}
