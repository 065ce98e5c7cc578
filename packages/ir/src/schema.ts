/**
 * The intermediate model (IR) of a service spec. Every node has a `kind` and the source
 * position it was read from, so every later stage (generators, server, diff) can point back
 * at the line of the spec a statement came from.
 */
import { z } from 'zod';
import { VERSION_PATTERN } from './version.ts';

export const Source = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
});
export type Source = z.infer<typeof Source>;

export const Version = z.string().regex(VERSION_PATTERN, 'malformed version');

export const ScalarKind = z.enum(['Int64', 'Int32', 'Decimal', 'Boolean', 'String', 'DateTimeOffset', 'TimeSpan']);
export type ScalarKind = z.infer<typeof ScalarKind>;

/** `Int64?`, `Comments`, `ExtraFields[]`: the type column of a field table, decomposed. */
export const TypeExpr = z.object({
  /** The type exactly as written in the spec, e.g. `DateTimeOffset?`. */
  text: z.string(),
  /** A scalar, or a reference to another resource or structure by name. */
  base: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('scalar'), scalar: ScalarKind }),
    z.object({
      kind: z.literal('ref'),
      /** Name of the resource or structure, e.g. `Comments`. */
      target: z.string(),
      /** True when the target is one of the spec's own resources or structures (its fields are known). */
      known: z.boolean(),
    }),
  ]),
  nullable: z.boolean(),
  array: z.boolean(),
});
export type TypeExpr = z.infer<typeof TypeExpr>;

export const EnumValue = z.object({
  kind: z.literal('enumValue'),
  value: z.number().int(),
  /** The spec's own spelling, e.g. `Registrered`. */
  name: z.string(),
  source: Source,
});
export type EnumValue = z.infer<typeof EnumValue>;

export const Enumeration = z.object({
  kind: z.literal('enumeration'),
  /** `Bitmask. 0 = None, 1 = ...`: values are flags that combine with bitwise or. */
  bitmask: z.boolean(),
  /** Where the values were stated: the field's notes or the "Enumerated statuses" section. */
  origin: z.enum(['notes', 'statuses']),
  values: z.array(EnumValue),
  source: Source,
});
export type Enumeration = z.infer<typeof Enumeration>;

export const Obsolete = z.object({
  since: Version,
  replacedBy: z.string().nullable(),
  source: Source,
});

export const Field = z.object({
  kind: z.literal('field'),
  name: z.string(),
  type: TypeExpr,
  notes: z.string(),
  /** Service version that introduced the field; null when the spec gives none (a dash or no Since column). */
  since: Version.nullable(),
  /** Holds a related object or list, null in the default shape, filled by `$expand`. */
  expandable: z.boolean(),
  /** The resource named by "References X" in the notes (for `...Id` fields). */
  references: z.string().nullable(),
  enumeration: Enumeration.nullable(),
  obsolete: Obsolete.nullable(),
  maxLength: z.number().int().positive().nullable(),
  source: Source,
});
export type Field = z.infer<typeof Field>;

export const Resource = z.object({
  kind: z.literal('resource'),
  name: z.string(),
  /** Module segment of the API path, e.g. `Inventory`. */
  area: z.string().nullable(),
  /** Path tail from the read-resources table, e.g. `Inventory/ProductRecords`. */
  path: z.string().nullable(),
  description: z.string(),
  queryable: z.boolean(),
  introduced: Version.nullable(),
  /** Lower case, hyphenated. */
  typeGuid: z.string().nullable(),
  /** Permission name from the read-resources table, e.g. `Show serial number`. */
  permission: z.string().nullable(),
  /** False when the resource's table has no Since column ("No version is given per field"). */
  hasSinceColumn: z.boolean(),
  fields: z.array(Field),
  source: Source,
});
export type Resource = z.infer<typeof Resource>;

/** A sign-in structure: LoginRequest, LoginResponse, DeviceSecretResponse, TotpLoginRequest. */
export const Structure = z.object({
  kind: z.literal('structure'),
  /** PascalCase identifier derived from the bold label, e.g. `DeviceSecretResponse`. */
  name: z.string(),
  /** The bold label as written, e.g. `Device secret response`. */
  label: z.string(),
  /** The parenthesised text after the label. */
  description: z.string(),
  /** Notes below the table, e.g. "When a second factor is required, every field ... is null or false". */
  remarks: z.array(z.string()),
  /** True when the spec says further fields are not shown. */
  openEnded: z.boolean(),
  fields: z.array(Field),
  source: Source,
});
export type Structure = z.infer<typeof Structure>;

export const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export const QueryParam = z.object({ name: z.string(), required: z.boolean() });

export const Endpoint = z.object({
  kind: z.literal('endpoint'),
  /** Stable id: `oidcInitiate`, `oidcCallback`, `totpLogin`. */
  id: z.string(),
  method: HttpMethod,
  /** Path without the query string, e.g. `/{languageCode}/{companyNumber}/login/oidc`. */
  path: z.string(),
  pathParams: z.array(z.string()),
  query: z.array(QueryParam),
  /** Name of the request body structure, if any. */
  body: z.string().nullable(),
  /** Request headers named in the Request column. */
  headers: z.array(z.string()),
  request: z.string(),
  success: z.object({
    status: z.number().int(),
    contentType: z.enum(['application/json', 'text/plain']),
    body: z.string().nullable(),
    text: z.string(),
  }),
  /** Service version the endpoint appeared in (OIDC: 25.8), null when always there. */
  since: Version.nullable(),
  source: Source,
});
export type Endpoint = z.infer<typeof Endpoint>;

export const Command = z.object({
  kind: z.literal('command'),
  name: z.string(),
  returns: z.string(),
  /** Structure of the success body, when the spec names one. */
  response: z.string().nullable(),
  responseHeaders: z.array(z.string()),
  source: Source,
});
export type Command = z.infer<typeof Command>;

export const ErrorCase = z.object({
  kind: z.literal('error'),
  status: z.number().int(),
  /** The body as the spec states it, e.g. the JSON string `Login failed`; null when not given. */
  body: z.string().nullable(),
  condition: z.string(),
  source: Source,
});
export type ErrorCase = z.infer<typeof ErrorCase>;

export const ErrorTable = z.object({
  kind: z.literal('errorTable'),
  /** Heading, e.g. `OIDC callback`. */
  title: z.string(),
  /** Endpoint ids and command names the table applies to. */
  appliesTo: z.array(z.string()),
  cases: z.array(ErrorCase),
  /** Prose after the table ("Common causes: ..."). */
  remarks: z.array(z.string()),
  source: Source,
});
export type ErrorTable = z.infer<typeof ErrorTable>;

export const LimitValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('duration'), milliseconds: z.number() }),
  z.object({ kind: z.literal('maxLength'), value: z.number().int() }),
  z.object({ kind: z.literal('text'), text: z.string() }),
]);

export const Limit = z.object({
  kind: z.literal('limit'),
  /** Stable id, e.g. `mfaTokenValidity`, `manufacturerPartNumberLength`. */
  id: z.string(),
  name: z.string(),
  valueText: z.string(),
  value: LimitValue,
  appliesTo: z.string(),
  source: Source,
});
export type Limit = z.infer<typeof Limit>;

export const Transition = z.object({
  kind: z.literal('transition'),
  from: z.string(),
  trigger: z.string(),
  /** Null for a dash. */
  condition: z.string().nullable(),
  to: z.string(),
  effects: z.string().nullable(),
  /** HTTP status named in the effects, e.g. 410. */
  status: z.number().int().nullable(),
  source: Source,
});
export type Transition = z.infer<typeof Transition>;

export const VersioningRule = z.discriminatedUnion('rule', [
  z.object({
    kind: z.literal('versioning'),
    rule: z.literal('apiSegment'),
    segment: z.string(),
    text: z.string(),
    source: Source,
  }),
  z.object({
    kind: z.literal('versioning'),
    rule: z.literal('endpointsFrom'),
    version: Version,
    pathContains: z.string(),
    text: z.string(),
    source: Source,
  }),
  z.object({
    kind: z.literal('versioning'),
    rule: z.literal('obsolete'),
    resource: z.string(),
    field: z.string(),
    since: Version,
    replacedBy: z.string().nullable(),
    text: z.string(),
    source: Source,
  }),
  z.object({ kind: z.literal('versioning'), rule: z.literal('note'), text: z.string(), source: Source }),
]);
export type VersioningRule = z.infer<typeof VersioningRule>;

/** A statement the spec leaves open ("not shown"); later stages point at its id when they decide. */
export const Unknown = z.object({
  kind: z.literal('unknown'),
  /** Stable slug, e.g. `read.queryOptions`, `limits.pageSize`. */
  id: z.string(),
  /** The section it was found in. */
  section: z.string(),
  text: z.string(),
  source: Source,
});
export type Unknown = z.infer<typeof Unknown>;

export const Spec = z.object({
  kind: z.literal('spec'),
  title: z.string(),
  file: z.string(),
  /** Every version named anywhere, ascending (numeric order). */
  versions: z.array(Version),
  newestVersion: Version.nullable(),
  /** Path template of the read resources, e.g. `/{languageCode}/{companyNumber}/api/v1/{path}`. */
  readPathPrefix: z.string(),
  resources: z.array(Resource),
  structures: z.array(Structure),
  endpoints: z.array(Endpoint),
  commands: z.array(Command),
  errorTables: z.array(ErrorTable),
  limits: z.array(Limit),
  transitions: z.array(Transition),
  versioning: z.array(VersioningRule),
  unknowns: z.array(Unknown),
  source: Source,
});
export type Spec = z.infer<typeof Spec>;

/** JSON Schema of the IR, for tools outside TypeScript. */
export function irJsonSchema(): unknown {
  return z.toJSONSchema(Spec, { target: 'draft-2020-12' });
}
