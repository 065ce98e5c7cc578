export * from './files.ts';
export * from './chunks.ts';
export * from './staging.ts';
export { type PoolWrites, poolWrites } from './pool-writes.ts';
export * from './generator.ts';
export * from './templates.ts';
export * from './syntax.ts';
export * from './syntax-sample.ts';
export * from './packages.ts';
export { precompileTemplates } from './precompiled.ts';
export { precompiledModule } from './precompiled-module.ts';
export * from './header.ts';
export * from './render-file.ts';
export * from './memo.ts';
export { type Reads, renderWhenRead, sameReads, tracked } from './read-tracking.ts';
export { renderMemos, typesModelOf } from './run-memos.ts';
export {
  buildTypesModel,
  modelDeps,
  type TypesModel,
  type RecordView,
  type FieldView,
  type ReferenceView,
} from './records/model.ts';
export { byValue, type EnumView } from './records/enums.ts';
export {
  tsType,
  scalarOf,
  isNullable,
  refTypeName,
  specNames,
  propertyKey,
  isIdentifier,
  SCALAR_TS,
} from './records/ts-type.ts';
export { fieldDoc, docSafe } from './records/field-doc.ts';
export { importPath } from './records/module-paths.ts';
export { memberLine, sinceObjectText, type SinceFields } from './records/record-text.ts';
