/** Sections (flat, from the line scan) -> a tree of `##` sections holding their `###` subsections. */
import type { Block } from './blocks.ts';
import type { Section } from './sections.ts';

export interface SectionNode {
  section: Section;
  blocks: Block[];
  children: SectionNode[];
}

export function sectionTree(sections: readonly Section[], blocksOf: (s: Section) => Block[]): SectionNode[] {
  const roots: SectionNode[] = [];
  let parent: SectionNode | null = null;
  for (const section of sections) {
    const node: SectionNode = { section, blocks: blocksOf(section), children: [] };
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
