/**
 * The page model of one read resource at one service version: its fields, query options,
 * permission, paths, an example request and answer, and the names the generated packages give it.
 */
import { availableAt, type Resource, type Spec } from '@specgen/ir';
import {
  COLLECTION_OPTIONS,
  collectionPath,
  filterDescription,
  recordPath,
  SINGLE_RECORD_OPTIONS,
} from '@specgen/contract';
import { naming } from '@specgen/naming';
import { exampleAnswer, exampleCurl } from './example.ts';
import { fieldRows, type FieldRow } from './fields.ts';
import { areaOf } from './paths.ts';

export interface GeneratedNames {
  /** `@service-api/types`: the record type and the type of the record as of a version. */
  type: string;
  versionView: string;
  /** `@service-api/validators`: the zod schema. */
  schema: string;
  /** `@service-api/client` operations. */
  listOperation: string;
  getOperation: string;
}

export interface ResourcePage {
  version: string;
  name: string;
  area: string;
  description: string;
  introduced: string | null;
  queryable: boolean;
  permission: string | null;
  typeGuid: string | null;
  collectionPath: string;
  recordPath: string;
  fields: FieldRow[];
  /** Query options of a list read and of a single-record read (empty when not queryable). */
  queryOptions: { collection: readonly string[]; single: readonly string[]; filter: string };
  curl: string | null;
  example: string;
  names: GeneratedNames;
}

export function generatedNames(resource: Resource): GeneratedNames {
  const type = naming.recordType(resource.name);
  return {
    type,
    versionView: naming.versionView(resource.name),
    schema: naming.schema(type),
    listOperation: naming.listOperation(resource.name),
    getOperation: naming.getOperation(resource.name),
  };
}

/** The resource as of `version`; null when it does not exist then. */
export function resourcePage(spec: Spec, resource: Resource, version: string): ResourcePage | null {
  if (!availableAt(resource.introduced, version)) return null;
  const present = resource.fields.filter((f) => availableAt(f.since, version));
  return {
    version,
    name: resource.name,
    area: areaOf(resource),
    description: resource.description,
    introduced: resource.introduced,
    queryable: resource.queryable,
    permission: resource.permission,
    typeGuid: resource.typeGuid,
    collectionPath: collectionPath(spec, resource),
    recordPath: recordPath(spec, resource),
    fields: fieldRows(resource.fields, version),
    queryOptions: resource.queryable
      ? { collection: COLLECTION_OPTIONS, single: SINGLE_RECORD_OPTIONS, filter: filterDescription() }
      : { collection: [], single: [], filter: '' },
    curl: resource.queryable ? exampleCurl(spec, resource) : null,
    example: exampleAnswer(present, resource.fields),
    names: generatedNames(resource),
  };
}
