export { parseSpec, parseSpecFile, createIncrementalParser } from './parse-spec.ts';
export type { ParseResult, ParseOptions, IncrementalParser } from './parse-spec.ts';
export { SectionCache, parseBlocks } from './cache.ts';
export { ParseMemo } from './parse-memo.ts';
export { shareUnchanged } from './share.ts';
export type { BlockParserOptions } from './cache.ts';
export { splitSections } from './sections.ts';
export type { Section } from './sections.ts';
export type { Block, Cell, TableBlock, TextBlock, ListBlock } from './blocks.ts';
export { markdownBlocks } from './markdown-blocks.ts';
export { sectionBlocks, plainChunk } from './plain-blocks.ts';
// toStableJson (zod's parse of the IR) is `@specgen/parser/json`: kept out of this barrel so what
// imports the parser (the generate command) does not load zod's schemas.
export { specSummary } from './summary.ts';
export { formatTables, formatSpecText, MAX_ALIGNED_CELL } from './format-tables.ts';
export type { LineEdit } from './format-tables.ts';
