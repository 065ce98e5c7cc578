export { generator, generateValidators, TARGET, PACKAGE_NAME, ZOD_RANGE, LOSSLESS_JSON_RANGE } from './generator.ts';
export { buildValidatorsModel, type ValidatorsModel, type SchemaView, type SchemaField } from './model.ts';
export { zodExpr } from './zod-expr.ts';
