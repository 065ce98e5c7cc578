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
  children: SectionNode[];
}

export function sectionTree(
  sections: readonly Section[],
  blocksOf: (s: Section) => Block[] | CachedSection,
): SectionNode[] {
  const roots: SectionNode[] = [];
  let parent: SectionNode | null = null;
  for (const section of sections) {
    const found = blocksOf(section);
    const cached = Array.isArray(found) ? null : found;
    const node: SectionNode = {
      section,
      key: cached ? cached.key : null,
      get blocks() {
        return cached ? cached.blocks : (found as Block[]);
      },
      unplaced: cached ? cached.unplaced : (found as Block[]),
      children: [],
    };
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
