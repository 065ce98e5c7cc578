/**
 * Component schemas: one per resource record, sign-in structure, enumeration and referenced
 * type. Fields carry `x-since`, enums `x-enum-varnames`, bitmasks `x-bitmask`, obsolete fields
 * `deprecated` + `x-replaced-by` (only from the version they became obsolete).
 */
import { availableAt, type Enumeration, type Field, type Resource, type Spec, type Structure } from '@specgen/ir';
import { naming } from '@specgen/naming';
import {
  isScalarComponent,
  orNull,
  ref,
  SCALAR_COMPONENTS,
  scalarComponent,
  scalarComponentName,
  scalarSchema,
  scalarWord,
  type JsonSchema,
} from '../json-schema.ts';
import { PAYLOAD_LIMITS } from '../payloads.ts';
import { SCHEMA_NAMES } from '../routes.ts';
import { decision, fieldGapUnknown } from './decisions.ts';
import { deepFreeze } from './deep-freeze.ts';
import { fieldShareKey } from './field-share.ts';
import { JournaledComponents } from './registry-journal.ts';

/** Structures the server receives as request bodies: their fields show the limits it enforces. */
const REQUEST_STRUCTURES = new Set(['LoginRequest', 'TotpLoginRequest']);

/** `~` and `/` escaped for a JSON Pointer segment (RFC 6901). */
const pointerSegment = (name: string) =>
  name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name;

/** The scalar kinds' component schemas, frozen once: the first components of every document. */
const SCALAR_SCHEMAS: readonly (readonly [string, JsonSchema])[] = SCALAR_COMPONENTS.flatMap((kind) =>
  [false, true].map(
    (nullable) => [scalarComponentName(kind, nullable), deepFreeze(scalarComponent(kind, nullable))] as const,
  ),
);

export class SchemaRegistry extends JournaledComponents {
  constructor(
    spec: Spec,
    /** Service version the document describes; null = everything in the spec. */
    readonly version: string | null,
  ) {
    super(spec);
    // First, before any journal: every build has them, the same frozen objects (document-patch.ts).
    for (const [name, schema] of SCALAR_SCHEMAS) this.put(name, schema);
  }

  private readonly fieldLists = new Map<Resource, Field[]>();

  /** The fields of `resource` at the document's version (filtered once per resource and document). */
  fields(resource: Resource): Field[] {
    let fields = this.fieldLists.get(resource);
    if (fields === undefined) {
      // As `fieldsAt`, with each version compared once (a large spec's 30,000 fields name a few).
      fields = this.version === null ? resource.fields : resource.fields.filter((f) => this.at(f.since));
      this.fieldLists.set(resource, fields);
    }
    return fields;
  }

  /** `availableAt` of each `since` met, at the document's version. */
  private readonly sinceAt = new Map<string, boolean>();

  /** Whether something introduced in `since` exists at the document's version. */
  at(since: string | null): boolean {
    const version = this.version;
    if (version === null || since === null) return true;
    let known = this.sinceAt.get(since);
    if (known === undefined) {
      known = availableAt(since, version);
      this.sinceAt.set(since, known);
    }
    return known;
  }

  add(name: string, schema: JsonSchema): string {
    if (!this.has(name)) this.put(name, schema);
    return name;
  }

  resourceRecord(resource: Resource): string {
    const name = naming.componentSchema(naming.recordType(resource.name));
    if (this.has(name)) return name;
    this.put(name, {}); // reserved: a resource may reference itself
    const fields = this.fields(resource);
    const properties: Record<string, JsonSchema> = {};
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as Field;
      properties[f.name] = this.field(f, resource.name);
    }
    this.put(name, {
      type: 'object',
      description: resource.description || `One record of ${resource.name}.`,
      ...(resource.introduced ? { 'x-since': resource.introduced } : {}),
      ...(resource.typeGuid ? { 'x-type-guid': resource.typeGuid } : {}),
      properties,
      required: fields.map((f) => f.name),
    });
    return name;
  }

  /**
   * A record as `$select` answers it (docs/openapi.md): the record's properties, each a `$ref` to
   * the full record's property, none required, so a partial record validates and the full record
   * schema stays as it is for consumers.
   */
  partialRecord(resource: Resource): string {
    const record = this.resourceRecord(resource);
    const name = SCHEMA_NAMES.partialRecord(resource.name);
    if (this.has(name)) return name;
    const properties: Record<string, JsonSchema> = {};
    const fields = this.fields(resource);
    const pointer = `#/components/schemas/${record}/properties/`;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as Field;
      properties[f.name] = { $ref: `${pointer}${pointerSegment(f.name)}` };
    }
    return this.add(name, {
      type: 'object',
      description: `A ${record} as the read operations answer it: every field without $select, else the selected ones (Id only when selected) and the expanded ones.`,
      properties,
      'x-record': record,
    });
  }

  structure(structure: Structure): string {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const limits: Record<string, JsonSchema> = REQUEST_STRUCTURES.has(structure.name) ? PAYLOAD_LIMITS : {};
    for (const f of structure.fields) {
      properties[f.name] = { ...this.field(f, structure.name), ...(limits[f.name] ?? {}) };
      if (!isSituational(f)) required.push(f.name);
    }
    return this.add(naming.componentSchema(naming.structureType(structure.name)), {
      type: 'object',
      title: structure.label,
      description: [structure.description, ...structure.remarks].filter(Boolean).join(' ') || structure.label,
      properties,
      required,
      // "Other fields ...: not shown": further properties may appear.
      additionalProperties: structure.openEnded,
      ...(structure.openEnded
        ? { 'x-decision': decision(this.spec, 'openStructure', `structures.${structure.name}.fields`) }
        : {}),
    });
  }

  /**
   * Field schemas of a scalar or a type word, shared by everything that decides them (field-share.ts):
   * a large spec repeats the same few (the `Id` of every record) thousands of times.
   */
  private readonly sharedFields = new Map<string, JsonSchema>();

  /** A field's schema: a shared frozen one when another field of the same facts made it already. */
  field(field: Field, owner: string): JsonSchema {
    if (field.enumeration) return this.newField(field, owner, undefined);
    const gap = fieldGapUnknown(this.spec, owner, field.name);
    const obsolete = field.obsolete;
    const key = fieldShareKey(field, gap, obsolete !== null && this.at(obsolete.since));
    if (key === undefined) return this.newField(field, owner, gap);
    let schema = this.sharedFields.get(key);
    if (schema === undefined) {
      schema = deepFreeze(this.newField(field, owner, gap));
      this.sharedFields.set(key, schema);
    }
    return schema;
  }

  /** A new schema of `field` (`gap`: its field-gap unknown, when it has no enumeration). */
  private newField(field: Field, owner: string, gap: string | undefined): JsonSchema {
    // Each step's schema is a new object (base, orNull): set in place, in the order a spread gives.
    // A nullable scalar kind (not in an array) refers to its nullable component: no anyOf to wrap it.
    const base = field.type.base;
    const nullableKind =
      field.type.nullable && !field.type.array && base.kind === 'scalar' && isScalarComponent(base.scalar);
    let schema = nullableKind ? ref(scalarComponentName(base.scalar, true)) : this.base(field, owner);
    if (field.maxLength !== null) schema.maxLength = field.maxLength;
    if (field.type.array) schema = { type: 'array', items: schema };
    if ((field.type.nullable && !nullableKind) || isRelation(field)) schema = orNull(schema, true);
    this.annotate(schema, field, gap);
    return schema;
  }

  private base(field: Field, owner: string): JsonSchema {
    if (field.enumeration) return ref(this.enumeration(naming.enumType(owner, field.name), field.enumeration));
    const base = field.type.base;
    if (base.kind === 'scalar') return isScalarComponent(base.scalar) ? ref(base.scalar) : scalarSchema(base.scalar);
    const word = scalarWord(base.target);
    if (word) return word;
    return ref(this.referenced(base.target));
  }

  /** Sets the field's annotations on `out` (a schema of its own). */
  private annotate(out: JsonSchema, field: Field, gap: string | undefined): void {
    if (gap) out['x-decision'] = decision(this.spec, 'fieldGap', gap);
    if (field.notes) out.description = field.notes;
    if (field.since) out['x-since'] = field.since;
    if (isRelation(field)) out['x-expandable'] = true;
    if (field.references) out['x-references'] = field.references;
    const obsolete = field.obsolete;
    if (obsolete && this.at(obsolete.since)) {
      out.deprecated = true;
      out['x-obsolete-since'] = obsolete.since;
      if (obsolete.replacedBy) out['x-replaced-by'] = obsolete.replacedBy;
    }
  }

  /**
   * Enumeration schemas by contents, one frozen object each: a large spec's enumerations repeat the
   * same values and names under the component name of each field (1,235 copies of one in the dense
   * synthetic spec).
   */
  private readonly sharedEnums = new Map<string, JsonSchema>();

  private enumeration(name: string, e: Enumeration): string {
    // Joined by control characters no name holds: one string, no arrays or JSON text made per field.
    let key = e.bitmask ? 'b' : 'e';
    for (const v of e.values) key += `\u0001${v.value}\u0002${v.name}`;
    let schema = this.sharedEnums.get(key);
    if (schema === undefined) {
      schema = deepFreeze(this.enumerationSchema(e));
      this.sharedEnums.set(key, schema);
    }
    return this.add(name, schema);
  }

  private enumerationSchema(e: Enumeration): JsonSchema {
    const values = e.values.map((v) => v.value);
    const names = e.values.map((v) => v.name);
    const listing = e.values.map((v) => `${v.value} = ${v.name}`).join(', ');
    if (e.bitmask) {
      const all = values.reduce((acc, v) => acc | v, 0);
      return {
        type: 'integer',
        format: 'int32',
        description: `Bitmask: a combination (bitwise or) of the flags ${listing}.`,
        minimum: 0,
        maximum: all,
        'x-bitmask': true,
        'x-enum-varnames': names,
        'x-flag-values': values,
      };
    }
    return {
      type: 'integer',
      format: 'int32',
      description: listing,
      enum: values,
      'x-enum-varnames': names,
    };
  }

  /** A type the spec names without showing it (Comments, Parts, ...), or one of its own resources. */
  private referenced(target: string): string {
    const own = this.resource(target);
    if (own && this.at(own.introduced)) return this.resourceRecord(own);
    const name = naming.componentSchema(naming.recordType(target));
    if (this.has(name)) return name;
    return this.add(name, {
      type: 'object',
      description: `${target}: fields not shown in the spec beyond the business key.`,
      // Inline, not a `$ref` to Int64: a schema without `$ref`s is one validators such as ajv inline
      // into the record's (a call per relation field otherwise: a quarter of ajv's time on records).
      properties: { Id: { ...scalarSchema('Int64'), description: 'Business key.' } },
      required: ['Id'],
      additionalProperties: true,
      'x-decision': decision(this.spec, 'referencedTypes'),
    });
  }
}

/**
 * A property holding a related object or list: null unless expanded with `$expand`. The spec
 * marks most "Expandable"; the relations of SupplierPartLinks and CustomerOrderRowInflows it
 * does not, yet an object can only be sent when it was expanded, so they are treated the same.
 */
export function isRelation(f: Field): boolean {
  return f.expandable || (f.type.base.kind === 'ref' && scalarWord(f.type.base.target) === undefined);
}

/** Fields a structure carries only in some requests or responses ("Omitted for OIDC", "may appear"). */
function isSituational(f: Field): boolean {
  return f.name.startsWith('$') || /omitted|sent in|may appear/i.test(f.notes);
}
