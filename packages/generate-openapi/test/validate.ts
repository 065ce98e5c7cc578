/** Independent checks of a document: @redocly/openapi-core lint, and ajv (JSON Schema 2020-12) over every component schema. */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export async function redoclyErrors(json: string): Promise<string[]> {
  const config = await createConfig({
    extends: ['recommended'],
    rules: { 'info-license': 'off', 'no-server-example.com': 'off' },
  });
  const problems = await lintFromString({ source: json, absoluteRef: 'openapi.json', config });
  return problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
}

/** An ajv instance holding every component schema under `#/components/schemas/<Name>`. */
export function componentValidator(document: Record<string, unknown>): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('int64', true);
  ajv.addFormat('int32', true);
  ajv.addFormat('decimal', true);
  ajv.addSchema({ $id: 'doc', components: (document as { components: unknown }).components });
  return ajv;
}
