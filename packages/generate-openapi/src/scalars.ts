/** JSON Schema of each scalar kind of the spec ("Conventions used below"). */
import type { ScalarKind } from '@specgen/ir';
import type { JsonSchema } from './schema-types.ts';

/** `[-][d.]hh:mm:ss[.fffffff]`, the .NET TimeSpan text form. */
export const TIMESPAN_PATTERN = '^-?(\\d+\\.)?([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,7})?$';
export const INT64_PATTERN = '^-?[0-9]+$';
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export function scalarSchema(kind: ScalarKind): JsonSchema {
  switch (kind) {
    case 'Int64':
      // Production writes Int64 as JSON strings; readers accept both forms and keep every digit.
      return { type: ['string', 'integer'], format: 'int64', pattern: INT64_PATTERN };
    case 'Int32':
      return { type: 'integer', format: 'int32', minimum: INT32_MIN, maximum: INT32_MAX };
    case 'Decimal':
      return { type: 'number', format: 'decimal' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'String':
      return { type: 'string' };
    case 'DateTimeOffset':
      return { type: 'string', format: 'date-time', description: 'ISO 8601 date-time with an offset.' };
    case 'TimeSpan':
      return { type: 'string', pattern: TIMESPAN_PATTERN, 'x-format': 'timespan' };
  }
}

/** Type words used in structure tables that are not one of the spec's scalar names. */
const SCALAR_WORDS: Record<string, JsonSchema> = {
  Integer: { type: 'integer' },
  Number: { type: 'number' },
  Guid: { type: 'string', format: 'uuid' },
};

export function scalarWord(name: string): JsonSchema | undefined {
  const hit = SCALAR_WORDS[name];
  return hit ? { ...hit } : undefined;
}
