/** The OpenAPI 3.1 document builder: the route table and the IR as one document per service version. */
export { mapEntries, type MapEntries } from './build-record.ts';
export { buildDocument, effectiveVersion, type DocumentOptions, type PathItems } from './document.ts';
export { isRelation, SchemaRegistry } from './schemas.ts';
export { DECISIONS, decision, type Decision, type DecisionName } from './decisions.ts';
export { ERROR_MESSAGE } from './errors.ts';
export { canonical, canonicalKeys, isNameMap, toJson } from './canonical.ts';
