/**
 * Hover: on a field, its type, nullability, since, obsolete / replaced by, the owner's path and
 * permission, and the generated names (@specgen/naming); on a resource heading, its path, permission
 * and field count; on a structure, where it is used.
 */
import type { Field, Resource, Spec, Structure } from '@specgen/ir';
import { naming } from '@specgen/naming';
import type { Hover, Position } from 'vscode-languageserver';
import type { Occurrence } from './name-index.ts';
import type { SpecDocument } from './spec-document.ts';

export function hover(doc: SpecDocument, position: Position): Hover | null {
  const { spec } = doc.parsed;
  for (const occurrence of doc.index.at(position)) {
    const text = describe(spec, occurrence, doc);
    if (text) return { contents: { kind: 'markdown', value: text }, range: occurrence.range };
  }
  return null;
}

function describe(spec: Spec, o: Occurrence, doc: SpecDocument): string | null {
  const t = o.target;
  if (t.kind === 'field') {
    const owner = spec.resources.find((r) => r.name === t.owner) ?? spec.structures.find((s) => s.name === t.owner);
    const field = owner?.fields.find((f) => f.name === t.name);
    return owner && field ? fieldHover(owner, field) : null;
  }
  if (t.kind === 'resource') {
    const resource = spec.resources.find((r) => r.name === t.name);
    return resource ? resourceHover(spec, resource) : null;
  }
  if (t.kind === 'structure') {
    const structure = spec.structures.find((s) => s.name === t.name);
    return structure ? structureHover(spec, structure, doc) : null;
  }
  if (t.kind === 'type') return `**${t.name}**: named by the spec, not defined in it (its fields are not shown).`;
  if (t.kind === 'endpoint') {
    const e = spec.endpoints.find((x) => x.id === t.name);
    return e
      ? [`**${e.method} ${e.path}** (\`${e.id}\`)`, `Success: ${e.success.status} ${e.success.contentType}`]
          .concat(e.since ? [`Since ${e.since}`] : [])
          .join('\n\n')
      : null;
  }
  const c = spec.commands.find((x) => x.name === t.name);
  return c ? `**Command ${c.name}**\n\n${c.returns}` : null;
}

function typeName(owner: Resource | Structure): string {
  return owner.kind === 'resource' ? naming.recordType(owner.name) : naming.structureType(owner.name);
}

export function fieldHover(owner: Resource | Structure, f: Field): string {
  const type = typeName(owner);
  const lines = [
    `**${owner.name}.${f.name}**: \`${f.type.text}\`${f.type.nullable ? ' (nullable)' : ''}${
      f.type.array ? ' (array)' : ''
    }`,
    '',
    `- Since: ${f.since ?? 'not given'}`,
  ];
  if (f.obsolete)
    lines.push(
      `- Obsolete since ${f.obsolete.since}${f.obsolete.replacedBy ? `; replaced by ${f.obsolete.replacedBy}` : ''}`,
    );
  if (f.references) lines.push(`- References ${f.references}`);
  if (f.expandable) lines.push('- Expandable (null unless `$expand`ed)');
  if (f.maxLength !== null) lines.push(`- Maximum length ${f.maxLength}`);
  if (owner.kind === 'resource')
    lines.push(
      `- ${owner.name}: ${owner.path ? `GET …/${owner.path}` : 'no path'}, permission ${
        owner.permission ? `"${owner.permission}"` : 'not given'
      }`,
    );
  lines.push(
    '',
    'Generated names:',
    `- TypeScript: \`${type}['${f.name}']\``,
    `- zod schema: \`${naming.schema(type)}\``,
    `- OpenAPI component: \`#/components/schemas/${naming.componentSchema(type)}\``,
  );
  if (f.enumeration && owner.kind === 'resource')
    lines.push(`- Enumeration: \`${naming.enumType(owner.name, f.name)}\``);
  return lines.join('\n');
}

export function resourceHover(spec: Spec, r: Resource): string {
  const type = naming.recordType(r.name);
  return [
    `**${r.name}** (resource${r.introduced ? `, since ${r.introduced}` : ''})`,
    '',
    `- Path: ${r.path ? `GET ${spec.readPathPrefix}/${r.path}` : 'not in the read-resources table'}`,
    `- Permission: ${r.permission ?? 'not given'}`,
    `- Fields: ${r.fields.length}`,
    `- Generated: TypeScript \`${type}\`, zod \`${naming.schema(type)}\`, ` +
      `OpenAPI \`#/components/schemas/${naming.componentSchema(type)}\``,
  ].join('\n');
}

export function structureHover(spec: Spec, s: Structure, doc: SpecDocument): string {
  const uses: string[] = [];
  for (const e of spec.endpoints) {
    if (e.body === s.name) uses.push(`request body of ${e.method} ${e.path}`);
    if (e.success.body === s.name) uses.push(`success response of ${e.method} ${e.path}`);
  }
  for (const c of spec.commands) if (c.response === s.name) uses.push(`response of command ${c.name}`);
  for (const owner of [...spec.resources, ...spec.structures]) {
    for (const f of owner.fields)
      if (f.type.base.kind === 'ref' && f.type.base.target === s.name) uses.push(`type of ${owner.name}.${f.name}`);
  }
  const mentions = doc.index
    .of(`structure:${s.name}`)
    .filter((o) => !o.definition)
    .map((o) => o.range.start.line + 1);
  return [
    `**${s.name}** (sign-in structure "${s.label}", ${s.fields.length} fields${s.openEnded ? ', more not shown' : ''})`,
    '',
    'Used as:',
    ...(uses.length > 0 ? uses.map((u) => `- ${u}`) : ['- nothing the IR links']),
    '',
    `Mentioned on line${mentions.length === 1 ? '' : 's'} ${mentions.length > 0 ? mentions.join(', ') : 'none'}.`,
  ].join('\n');
}
