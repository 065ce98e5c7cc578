/**
 * The facts pass: what other sections add to an extracted resource (its read-table row, an
 * enumeration from "Enumerated statuses", `Obsolete since` from the versioning rules, a maximum
 * length from the limits), gathered by resource and field name. The extracted resources are only
 * read; resolve-resources.ts applies the facts to copies.
 */
import type { Enumeration, Field, Limit, Resource } from '@specgen/ir';
import type { Collected } from './collect.ts';
import type { ParseContext } from './context.ts';
import type { StatusEnumeration } from './statuses.ts';

/** What one field gets from other sections; absent properties keep the extracted value. */
export interface FieldFacts {
  /**
   * The field's index in its resource's list (the same in the extracted and the resolved resource):
   * a relocation (relocate.ts) replaces the few fields with facts by index, without looking up each
   * of a resource's fields by name.
   */
  at: number;
  enumeration?: Enumeration;
  obsolete?: NonNullable<Field['obsolete']>;
  maxLength?: number;
}

export interface ResourceFacts {
  row: { area: string | null; path: string; permission: string | null } | null;
  /** By field name. */
  fields: Map<string, FieldFacts>;
}

export function emptyFacts(): ResourceFacts {
  return { row: null, fields: new Map() };
}

/**
 * The enumeration fact of each status list, by the list the statuses section gave: an incremental
 * parse keeps that section's extraction while its text and line are the same (parse-memo.ts), so
 * each parse hands resolution the same enumeration object and its facts compare by identity,
 * instead of 600 new enumerations compared in depth on every edit.
 */
const statusEnumerations = new WeakMap<StatusEnumeration, { file: string; enumeration: Enumeration }>();

function statusEnumeration(ctx: ParseContext, s: StatusEnumeration): Enumeration {
  const kept = statusEnumerations.get(s);
  if (kept?.file === ctx.file) return kept.enumeration;
  const enumeration: Enumeration = {
    kind: 'enumeration',
    bitmask: false,
    origin: 'statuses',
    values: s.values,
    source: ctx.source(s.at),
  };
  statusEnumerations.set(s, { file: ctx.file, enumeration });
  return enumeration;
}

/**
 * Where each field a status list, versioning rule or limit names was last found in its resource's
 * list (by resource name, then field name): looked at first, since a resource's fields seldom move
 * between parses (600 lookups of `Status` among 50 fields on every parse, field edits included).
 * Dropped when it holds many more resources than the spec (renamed ones).
 */
const fieldIndexes = new Map<string, Map<string, number>>();

/** The facts of every resource that gets any, by resource name; reports rows and statuses that name nothing. */
export function resourceFacts(
  ctx: ParseContext,
  c: Collected,
  extracted: readonly Resource[],
): Map<string, ResourceFacts> {
  const byName = new Map(extracted.map((r) => [r.name, r]));
  if (fieldIndexes.size > 2 * byName.size + 100) fieldIndexes.clear();
  /** The index of the field in its resource's list, -1 when there is none. */
  const indexOf = (resource: string, field: string): number => {
    const fields = byName.get(resource)?.fields;
    if (!fields) return -1;
    let indexes = fieldIndexes.get(resource);
    const at = indexes?.get(field);
    if (at !== undefined && fields[at]?.name === field) return at;
    // a plain loop, not `find` with a closure: 600 status lists look up their field on every parse
    for (let i = 0; i < fields.length; i++) {
      if ((fields[i] as Field).name !== field) continue;
      if (!indexes) {
        indexes = new Map();
        fieldIndexes.set(resource, indexes);
      }
      indexes.set(field, i);
      return i;
    }
    return -1;
  };
  const fieldOf = (resource: string, at: number): Field | undefined =>
    at < 0 ? undefined : byName.get(resource)?.fields[at];
  const facts = new Map<string, ResourceFacts>();
  const factsOf = (resource: string): ResourceFacts => {
    let found = facts.get(resource);
    if (!found) {
      found = emptyFacts();
      facts.set(resource, found);
    }
    return found;
  };
  const fieldFacts = (resource: string, field: string, at: number): FieldFacts => {
    const all = factsOf(resource).fields;
    let found = all.get(field);
    if (!found) {
      found = { at };
      all.set(field, found);
    }
    return found;
  };
  for (const row of c.readRows) {
    if (!byName.has(row.name)) {
      const message = `read path "${row.path}" names resource "${row.name}", which has no section under "Resources and their fields"`;
      ctx.report('undefined-resource', message, row.at);
      continue;
    }
    factsOf(row.name).row = { area: row.area || null, path: row.path, permission: row.permission };
  }
  for (const r of extracted) {
    if (!facts.get(r.name)?.row)
      ctx.report('resource-without-path', `resource "${r.name}" has no row in the read-resources table`, r.source);
  }
  for (const s of c.statuses) {
    const at = indexOf(s.resource, s.field);
    if (at < 0) {
      ctx.report(
        'enum-unknown-field',
        `enumeration for ${s.resource}.${s.field}, which is not a field of a resource`,
        s.at,
      );
      continue;
    }
    fieldFacts(s.resource, s.field, at).enumeration = statusEnumeration(ctx, s);
  }
  for (const rule of c.versioning) {
    if (rule.rule !== 'obsolete') continue;
    const at = indexOf(rule.resource, rule.field);
    const field = fieldOf(rule.resource, at);
    if (field && !field.obsolete && !facts.get(rule.resource)?.fields.get(rule.field)?.obsolete) {
      fieldFacts(rule.resource, rule.field, at).obsolete = {
        since: rule.since,
        replacedBy: rule.replacedBy,
        source: rule.source,
      };
    }
  }
  for (const limit of c.limits) {
    const maxLength = maxLengthOf(limit);
    if (!maxLength) continue;
    const at = indexOf(maxLength.resource, maxLength.field);
    const field = fieldOf(maxLength.resource, at);
    const stated = facts.get(maxLength.resource)?.fields.get(maxLength.field)?.maxLength;
    if (field && field.maxLength === null && maxLength.value > 0 && stated === undefined) {
      fieldFacts(maxLength.resource, maxLength.field, at).maxLength = maxLength.value;
    }
  }
  return facts;
}

/**
 * "ManufacturerPartNumber length" in "ProductRecords field" sets that field's maxLength (the first
 * such limit wins, the notes' own first).
 */
function maxLengthOf(limit: Limit): { resource: string; field: string; value: number } | null {
  if (limit.value.kind !== 'maxLength') return null;
  const field = limit.name.split(/\s+/)[0] ?? '';
  const resource = limit.appliesTo.split(/\s+/)[0] ?? '';
  return { resource, field, value: limit.value.value };
}
