/**
 * JSON Schemas of the sign-in and command request bodies. They are decided once in
 * @specgen/contract (payloads.ts), which the generated server writes to disk as well; this
 * module keeps the `@specgen/runtime-server/schemas` entry for code that imported it.
 */
export { signInSchemas, structureSchema, inlineFieldSchema as fieldSchema, type JsonSchema, type SignInSchemas } from '@specgen/contract';
