/**
 * The second check of `data import`: the generated validators' schema of the resource (the same zod
 * schemas clients use), on top of the IR-driven checks. The runtime never loads a generated package
 * itself (it may be named anything, `--package-scope`): the caller hands the loaded module over
 * (`DataCommandOptions.validators`; the repository's `pnpm service` does). Without it the IR checks
 * stand alone.
 */
import { isLosslessNumber } from 'lossless-json';
import type { FieldError } from './record-codec.ts';

interface Issue {
  path: string;
  rule: string;
  message: string;
}

export interface GeneratedValidators {
  resourceSchemas: Record<string, unknown>;
  validate(schema: never, value: unknown): { success: true } | { success: false; issues: Issue[] };
}

/** lossless-json numbers -> what the validators read: safe integers and decimals as numbers, others as bigint. */
function plain(value: unknown): unknown {
  if (isLosslessNumber(value)) {
    const n = Number(value.value);
    return /^-?\d+$/.test(value.value) && !Number.isSafeInteger(n) ? BigInt(value.value) : n;
  }
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

export function checkWithGenerated(validators: GeneratedValidators, resource: string, value: unknown): FieldError[] {
  const schema = validators.resourceSchemas[resource];
  if (schema === undefined) return [];
  const result = validators.validate(schema as never, plain(value));
  return result.success
    ? []
    : result.issues.map((i) => ({ field: i.path || null, message: `${i.message} (generated validator: ${i.rule})` }));
}
