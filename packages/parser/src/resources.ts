/** `## Resources and their fields`: one `### Name` section per resource, plus the sign-in structures. */
import type { Resource } from '@specgen/ir';
import { isVersion } from '@specgen/ir';
import type { TableBlock, TextBlock } from './blocks.ts';
import { positionIn, type ParseContext } from './context.ts';
import { readFieldTable } from './fields.ts';
import type { SectionNode } from './tree.ts';

const IDENTIFIER = /^[A-Z][A-Za-z0-9_]*$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A `###` subsection whose title is a single identifier is a resource. */
export function isResourceSection(node: SectionNode): boolean {
  return IDENTIFIER.test(node.section.title);
}

export function readResource(ctx: ParseContext, node: SectionNode): Resource {
  const { section } = node;
  const name = section.title;
  const table = node.blocks.find((b): b is TableBlock => b.kind === 'table');
  const prose = node.blocks.find((b): b is TextBlock => b.kind === 'paragraph' && (!table || b.line < table.line));
  const resource: Resource = {
    kind: 'resource',
    name,
    area: null,
    path: null,
    description: '',
    queryable: false,
    introduced: null,
    typeGuid: null,
    permission: null,
    hasSinceColumn: false,
    fields: [],
    source: ctx.source(section),
  };
  if (prose) readProse(ctx, prose, resource);
  if (!table) {
    ctx.report('resource-without-table', `resource "${name}" has no field table`, section);
    return resource;
  }
  const fields = readFieldTable(ctx, table, name);
  if (fields) {
    resource.fields = fields.fields;
    resource.hasSinceColumn = fields.hasSinceColumn;
  }
  return resource;
}

/** "Represents a product record. Queryable, introduced in version 2.18. Type GUID: 3E3B...". */
function readProse(ctx: ParseContext, block: TextBlock, resource: Resource): void {
  const text = block.text;
  const meta = /\b(Queryable|Introduced in version|Type GUID)\b/i.exec(text);
  resource.description = (meta ? text.slice(0, meta.index) : text).trim().replace(/\s*\n\s*/g, ' ');
  resource.queryable = /\bQueryable\b/.test(text);
  const introduced = /\bintroduced in version\s+(\S+)/i.exec(text);
  if (introduced) {
    const version = introduced[1]!.replace(/[.,;]$/, '');
    if (isVersion(version)) resource.introduced = version;
    else
      ctx.report(
        'malformed-version',
        `introduced version "${version}" of ${resource.name} is not a version such as 2.18`,
        positionIn(block, text, introduced.index + introduced[0].length - introduced[1]!.length),
      );
  }
  const guid = /\bType GUID:\s*(\S+)/i.exec(text);
  if (guid) {
    const value = guid[1]!.replace(/[.,;]$/, '').toLowerCase();
    if (GUID.test(value)) resource.typeGuid = value;
    else
      ctx.report(
        'malformed-type-guid',
        `type GUID "${guid[1]}" of ${resource.name} is not a GUID`,
        positionIn(block, text, guid.index + guid[0].length - guid[1]!.length),
      );
  }
}
