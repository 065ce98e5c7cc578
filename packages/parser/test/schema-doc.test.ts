/** docs/ir.schema.json is the current JSON Schema of the IR (RECORD=1 rewrites it) and the IR validates against it. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { irJsonSchema } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../src/index.ts';
import { specText } from './helpers.ts';

const SCHEMA_FILE = fileURLToPath(new URL('../../../docs/ir.schema.json', import.meta.url));
const schemaJson = () => `${JSON.stringify(irJsonSchema(), null, 2)}\n`;

describe('docs/ir.schema.json', () => {
  it('is current', () => {
    if (process.env.RECORD === '1') writeFileSync(SCHEMA_FILE, schemaJson());
    expect(existsSync(SCHEMA_FILE), 'missing: run RECORD=1 pnpm vitest run packages/parser').toBe(true);
    expect(readFileSync(SCHEMA_FILE, 'utf8'), 'stale: run RECORD=1 pnpm vitest run packages/parser').toBe(schemaJson());
  });

  it('is deterministic', () => {
    expect(schemaJson()).toBe(schemaJson());
  });

  it('accepts the IR of the spec (checked with ajv)', async () => {
    const { default: Ajv2020 } = await import('ajv/dist/2020.js');
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
    const ir = JSON.parse(JSON.stringify(parseSpec(specText(), 'spec.md').spec));
    expect(validate(ir), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...ir, versions: ['2.x'] })).toBe(false);
  });
});
