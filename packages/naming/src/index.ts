/**
 * One resolver decides every generated identifier, so that types, validators, OpenAPI, client
 * and server agree. Change a name here and every target follows.
 */

/**
 * Every target asks for the same few hundred names over and over (each field's enum, schema and
 * type names), so answers are kept; a watch session that renames a lot starts over past this many.
 */
const MEMO_LIMIT = 50_000;

function memoized(rule: (name: string) => string): (name: string) => string {
  const answers = new Map<string, string>();
  return (name) => {
    let answer = answers.get(name);
    if (answer === undefined) {
      if (answers.size >= MEMO_LIMIT) answers.clear();
      answer = rule(name);
      answers.set(name, answer);
    }
    return answer;
  };
}

/** `ProductRecords` -> `ProductRecord`, `CaseEntryActivities` -> `CaseEntryActivity`, `Addresses` -> `Address`. */
export const singular: (name: string) => string = memoized((name) => {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (/(ss|us|x|ch|sh)es$/.test(name)) return name.slice(0, -2);
  if (name.endsWith('Values')) return name.slice(0, -1);
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1);
  return name;
});

export function camel(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** `Device secret response` -> `DeviceSecretResponse`, `TOTP login request` -> `TotpLoginRequest`. */
export function pascalFromLabel(label: string): string {
  return label
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) =>
      w === w.toUpperCase() && w.length > 1
        ? w.charAt(0) + w.slice(1).toLowerCase()
        : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join('');
}

/** `ManufacturingOrderOperations` -> `manufacturing_order_operations`. */
export const snake: (name: string) => string = memoized((name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase(),
);

export const naming = {
  /** TypeScript type of one record of a resource or referenced type: `ProductRecord`. */
  recordType: (resourceName: string) => singular(resourceName),
  /** Structures keep their name: `LoginRequest`. */
  structureType: (structureName: string) => structureName,
  /** Const object + union type of an enumeration: `ProductRecordStatus`. */
  enumType: (resourceName: string, fieldName: string) => `${singular(resourceName)}${fieldName}`,
  /** Name union of the flags of a bitmask enumeration: `ProductRecordBlockContextFlag`. */
  bitmaskFlag: (resourceName: string, fieldName: string) => `${singular(resourceName)}${fieldName}Flag`,
  /** Helpers (has, set, flags) of a bitmask enumeration: `ProductRecordBlockContextFlags`. */
  bitmaskHelpers: (resourceName: string, fieldName: string) => `${singular(resourceName)}${fieldName}Flags`,
  /** Module file (without extension) of a generated type: `ProductRecord` -> `product-record`. */
  moduleFile: (typeName: string) => snake(typeName).replace(/_/g, '-'),
  /** zod schema of a type: `ProductRecordSchema`. */
  schema: (typeName: string) => `${typeName}Schema`,
  /** Union of field names of a resource: `ProductRecordField`. */
  fieldUnion: (resourceName: string) => `${singular(resourceName)}Field`,
  /** Field -> `since` map of a resource: `ProductRecordSince`. */
  sinceMap: (resourceName: string) => `${singular(resourceName)}Since`,
  /** Version view: `ProductRecordAt<'24.1'>`. */
  versionView: (resourceName: string) => `${singular(resourceName)}At`,
  /** Client accessor: `client.productRecords`. */
  clientAccessor: (resourceName: string) => camel(resourceName),
  /** OpenAPI operation ids. */
  listOperation: (resourceName: string) => `list${resourceName}`,
  getOperation: (resourceName: string) => `get${singular(resourceName)}`,
  /** OpenAPI component schema name (same as the TS type). */
  componentSchema: (typeName: string) => typeName,
  /** SQL table of a resource: `product_records`. */
  table: (resourceName: string) => snake(resourceName),
  /** SQL column of a field: the field name itself, always quoted by the query builder. */
  column: (fieldName: string) => fieldName,
  /** Endpoint ids from the spec (`oidcInitiate`) are method names of the client already. */
  endpointMethod: (endpointId: string) => endpointId,
  /** Command method on the client: `getMultiFactorDeviceSecret`. */
  commandMethod: (commandName: string) => camel(commandName),
} as const;

export type Naming = typeof naming;
