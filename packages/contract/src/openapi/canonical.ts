/**
 * The canonical text of an OpenAPI document: every map with its keys in one fixed order
 * (structural OpenAPI keys first in their customary order, then the rest alphabetically), arrays
 * in their order, LF line ends. The openapi target and the reference site write the same bytes.
 */
/** Keys that read best in this order wherever they appear; all other keys follow, sorted. */
const PREFERRED = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'name',
  'in',
  'summary',
  'operationId',
  'title',
  'version',
  'description',
  'deprecated',
  'tags',
  'security',
  'paths',
  'components',
  '$ref',
  'required',
  'style',
  'explode',
  'type',
  'format',
  'const',
  'enum',
  'x-enum-varnames',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'items',
  'properties',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'parameters',
  'requestBody',
  'responses',
  'headers',
  'content',
  'schema',
  'example',
  'examples',
  'get',
  'put',
  'post',
  'delete',
  'patch',
];
const RANK = new Map(PREFERRED.map((k, i) => [k, i]));

/** Maps whose keys are names chosen by the spec (not OpenAPI keywords): plain sorted order. */
const NAME_MAPS = new Set([
  'properties',
  'schemas',
  'parameters',
  'securitySchemes',
  'headers',
  'examples',
  'paths',
  'responses',
  'content',
  'variables',
]);

function compareKeys(a: string, b: string): number {
  const ra = RANK.get(a) ?? PREFERRED.length;
  const rb = RANK.get(b) ?? PREFERRED.length;
  if (ra !== rb) return ra - rb;
  return a < b ? -1 : a > b ? 1 : 0;
}

function plainCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A copy of `value` with every object's keys in canonical order. */
export function canonical(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const inNameMap = NAME_MAPS.has(parentKey) && parentKey !== '';
  entries.sort(([a], [b]) => (inNameMap ? plainCompare(a, b) : compareKeys(a, b)));
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[k] = canonical(v, inNameMap ? '' : k);
  return out;
}

export function toJson(document: unknown, alreadyCanonical = false): string {
  return `${JSON.stringify(alreadyCanonical ? document : canonical(document), null, 2)}\n`;
}
