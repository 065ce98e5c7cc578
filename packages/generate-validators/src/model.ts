/** IR -> the view model of the validator templates: one zod object schema per resource and structure. */
import { type Field, type Spec, fieldsAt, resourcesAt } from '@specgen/ir';
import { buildTypesModel, type FieldView, type RecordView, type TypesModel } from '@specgen/generate-core';
import { naming } from '@specgen/naming';
import { type ParserField, parserFields } from './fast-expr.ts';
import { type ReaderField, readerFields } from './text-expr.ts';
import { zodExpr } from './zod-expr.ts';

export interface SchemaField {
  key: string;
  /** Getter name for lazy references (the bare property name when it is an identifier). */
  getter: string;
  expr: string;
  lazy: boolean;
  sinceLiteral: string;
  doc: string[];
}

export interface SchemaView {
  name: string;
  typeName: string;
  schemaName: string;
  module: string;
  open: boolean;
  introduced: string | null;
  sinceMap: string;
  doc: string[];
  fields: SchemaField[];
  /** The fields of the generated fast path (fast-expr.ts), or null when the schema has none. */
  parser: ParserField[] | null;
  /** The fields of the generated JSON text reader (text-expr.ts): null exactly when `parser` is. */
  reader: ReaderField[] | null;
  /** Schemas this one refers to, by module. */
  refs: { module: string; names: string[] }[];
}

export interface ValidatorsModel {
  types: TypesModel;
  resources: SchemaView[];
  structures: SchemaView[];
  references: { typeName: string; schemaName: string; usedBy: string[] }[];
}

/**
 * `types`: the records model to build on (default: generate-core's kept one of the spec). `deferred`
 * (a one-shot run): each resource's fields, parser and reader are made when its file renders
 * (`resourceView`) and are garbage once it is rendered, rather than all made up front and held
 * until the target is written, where every scavenge copies them.
 */
export function buildValidatorsModel(
  spec: Spec,
  serviceVersion: string | null,
  specFile: string,
  types: TypesModel = buildTypesModel(spec, serviceVersion, specFile),
  deferred = false,
): ValidatorsModel {
  const resourceFields = new Map(resourcesAt(spec, serviceVersion).map((r) => [r.name, fieldsAt(r, serviceVersion)]));
  const structureFields = new Map(spec.structures.map((s) => [s.name, s.fields]));
  const fieldsOf = (r: RecordView) => resourceFields.get(r.name) as Field[];
  return {
    types,
    resources: types.resources.map((r) =>
      deferred ? deferredSchemaView(spec, r, () => fieldsOf(r)) : cachedSchemaView(spec, r, () => fieldsOf(r)),
    ),
    structures: types.structures.map((s) => cachedSchemaView(spec, s, () => structureFields.get(s.name)!)),
    references: types.references.map((ref) => ({
      typeName: ref.typeName,
      schemaName: naming.schema(ref.typeName),
      usedBy: ref.usedBy,
    })),
  };
}

/**
 * The view to render a resource's file from: a view of a deferred model with its fields, parser and
 * reader made now (kept by nobody once the file is rendered), any other view as it is.
 */
export function resourceView(view: SchemaView): SchemaView {
  const make = DEFERRED.get(view);
  return make ? make() : view;
}

/** The deferred views of a one-shot run's model and how to make each one whole. */
const DEFERRED = new WeakMap<SchemaView, () => SchemaView>();

/**
 * A view whose fields, parser and reader are made by `resourceView` when its file renders. A template
 * override that reads them from the model (an index of every resource) still gets them: they are
 * made on the first read and kept (the built-in templates read none of them there).
 */
function deferredSchemaView(spec: Spec, record: RecordView, fields: () => Field[]): SchemaView {
  const whole = () => schemaView(spec, record, fields());
  let kept: SchemaView | undefined;
  const keptView = () => {
    kept ??= whole();
    return kept;
  };
  const view: SchemaView = {
    ...headOf(record),
    get fields() {
      return keptView().fields;
    },
    get parser() {
      return keptView().parser;
    },
    get reader() {
      return keptView().reader;
    },
    refs: refsOf(record),
  };
  DEFERRED.set(view, () => kept ?? whole());
  return view;
}

/**
 * Resource and structure views are memoized by the records model of generate-core (per IR object, in the same build
 * context: names and service version); a view that survived keeps its schema view too.
 */
const schemaViews = new WeakMap<RecordView, SchemaView>();

function cachedSchemaView(spec: Spec, record: RecordView, fields: () => Field[]): SchemaView {
  let view = schemaViews.get(record);
  if (!view) {
    view = schemaView(spec, record, fields());
    schemaViews.set(record, view);
  }
  return view;
}

function schemaView(spec: Spec, record: RecordView, fields: Field[]): SchemaView {
  // The records view's fields are these fields in the same order (both are the record's fields at the
  // service version): each gives its key, whether it is optional, its since literal and its doc.
  const views = record.fields;
  const schemaFields = fields.map((f, i) => {
    const view = views[i] as FieldView;
    const { expr, lazy } = zodExpr(spec, record.name, f, view.optional);
    const key = view.key;
    return {
      key,
      getter: key.startsWith('"') ? `[${key}]` : f.name,
      expr,
      lazy,
      sinceLiteral: view.sinceLiteral,
      doc: schemaDoc(view.doc),
    };
  });
  // an open record (looseObject) keeps unknown keys, which a plain literal does not: zod's compiled parser
  const parser = record.open ? null : parserFields(spec, fields, views);
  return {
    ...headOf(record),
    fields: schemaFields,
    parser,
    reader: readerFields(spec, fields, parser),
    refs: refsOf(record),
  };
}

/** A view's properties before its fields, in the order the view prints them. */
function headOf(record: RecordView) {
  return {
    name: record.name,
    typeName: record.typeName,
    schemaName: naming.schema(record.typeName),
    module: record.module,
    open: record.open,
    introduced: record.introduced,
    sinceMap: record.sinceMap,
    doc: record.doc,
  };
}

function refsOf(record: RecordView): SchemaView['refs'] {
  return record.imports
    .map((i) => ({ module: i.module, names: i.names.map((n) => naming.schema(n)) }))
    .filter((i) => i.module !== record.module);
}

/**
 * A field's JSDoc lines without `@see` links and with plain links (the types are not in scope here);
 * the records view's own array when no line needs either (most fields: no copy per field).
 */
function schemaDoc(doc: string[]): string[] {
  if (!doc.some((line) => line.startsWith('@see') || line.includes('{@link'))) return doc;
  return doc.filter((line) => !line.startsWith('@see')).map(plainLinks);
}

/** `{@link ProductRecord.PartRevisionId | PartRevisionId}` -> `` `PartRevisionId` `` (the types are not in scope here). */
function plainLinks(line: string): string {
  return line.includes('{@link') ? line.replace(/\{@link [^|}]+\| ([^}]+)\}/g, '`$1`') : line;
}
