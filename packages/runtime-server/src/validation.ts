/**
 * Strict request validation for the sign-in routes: no type coercion (a number is not a
 * username, a string is not a code), all errors reported, formats checked.
 */
import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const ajv = new Ajv({
  coerceTypes: false,
  allErrors: false,
  removeAdditional: false,
  useDefaults: false,
  strict: false,
});
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });
// Formats of the contract's scalar schemas whose ranges the schema states with minimum/maximum/pattern.
for (const name of ['int32', 'int64', 'decimal']) ajv.addFormat(name, { validate: () => true });
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const strictValidator: FastifySchemaCompiler<unknown> = ({ schema }) =>
  ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
