/** Walks the section tree and hands each part of the spec to its extractor; cross-links come later. */
import type {
  Command,
  Endpoint,
  ErrorTable,
  Limit,
  Resource,
  Structure,
  Transition,
  Unknown,
  VersioningRule,
} from '@specgen/ir';
import type { ListBlock, TableBlock, TextBlock } from './blocks.ts';
import type { ParseContext } from './context.ts';
import { readCommandsTable, readResourcesTable, readSignInTable, type ReadResourceRow } from './endpoints.ts';
import { readErrorTable } from './errors.ts';
import type { ParseMemo } from './parse-memo.ts';
import { readLimitItems, readLimitsTable } from './limits.ts';
import { isResourceSection, readResource } from './resources.ts';
import { movedStatuses, movedUnknowns } from './shift.ts';
import { readStatuses, type StatusEnumeration } from './statuses.ts';
import { hasStructures, readStructures } from './structures.ts';
import { readTransitions } from './transitions.ts';
import { titleKey, type SectionNode } from './tree.ts';
import { readUnknowns } from './unknowns.ts';
import { readVersioning } from './versioning.ts';

export interface Collected {
  resources: Resource[];
  structures: Structure[];
  endpoints: Endpoint[];
  commands: Command[];
  readRows: ReadResourceRow[];
  readPathPrefix: string | null;
  errorTables: ErrorTable[];
  limits: Limit[];
  transitions: Transition[];
  statuses: StatusEnumeration[];
  versioning: VersioningRule[];
  unknowns: Unknown[];
}

/** With `memo`, a resource section whose text and position did not change gives the resource extracted before. */
export function collect(ctx: ParseContext, roots: readonly SectionNode[], memo?: ParseMemo): Collected {
  const c: Collected = {
    resources: [],
    structures: [],
    endpoints: [],
    commands: [],
    readRows: [],
    readPathPrefix: null,
    errorTables: [],
    limits: [],
    transitions: [],
    statuses: [],
    versioning: [],
    unknowns: [],
  };
  for (const root of roots) {
    const key = titleKey(root);
    const all = [root, ...root.children];
    if (/\bresources\b.*\bfields\b/.test(key)) {
      collectUnknowns(ctx, root, c, memo);
      collectResources(ctx, root, c, memo);
      root.release();
      continue;
    }
    for (const node of all) collectUnknowns(ctx, node, c, memo);
    if (/\bstates?\b|\btransitions?\b/.test(key)) collectStates(ctx, all, c, memo);
    else if (/\bendpoints?\b/.test(key)) collectEndpoints(ctx, all, c);
    else if (/^errors?\b/.test(key)) {
      for (const child of root.children) {
        const table = readErrorTable(ctx, child);
        if (table) c.errorTables.push(table);
      }
    } else if (/^limits?\b/.test(key)) {
      for (const b of root.blocks) {
        if (b.kind === 'table') c.limits.push(...readLimitsTable(ctx, b));
        if (b.kind === 'list') c.limits.push(...readLimitItems(ctx, b));
      }
    } else if (/^versioning\b/.test(key)) {
      for (const b of root.blocks) if (b.kind === 'list') c.versioning.push(...readVersioning(ctx, b));
    }
    for (const node of all) node.release();
  }
  return c;
}

function collectUnknowns(ctx: ParseContext, node: SectionNode, c: Collected, memo?: ParseMemo): void {
  const read = (cx: ParseContext) => readUnknowns(cx, node.blocks, node.section.title);
  c.unknowns.push(...(memo ? memo.extract(ctx, node, 'unknowns', read, movedUnknowns) : read(ctx)));
}

/**
 * Each subsection read whole (its unknowns, then its structures or resource) and let go of before
 * the next one (tree.ts, `parsedOnRead`). The unknowns keep their order (the section's, then each
 * subsection's), and every diagnostic of a subsection lies within its lines, so their sorted order
 * is the same as reading all the unknowns first.
 */
function collectResources(ctx: ParseContext, root: SectionNode, c: Collected, memo?: ParseMemo): void {
  for (const child of root.children) {
    collectUnknowns(ctx, child, c, memo);
    if (hasStructures(child.unplaced)) c.structures.push(...readStructures(ctx, child.blocks));
    else if (isResourceSection(child))
      c.resources.push(memo ? memo.resource(ctx, child, readResource) : readResource(ctx, child));
    child.release();
  }
}

function collectStates(ctx: ParseContext, nodes: readonly SectionNode[], c: Collected, memo?: ParseMemo): void {
  for (const node of nodes) {
    if (/enumerated statuses/.test(titleKey(node))) {
      // Kept between parses: an unchanged section gives the same value arrays (resolve-resources.ts compares them by
      // identity); a moved one gives them moved.
      const read = (cx: ParseContext) => readStatuses(cx, node.blocks);
      c.statuses.push(...(memo ? memo.extract(ctx, node, 'statuses', read, movedStatuses) : read(ctx)));
      continue;
    }
    for (const b of node.blocks) if (b.kind === 'table') c.transitions.push(...readTransitions(ctx, b));
  }
}

function collectEndpoints(ctx: ParseContext, nodes: readonly SectionNode[], c: Collected): void {
  for (const node of nodes) {
    for (const b of node.blocks) {
      if (b.kind === 'table') collectEndpointTable(ctx, b, c);
      else if (b.kind === 'paragraph' && c.readPathPrefix === null) c.readPathPrefix = readPathPrefix(b);
    }
  }
}

function collectEndpointTable(ctx: ParseContext, table: TableBlock, c: Collected): void {
  const headers = table.header.map((h) => h.text.toLowerCase());
  if (headers.includes('method')) c.endpoints.push(...readSignInTable(ctx, table));
  else if (headers.includes('command')) c.commands.push(...readCommandsTable(ctx, table));
  else if (headers.some((h) => h.startsWith('path')) || headers.some((h) => h.includes('permission'))) {
    c.readRows.push(...readResourcesTable(ctx, table));
  }
}

/** "All are GET on {base_url}/{languageCode}/{companyNumber}/api/v1/<Area>/<Resource>" -> `/{languageCode}/{companyNumber}/api/v1`. */
function readPathPrefix(block: TextBlock | ListBlock): string | null {
  if (block.kind !== 'paragraph') return null;
  const m = /\{base_url\}(\/\S*?)\/<Area>\/<Resource>/.exec(block.text);
  return m ? m[1]! : null;
}
