/**
 * Build IR nodes by hand, so that generators and the diff can be tested without the parser.
 * Every builder fills the defaults a spec table would leave empty.
 */
import type { Field, Resource, ScalarKind, Source, Spec, Structure, TypeExpr } from './schema.ts';

export const NO_SOURCE: Source = { file: '<factory>', line: 1, column: 1 };

const SCALARS = new Set<string>(['Int64', 'Int32', 'Decimal', 'Boolean', 'String', 'DateTimeOffset', 'TimeSpan']);

/** `Int64?` -> scalar Int64 nullable; `Comments[]` -> ref array. `known` marks refs to the spec's own types. */
export function typeExpr(text: string, known: (name: string) => boolean = () => false): TypeExpr {
  let rest = text.trim();
  const nullable = rest.endsWith('?');
  if (nullable) rest = rest.slice(0, -1);
  const array = rest.endsWith('[]');
  if (array) rest = rest.slice(0, -2);
  const base = SCALARS.has(rest)
    ? ({ kind: 'scalar', scalar: rest as ScalarKind } as const)
    : ({ kind: 'ref', target: rest, known: known(rest) } as const);
  return { text: text.trim(), base, nullable, array };
}

export function field(name: string, type: string, init: Partial<Omit<Field, 'kind' | 'name' | 'type'>> = {}): Field {
  return {
    kind: 'field',
    name,
    type: typeExpr(type),
    notes: '',
    since: null,
    expandable: false,
    references: null,
    enumeration: null,
    obsolete: null,
    maxLength: null,
    source: NO_SOURCE,
    ...init,
  };
}

export function resource(
  name: string,
  fields: Field[],
  init: Partial<Omit<Resource, 'kind' | 'name' | 'fields'>> = {},
): Resource {
  return {
    kind: 'resource',
    name,
    area: null,
    path: null,
    description: '',
    queryable: true,
    introduced: null,
    typeGuid: null,
    permission: null,
    hasSinceColumn: true,
    fields,
    source: NO_SOURCE,
    ...init,
  };
}

export function structure(
  name: string,
  fields: Field[],
  init: Partial<Omit<Structure, 'kind' | 'name' | 'fields'>> = {},
): Structure {
  return {
    kind: 'structure',
    name,
    label: name,
    description: '',
    remarks: [],
    openEnded: false,
    fields,
    source: NO_SOURCE,
    ...init,
  };
}

export function spec(init: Partial<Omit<Spec, 'kind'>> = {}): Spec {
  return {
    kind: 'spec',
    title: 'Test spec',
    file: '<factory>',
    versions: [],
    newestVersion: null,
    readPathPrefix: '/{languageCode}/{companyNumber}/api/v1',
    resources: [],
    structures: [],
    endpoints: [],
    commands: [],
    errorTables: [],
    limits: [],
    transitions: [],
    versioning: [],
    unknowns: [],
    source: NO_SOURCE,
    ...init,
  };
}
