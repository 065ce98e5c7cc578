/**
 * Strict request validation for the sign-in routes: no type coercion (a number is not a
 * username, a string is not a code), all errors reported, formats checked.
 */
import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const ajv = new Ajv({ coerceTypes: false, allErrors: false, removeAdditional: false, useDefaults: false, strict: false });
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });

export const strictValidator: FastifySchemaCompiler<unknown> = ({ schema }) => ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
