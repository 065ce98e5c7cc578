/** Cross-links between sections: known refs, statuses, read paths, endpoint bodies and versions, error targets. */
import { didYouMean } from '@specgen/diagnostics';
import type { Field, Limit, Resource, Spec, Structure } from '@specgen/ir';
import type { Collected } from './collect.ts';
import { escapeRegExp, type ParseContext } from './context.ts';
import { pathTail } from './endpoints.ts';
import { errorTableTargets } from './errors.ts';
import { inReadTableOrder, inTargetOrder, orderVersions } from './order.ts';
import { checkPayloadTypes } from './payload-types.ts';
import { type FieldFacts, type ResolvedMemo, type ResourceFacts, emptyFacts, factsOf, resolvedResource } from './resolve-resources.ts';
import { unresolvedMessage } from './types.ts';

export function resolve(ctx: ParseContext, c: Collected, memo?: ResolvedMemo): Omit<Spec, 'kind' | 'title' | 'file' | 'source'> {
  // Extracted resources are never changed here (an incremental parse reuses them): what other
  // sections add to a resource is gathered as facts and applied by resolvedResource.
  const extracted = inReadTableOrder(unique(ctx, c.resources, 'resource'), c.readRows.map((r) => r.name));
  const structures = unique(ctx, c.structures, 'structure');
  const known = knownNames([...extracted.map((r) => r.name), ...structures.map((s) => s.name)]);
  const byName = new Map(extracted.map((r) => [r.name, r]));
  const fieldOf = (resource: string, field: string) => byName.get(resource)?.fields.find((f) => f.name === field);
  const facts = new Map<string, ResourceFacts>();
  for (const s of structures) {
    for (const f of s.fields) if (f.type.base.kind === 'ref') f.type.base.known = known.has(f.type.base.target);
  }
  // A sign-in structure is a whole JSON body: a name in it must be defined (resource tables may
  // name referenced resources whose fields are not shown, so only look-alikes of scalars are typos there).
  for (const s of structures) {
    for (const f of s.fields) {
      const at = ctx.typeCells.get(f.type);
      if (f.type.base.kind === 'ref' && !f.type.base.known && at) ctx.report('unknown-type', unresolvedMessage(f.type.base.target, s.name, f.name, known), at);
    }
  }
  checkPayloadTypes(ctx, structures);
  for (const row of c.readRows) {
    if (!byName.has(row.name)) {
      ctx.report('undefined-resource', `read path "${row.path}" names resource "${row.name}", which has no section under "Resources and their fields"`, row.at);
      continue;
    }
    factsOf(facts, row.name).row = { area: row.area || null, path: row.path, permission: row.permission };
  }
  for (const r of extracted) {
    if (!facts.get(r.name)?.row) ctx.report('resource-without-path', `resource "${r.name}" has no row in the read-resources table`, r.source);
  }
  const fieldFacts = (resource: string, field: string): FieldFacts => {
    const all = factsOf(facts, resource).fields;
    let f = all.get(field);
    if (!f) all.set(field, (f = {}));
    return f;
  };
  for (const s of c.statuses) {
    if (!fieldOf(s.resource, s.field)) {
      ctx.report('enum-unknown-field', `enumeration for ${s.resource}.${s.field}, which is not a field of a resource`, s.at);
      continue;
    }
    fieldFacts(s.resource, s.field).enumeration = { kind: 'enumeration', bitmask: false, origin: 'statuses', values: s.values, source: ctx.source(s.at) };
  }
  const versioning = c.versioning;
  for (const rule of versioning) {
    if (rule.rule === 'endpointsFrom') for (const e of c.endpoints) if (e.path.includes(rule.pathContains)) e.since = rule.version;
    if (rule.rule === 'obsolete') {
      const field = fieldOf(rule.resource, rule.field);
      if (field && !field.obsolete && !facts.get(rule.resource)?.fields.get(rule.field)?.obsolete) {
        fieldFacts(rule.resource, rule.field).obsolete = { since: rule.since, replacedBy: rule.replacedBy, source: rule.source };
      }
    }
  }
  for (const limit of c.limits) if (limit.value.kind === 'maxLength') applyMaxLength(limit, limit.value.value, fieldOf, fieldFacts, facts);
  const none = emptyFacts();
  const resources = extracted.map((r) => resolvedResource(r, facts.get(r.name) ?? none, known, memo));
  for (const e of c.endpoints) {
    e.body ??= structures.find((s) => describesBodyOf(s, e.method, pathTail(e.path)))?.name ?? null;
    if (e.success.body === null && /same as a normal authentication success/i.test(e.success.text)) {
      e.success.body = structures.find((s) => s.name === 'LoginResponse')?.name ?? null;
    }
  }
  const structureNames = new Set(structures.map((s) => s.name));
  for (const e of c.endpoints) {
    for (const name of [e.body, e.success.body]) {
      if (name !== null && !structureNames.has(name)) ctx.report('unknown-structure', `endpoint ${e.id} names "${name}", which is not a sign-in structure${didYouMean(name, structureNames)}`, e.source);
    }
  }
  for (const cmd of c.commands) {
    const text = cmd.returns.toLowerCase();
    cmd.response = structures.find((s) => text.includes(s.label.toLowerCase()) || new RegExp(`\\b${escapeRegExp(s.name)}\\b`).test(cmd.returns))?.name ?? null;
  }
  const targets = [...c.endpoints.map((e) => e.id), ...c.commands.map((x) => x.name)];
  for (const t of c.errorTables) t.appliesTo = errorTableTargets(t, c.endpoints.map((e) => e.id), c.commands.map((x) => x.name));
  const errorTables = inTargetOrder(c.errorTables, targets);
  for (const limit of c.limits) applyLimitOwner(limit, structures);
  const versions = orderedVersions(mentionedVersions(resources, c));
  const segment = versioning.find((v) => v.rule === 'apiSegment');
  return {
    versions,
    newestVersion: versions.at(-1) ?? null,
    readPathPrefix: c.readPathPrefix ?? `/{languageCode}/{companyNumber}/${segment?.rule === 'apiSegment' ? segment.segment : 'api/v1'}`,
    resources, structures, endpoints: c.endpoints, commands: c.commands, errorTables,
    limits: c.limits, transitions: c.transitions, versioning, unknowns: uniqueIds(c.unknowns),
  };
}

/**
 * The last parse's set of known names and ordered versions, reused when the names (versions) are
 * the same: resolvedResource then finds its memo valid by the set's identity (resolve-resources.ts).
 */
let lastKnown: { names: string; set: ReadonlySet<string> } | null = null;
let lastVersions: { found: string; ordered: string[] } | null = null;

function knownNames(names: string[]): ReadonlySet<string> {
  const joined = names.join('\n');
  if (lastKnown?.names !== joined) lastKnown = { names: joined, set: new Set(names) };
  return lastKnown.set;
}

function orderedVersions(found: Set<string>): string[] {
  const joined = [...found].join('\n');
  if (lastVersions?.found !== joined) lastVersions = { found: joined, ordered: orderVersions(found) };
  return [...lastVersions.ordered];
}

function unique<T extends { name: string; source: { line: number; column: number } }>(ctx: ParseContext, items: T[], what: string): T[] {
  const seen = new Set<string>();
  return items.filter((x) => {
    if (!seen.has(x.name)) return seen.add(x.name), true;
    ctx.report('duplicate-resource', `${what} "${x.name}" is defined twice; the first definition is kept`, x.source);
    return false;
  });
}

function describesBodyOf(s: Structure, method: string, tail: string): boolean {
  const m = /\bbody of (GET|POST|PUT|PATCH|DELETE)\s+\/?(\S+)/i.exec(s.description);
  return !!m && m[1]!.toUpperCase() === method && m[2]!.replace(/[).,;]+$/, '') === tail;
}

/** "ManufacturerPartNumber length" in "ProductRecords field" sets that field's maxLength (the first such limit wins, the notes' own first). */
function applyMaxLength(
  limit: Limit, value: number, fieldOf: (resource: string, field: string) => Field | undefined,
  fieldFacts: (resource: string, field: string) => FieldFacts, facts: Map<string, ResourceFacts>,
): void {
  const fieldName = limit.name.split(/\s+/)[0]!;
  const resourceName = limit.appliesTo.split(/\s+/)[0]!;
  const field = fieldOf(resourceName, fieldName);
  if (field && field.maxLength === null && value > 0 && facts.get(resourceName)?.fields.get(fieldName)?.maxLength === undefined) {
    fieldFacts(resourceName, fieldName).maxLength = value;
  }
}

/** A text limit without "applies to" finds the structure one of whose fields it names. */
function applyLimitOwner(limit: Limit, structures: Structure[]): void {
  if (limit.appliesTo === '') {
    const owner = structures.find((s) => s.fields.some((f) => new RegExp(`\\b${escapeRegExp(f.name)}\\b`).test(limit.valueText)));
    if (owner) limit.appliesTo = owner.name;
  }
}

/** Sorted by id (section order does not matter); a repeated id gets `.2`, `.3`. */
function uniqueIds(unknowns: Spec['unknowns']): Spec['unknowns'] {
  const sorted = [...unknowns].sort((a, b) => a.id.localeCompare(b.id) || a.text.localeCompare(b.text));
  const count = new Map<string, number>();
  return sorted.map((u) => {
    const n = (count.get(u.id) ?? 0) + 1;
    count.set(u.id, n);
    return n === 1 ? u : { ...u, id: `${u.id}.${n}` };
  });
}

/** Every version the spec names: introduced, since, obsolete, endpoint and versioning rule versions. */
function mentionedVersions(resources: Spec['resources'], c: Collected): Set<string> {
  const found = new Set<string>();
  const add = (v: string | null | undefined) => { if (v) found.add(v); };
  for (const r of resources) for (const v of versionsOf(r)) found.add(v);
  for (const e of c.endpoints) add(e.since);
  for (const v of c.versioning) add(v.rule === 'endpointsFrom' ? v.version : v.rule === 'obsolete' ? v.since : null);
  return found;
}

/** Resources are not mutated once resolved (and an incremental parse keeps unchanged ones), so their versions are kept. */
const resourceVersions = new WeakMap<Resource, string[]>();

function versionsOf(r: Resource): string[] {
  let versions = resourceVersions.get(r);
  if (versions) return versions;
  const found = new Set<string>();
  const add = (v: string | null | undefined) => { if (v) found.add(v); };
  add(r.introduced);
  for (const f of r.fields) { add(f.since); add(f.obsolete?.since); }
  resourceVersions.set(r, (versions = [...found]));
  return versions;
}
