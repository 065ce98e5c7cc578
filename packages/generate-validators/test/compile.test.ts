/**
 * tsc over the generated packages: both build with `tsc -p` (strict, NodeNext, .d.ts), and a
 * consumer project type-checks assertions derived from the IR: version views hold exactly the
 * fields of each version (numeric order, 2.9 < 2.18), validators decode to the declared types,
 * enumerations keep the spec spelling, expandable properties are typed and nullable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Spec, compareVersions, fieldsAt, sortVersions } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { type BuiltPackages, buildGenerated, consumerProject, generateBoth, realSpec, tsc } from './build-generated.ts';

let spec: Spec;
let built: BuiltPackages;

beforeAll(() => {
  spec = realSpec();
  built = buildGenerated(generateBoth(spec));
}, 180_000);

/** Versions worth asserting for a resource: each since version, one just before it was introduced, and 2.9. */
function versionsToCheck(s: Spec): string[] {
  return sortVersions(['2.9', '2.10', ...s.versions]);
}

function versionViewAssertions(s: Spec): string {
  const lines: string[] = [];
  for (const r of s.resources) {
    const type = naming.recordType(r.name);
    const view = naming.versionView(r.name);
    for (const v of versionsToCheck(s)) {
      const tag = `${type}_${v.replace(/\./g, '_')}`;
      if (r.introduced && compareVersions(v, r.introduced) < 0) {
        lines.push(`type ${tag} = Assert<Eq<${view}<'${v}'>, never>>;`);
        continue;
      }
      const keys = fieldsAt(r, v)
        .map((f) => `'${f.name}'`)
        .join(' | ');
      lines.push(`type ${tag} = Assert<Eq<keyof ${view}<'${v}'>, ${keys}>>;`);
    }
    const schema = naming.schema(type);
    lines.push(`type ${type}_decoded = Assert<Eq<z.output<typeof ${schema}>, ${type}>>;`);
  }
  return lines.join('\n');
}

const HEADER = `
import type { z } from 'zod';
import type * as T from '@service-api/types';
import type { CompareVersions, ProductRecord, ProductRecordAt, ManufacturingOrderOperation, ManufacturingOrderOperationAt, SupplierPartLink, SupplierPartLinkAt, Schedule, ScheduleAt, CaseEntryActivity, CaseEntryActivityAt, CustomerOrderRowInflow, CustomerOrderRowInflowAt } from '@service-api/types';
import { ProductRecordStatus, ProductRecordBlockContextFlags } from '@service-api/types';
import { ProductRecordSchema, ManufacturingOrderOperationSchema, SupplierPartLinkSchema, ScheduleSchema, CaseEntryActivitySchema, CustomerOrderRowInflowSchema } from '@service-api/validators';
type Eq<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
type Assert<X extends true> = X;
`;

const HAND_WRITTEN = `
type V1 = Assert<Eq<CompareVersions<'2.9', '2.18'>, -1>>;
type V2 = Assert<Eq<CompareVersions<'22.6', '2.51'>, 1>>;
type V3 = Assert<Eq<CompareVersions<'24.1', '24.1.0'>, 0>>;
type V4 = Assert<Eq<CompareVersions<'26.10', '26.7'>, 1>>;
type E1 = Assert<Eq<T.ProductRecordStatus, 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9>>;
const registered: 1 = ProductRecordStatus.Registrered;
const flags: string[] = ProductRecordBlockContextFlags.flags(5);
type X1 = Assert<Eq<ProductRecord['Comment'], T.Comment | null>>;
type X2 = Assert<Eq<ProductRecord['ExtraFields'], T.ExtraField[] | null>>;
type X3 = Assert<Eq<ProductRecord['Id'], bigint>>;
type X4 = Assert<Eq<ProductRecord['CommentId'], bigint | null>>;
type X5 = Assert<Eq<ProductRecord['WarrantyStartDate'], string | null>>;
type X6 = Assert<Eq<ProductRecord['BlockContext'], number>>;
type X7 = Assert<Eq<T.ProductRecordBlockContextFlag, 'None' | 'ManufacturingOrderWithdrawal' | 'ManufacturingOrderClearance' | 'CustomerOrderDelivery' | 'CustomerOrderClearance' | 'RequirementCalculation'>>;
type X8 = Assert<Eq<T.LoginResponse['SessionId'], string | null>>;
type X9 = Assert<Eq<T.TotpLoginRequest['Code'], number>>;
type O1 = Assert<Eq<'CustomerOrderPartRevisionId' extends keyof ProductRecordAt<'24.1'> ? true : false, true>>;
type O2 = Assert<Eq<'PartRevisionId' extends keyof ProductRecordAt<'23.3'> ? true : false, false>>;
const comment: T.Comment = { Id: 1n, Text: 'open type' };
// @ts-expect-error an open reference type still needs its Id
const noId: T.Comment = { Text: 'x' };
// @ts-expect-error Id is bigint, not number
const numberId: ProductRecord['Id'] = 1;
export { registered, flags, comment, noId, numberId };
`;

describe('generated packages compile', () => {
  it('build with tsc -p (strict, NodeNext, declarations)', () => {
    expect(built.types).toBeTruthy();
  });

  it('type-check version views, decoded types, enumerations and relations in a consumer', () => {
    const dir = consumerProject(built, 'consumer', {
      'assertions.ts': `${HEADER}\n${HAND_WRITTEN}\n${versionViewAssertions(spec)}\n`,
    });
    expect(() => tsc(['-p', 'tsconfig.json'], dir)).not.toThrow();
  }, 120_000);

  it('the consumer check fails when an assertion is wrong (it can fail)', () => {
    const dir = consumerProject(built, 'wrong', {
      'assertions.ts': `${HEADER}\ntype Wrong = Assert<Eq<keyof ProductRecordAt<'2.18'>, 'Id'>>;\n`,
    });
    expect(() => tsc(['-p', 'tsconfig.json'], dir)).toThrow(/Wrong|not satisfy/);
  }, 120_000);
});
