/** Sections (flat, from the line scan) -> a tree of `##` sections holding their `###` subsections. */
import type { Block } from './blocks.ts';
import type { CachedSection } from './cache.ts';
import type { Section } from './sections.ts';

export interface SectionNode {
  section: Section;
  /** The key of the section's text when it came from a SectionCache (what extractions are memoized by). */
  key: string | null;
  /** Read lazily: a section whose extractions are reused never needs its moved blocks. */
  readonly blocks: Block[];
  /** The blocks, perhaps at the positions of an earlier parse: for what reads no position. */
  readonly unplaced: readonly Block[];
  /**
   * Lets go of the blocks once every extractor has read them (a one-shot parse: `parsedOnRead`); a
   * later read parses them again. Nothing for cached sections.
   */
  release(): void;
  children: SectionNode[];
}

export function sectionTree(
  sections: readonly Section[],
  blocksOf: (s: Section) => Block[] | CachedSection,
): SectionNode[] {
  return treeOf(sections, (section) => {
    const found = blocksOf(section);
    const cached = Array.isArray(found) ? null : found;
    return {
      section,
      key: cached ? cached.key : null,
      get blocks() {
        return cached ? cached.blocks : (found as Block[]);
      },
      unplaced: cached ? cached.unplaced : (found as Block[]),
      release() {},
      children: [],
    };
  });
}

/**
 * The tree of a one-shot parse: each section's blocks are parsed when first read and let go of when
 * its node is released (collect.ts), so the blocks of a 600-resource spec (cells and their rows,
 * about as much as the IR) are never alive all at once: they die young, instead of surviving the
 * scavenges of the whole parse and being copied by them.
 */
export function parsedOnRead(sections: readonly Section[], parse: (s: Section) => Block[]): SectionNode[] {
  return treeOf(sections, (section) => {
    let blocks: Block[] | null = null;
    return {
      section,
      key: null,
      get blocks() {
        blocks ??= parse(section);
        return blocks;
      },
      get unplaced() {
        return this.blocks;
      },
      release() {
        blocks = null;
      },
      children: [],
    };
  });
}

function treeOf(sections: readonly Section[], nodeOf: (s: Section) => SectionNode): SectionNode[] {
  const roots: SectionNode[] = [];
  let parent: SectionNode | null = null;
  for (const section of sections) {
    const node = nodeOf(section);
    if (section.level === 3 && parent) parent.children.push(node);
    else roots.push(node);
    if (section.level <= 2) parent = section.level === 2 ? node : null;
  }
  return roots;
}

/** Lower-case title for matching section roles, e.g. `resources and their fields`. */
export function titleKey(node: SectionNode): string {
  return node.section.title.toLowerCase().replace(/\s+/g, ' ').trim();
}
