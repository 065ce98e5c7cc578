/**
 * Type-level checks of the generated client: field names in query options are checked,
 * `$select` narrows the record type, and a client generated for an older service version
 * refuses fields and endpoints introduced later. Each negative case is an `@ts-expect-error`,
 * so tsc fails if the type system stops catching it.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpecFile } from '@specgen/parser';
import { generateWorkspace, tsc } from './workspace.ts';

const { spec } = parseSpecFile(fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url)));

const NEWEST = `
import { isServiceError, type Client } from '@service-api/client';
import type { ProductRecord } from '@service-api/types';
declare const c: Client;
declare const failure: unknown;
export async function main(): Promise<void> {
  if (isServiceError(failure, 410)) {
    const gone: 410 = failure.status;
    void gone;
  }
  const narrowed = await c.productRecords.list({ $select: ['Id', 'SerialNumber'], $orderby: [['SerialNumber', 'desc'], 'Id'] });
  const id: bigint = narrowed[0]!.Id;
  const serial: string = narrowed[0]!.SerialNumber;
  // @ts-expect-error PartId was not selected
  narrowed[0]!.PartId;
  const full: ProductRecord[] = await c.productRecords.list({ $filter: (f) => f.and(f.gt('Id', 1n), f.has('BlockContext', 4)), $expand: ['Part'] });
  // @ts-expect-error unknown field in $select
  await c.productRecords.list({ $select: ['NoSuchField'] });
  // @ts-expect-error a scalar field is not expandable
  await c.productRecords.list({ $expand: ['SerialNumber'] });
  // @ts-expect-error unknown field in $orderby
  await c.productRecords.list({ $orderby: [['Nope', 'desc']] });
  // @ts-expect-error a sort direction other than asc or desc
  await c.productRecords.list({ $orderby: [['Id', 'down']] });
  // @ts-expect-error unknown field in the filter builder
  await c.productRecords.list({ $filter: (f) => f.eq('Nope', 1) });
  // @ts-expect-error a field of another resource
  await c.schedules.list({ $select: ['SerialNumber'] });
  const one = await c.schedules.get(1n, { $select: ['Code'] });
  const code: string = one.Code;
  // @ts-expect-error Id was not selected
  one.Id;
  // @ts-expect-error the credential login needs Username and Password
  await c.login({ ForceRelogin: true });
  const url: string = await c.oidcInitiate({ redirectUrl: 'https://app/' }, { ForceRelogin: false });
  await c.manufacturingOrderOperations.list({ $select: ['AllowsMultipleOperatorsToStartThisOperationSimultaneously'] });
  void [id, serial, full, code, url];
}
`;

const AT_24_1 = `
import type { Client } from '@service-api/client';
declare const c: Client;
export async function main(): Promise<void> {
  await c.productRecords.list({ $select: ['Id', 'PartRevisionId', 'CustomerOrderPartRevisionId'] });
  // @ts-expect-error introduced in 26.7
  await c.productRecords.list({ $select: ['RemainingExposureTime'] });
  // @ts-expect-error OIDC exists from 25.8
  await c.oidcInitiate({ redirectUrl: 'https://app/' }, { ForceRelogin: false });
  await c.totpLogin({ MfaToken: 't', Code: '123456' });
}
`;

/** Checks `source` against the generated sources directly (paths to src), in one tsc pass. */
function typecheck(version: string | null, source: string, negative?: string): { status: number; output: string } {
  const ws = generateWorkspace(spec, version);
  try {
    const dir = join(ws.dir, 'consumer');
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.ts'), source);
    if (negative !== undefined) writeFileSync(join(dir, 'negative.ts'), negative);
    const paths = Object.fromEntries(
      ['types', 'validators', 'client'].map((t) => [`@service-api/${t}`, [`../${t}/src/index.ts`]]),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
          paths,
        },
        include: ['index.ts', 'negative.ts'],
      }),
    );
    return tsc(dir);
  } finally {
    ws.dispose();
  }
}

describe('generated client types', () => {
  it('check field names and narrow $select (newest version)', () => {
    const result = typecheck(null, NEWEST);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  }, 180_000);

  it('refuse fields and endpoints introduced after the chosen service version (24.1); a wrong expectation is reported', () => {
    // negative.ts claims an error that does not happen: tsc must report exactly that, so these checks can fail.
    const negative = AT_24_1.replace("['RemainingExposureTime']", "['Id']");
    const result = typecheck('24.1', AT_24_1, negative);
    const errors = result.output.split('\n').filter((l) => l.includes('error TS'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/consumer\/negative\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/);
  }, 180_000);
});
