/**
 * IR -> the view model the type templates render. Everything a template prints is decided
 * here (names from @specgen/naming, TypeScript types, JSDoc lines, imports), so templates
 * stay plain text and a user override needs no logic of its own.
 */
import {
  type Field,
  type Resource,
  type Spec,
  type Structure,
  compareVersions,
  fieldsAt,
  resourcesAt,
  stableIdentity,
} from '@specgen/ir';
import { naming } from '@specgen/naming';
import { docSafe, fieldDoc } from './field-doc.ts';
import { BuildMemo, resourceKey } from '../memo.ts';
import { referenceViews } from './references.ts';
import { assertUniqueNames } from './unique-names.ts';
import { type EnumView, enumView } from './enums.ts';
import { propertyKey, refTypeName, scalarOf, specNames, tsType } from './ts-type.ts';

export interface FieldView {
  name: string;
  key: string;
  type: string;
  optional: boolean;
  since: string | null;
  sinceLiteral: string;
  doc: string[];
}

export interface RecordView {
  kind: 'resource' | 'structure';
  /** Spec name: `ProductRecords`, `LoginResponse`. */
  name: string;
  typeName: string;
  /** Module path without extension, relative to src: `resources/product-record`. */
  module: string;
  doc: string[];
  /** Structures whose spec says further fields are not shown get an index signature. */
  open: boolean;
  introduced: string | null;
  sinceMap: string;
  versionView: string;
  fieldUnion: string;
  fields: FieldView[];
  enums: EnumView[];
  /** Types imported from other modules of the package. */
  imports: { module: string; names: string[] }[];
  /** Resource only: `Inventory/ProductRecords`. */
  path: string | null;
}

export interface ReferenceView {
  name: string;
  typeName: string;
  doc: string[];
  /** Fields that point at it, e.g. `ProductRecords.Comment`. */
  usedBy: string[];
}

export interface TypesModel {
  title: string;
  specFile: string;
  serviceVersion: string | null;
  versions: string[];
  newestVersion: string | null;
  resources: RecordView[];
  structures: RecordView[];
  references: ReferenceView[];
}

const resourceViews = new BuildMemo<RecordView>();
/** The view of a resource object, the build context it was made in and its key in `resourceViews` (memo.ts). */
const viewOfResource = new WeakMap<Resource, { context: string; key: string; view: RecordView }>();
const viewOfStructure = new WeakMap<Structure, { context: string; view: RecordView }>();
/** The types and validators generators of one run share one model of the same IR. */
const models = new WeakMap<Spec, Map<string, TypesModel>>();

/**
 * The model of `spec` as of `serviceVersion`. `keep: false` (a one-shot run): nothing is kept for a
 * later call, not the model nor its views (share it through `RunShared` instead), so it is garbage
 * once its readers are done.
 */
export function buildTypesModel(spec: Spec, serviceVersion: string | null, specFile: string, keep = true): TypesModel {
  if (!keep) return buildModel(spec, serviceVersion, specFile, false);
  const key = `${serviceVersion}\n${specFile}`;
  const hit = models.get(spec)?.get(key);
  if (hit) return hit;
  const model = buildModel(spec, serviceVersion, specFile, true);
  if (!models.has(spec)) models.set(spec, new Map());
  models.get(spec)!.set(key, model);
  return model;
}

function buildModel(spec: Spec, serviceVersion: string | null, specFile: string, keep: boolean): TypesModel {
  const context = JSON.stringify([
    serviceVersion,
    spec.readPathPrefix,
    spec.resources.map((r) => r.name),
    spec.structures.map((s) => s.name),
  ]);
  const resources = keep
    ? keptResourceViews(spec, serviceVersion, context)
    : resourcesAt(spec, serviceVersion).map((r) => resourceView(spec, r, serviceVersion));
  const structures = spec.structures.map((s) => {
    if (!keep) return structureView(spec, s);
    const hit = viewOfStructure.get(s);
    if (hit?.context === context) return hit.view;
    const view = structureView(spec, s);
    viewOfStructure.set(s, { context, view });
    return view;
  });
  const versions =
    serviceVersion === null ? spec.versions : spec.versions.filter((v) => compareVersions(v, serviceVersion) <= 0);
  const model: TypesModel = {
    title: spec.title,
    specFile,
    serviceVersion,
    versions,
    newestVersion: serviceVersion ?? spec.newestVersion,
    resources,
    structures,
    references: referenceViews(spec, serviceVersion, keep),
  };
  assertUniqueNames(model, keep);
  return model;
}

/** Resource views through the memos (watch mode): by IR object, then by a key of its contents. */
function keptResourceViews(spec: Spec, serviceVersion: string | null, context: string): RecordView[] {
  resourceViews.begin(context);
  const resources = resourcesAt(spec, serviceVersion).map((r) => {
    // by position-free identity: a resource that only moved keeps its view (it prints no positions)
    const hit = viewOfResource.get(stableIdentity(r));
    if (hit?.context === context) {
      resourceViews.keep(hit.key, hit.view);
      return hit.view;
    }
    const key = resourceKey(r);
    const view = resourceViews.get(key, () => resourceView(spec, r, serviceVersion));
    viewOfResource.set(stableIdentity(r), { context, key, view });
    return view;
  });
  resourceViews.sweep();
  return resources;
}

function resourceView(spec: Spec, r: Resource, version: string | null): RecordView {
  const typeName = naming.recordType(r.name);
  const fields = fieldsAt(r, version);
  const doc = [docSafe(r.description || `A record of ${r.name}.`)];
  if (r.path) doc.push(`Read with \`GET ${spec.readPathPrefix}/${r.path}\`.`);
  if (r.permission) doc.push(`Requires the permission "${docSafe(r.permission)}".`);
  if (r.typeGuid) doc.push(`Type GUID: ${r.typeGuid}.`);
  if (r.introduced) doc.push(`@since ${r.introduced}`);
  return recordView(
    'resource',
    spec,
    r.name,
    typeName,
    `resources/${naming.moduleFile(typeName)}`,
    doc,
    false,
    r.introduced,
    fields,
    r.path,
  );
}

function structureView(spec: Spec, s: Structure): RecordView {
  const typeName = naming.structureType(s.name);
  const doc = [docSafe(`${s.label}${s.description ? ` (${s.description})` : ''}.`), ...s.remarks.map(docSafe)];
  if (s.openEnded) doc.push('Further fields are not shown in the spec; unknown properties are kept.');
  return recordView('structure', spec, s.name, typeName, 'sign-in', doc, s.openEnded, null, s.fields, null);
}

function recordView(
  kind: RecordView['kind'],
  spec: Spec,
  name: string,
  typeName: string,
  module: string,
  doc: string[],
  open: boolean,
  introduced: string | null,
  fields: Field[],
  path: string | null,
): RecordView {
  // One pass over the fields (30,000 in a large spec): a field's doc links to its own enumeration (field
  // names are unique within a record: the parser refuses a second one), so no map of them by field name.
  const enums: EnumView[] = [];
  const fieldViews: FieldView[] = new Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as Field;
    const e = enumView(name, f);
    if (e !== null) enums.push(e);
    fieldViews[i] = {
      name: f.name,
      key: propertyKey(f.name),
      type: tsType(spec, name, f),
      optional: kind === 'structure' && /^omitted\b/i.test(f.notes.trim()),
      since: f.since,
      sinceLiteral: sinceLiteral(f.since),
      doc: fieldDoc(f, typeName, e === null ? null : e.typeName),
    };
  }
  return {
    kind,
    name,
    typeName,
    module,
    doc,
    open,
    introduced,
    fields: fieldViews,
    enums,
    path,
    sinceMap: naming.sinceMap(name),
    versionView: naming.versionView(name),
    fieldUnion: naming.fieldUnion(name),
    imports: importsOf(spec, module, fields),
  };
}

const sinceLiterals = new Map<string, string>();

/** `'2.24'` or `null`: one string per version, not one per field. */
function sinceLiteral(since: string | null): string {
  if (since === null) return 'null';
  let literal = sinceLiterals.get(since);
  if (literal === undefined) {
    literal = `'${since}'`;
    sinceLiterals.set(since, literal);
  }
  return literal;
}

/** Modules a record's field types live in: other resources, the sign-in module, or references. */
function importsOf(spec: Spec, own: string, fields: Field[]): RecordView['imports'] {
  const byModule = new Map<string, Set<string>>();
  for (const f of fields) {
    if (f.type.base.kind !== 'ref' || scalarOf(f) !== null) continue;
    const target = f.type.base.target;
    const typeName = refTypeName(spec, target);
    const module = moduleOfTarget(spec, target, typeName);
    if (module === own) continue;
    if (!byModule.has(module)) byModule.set(module, new Set());
    byModule.get(module)!.add(typeName);
  }
  return [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => ({ module, names: [...names].sort() }));
}

/** moduleOfTarget by spec and target (a relation field's import, for every field of every record). */
const targetModules = new WeakMap<Spec, Map<string, string>>();

function moduleOfTarget(spec: Spec, target: string, typeName: string): string {
  let modules = targetModules.get(spec);
  if (!modules) {
    modules = new Map();
    targetModules.set(spec, modules);
  }
  let module = modules.get(target);
  if (module === undefined) {
    module = targetModule(spec, target, typeName);
    modules.set(target, module);
  }
  return module;
}

function targetModule(spec: Spec, target: string, typeName: string): string {
  const names = specNames(spec);
  if (names.structures.has(target)) return 'sign-in';
  if (names.resources.has(target)) return `resources/${naming.moduleFile(typeName)}`;
  return 'references';
}
/**
 * Everything a file of the whole model reads, for renderWhenChanged: the view objects (memoized per
 * IR entry, model.ts) and the other values of the model.
 */
export function modelDeps(model: TypesModel): unknown[] {
  return [
    model.title,
    model.specFile,
    model.serviceVersion,
    model.newestVersion,
    model.versions.join('\n'),
    JSON.stringify(model.references),
    model.resources.length,
    ...model.resources,
    model.structures.length,
    ...model.structures,
  ];
}
