export { generator, generateTypes, importPath, modelDeps, TARGET, PACKAGE_NAME } from './generator.ts';
export { buildTypesModel, type TypesModel, type RecordView, type FieldView, type ReferenceView } from './model.ts';
export type { EnumView } from './enums.ts';
export { tsType, scalarOf, isNullable, refTypeName, specNames, propertyKey, isIdentifier, SCALAR_TS } from './ts-type.ts';
export { fieldDoc, docSafe } from './field-doc.ts';
export { TYPESCRIPT_RANGE, withHeader, withMarkdownHeader, packageHeaderText, file } from './package-files.ts';
export { BuildMemo, resourceKey, renderOnce, renderWhenChanged } from './memo.ts';
