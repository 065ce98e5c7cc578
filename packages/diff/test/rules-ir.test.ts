/**
 * Every rule, on IR built with the factory: a mutation of the base spec and the exact records
 * expected (rule, resource, field). The last test checks that every rule in the catalog is covered.
 */
import { describe, expect, it } from 'vitest';
import { field, resource, structure, type Field, type Resource, type Spec } from '@specgen/ir';
import { diffSpecs, RULE_IDS, RULES } from '../src/index.ts';
import { baseSpec, endpoint, enumeration, transition } from './base-ir.ts';

const res = (s: Spec, name: string): Resource => s.resources.find((r) => r.name === name)!;
const fld = (s: Spec, r: string, f: string): Field =>
  [...s.resources, ...s.structures].find((x) => x.name === r)!.fields.find((x) => x.name === f)!;
const dropField = (s: Spec, r: string, f: string) => {
  const owner = [...s.resources, ...s.structures].find((x) => x.name === r)!;
  owner.fields = owner.fields.filter((x) => x.name !== f);
};
const PR = 'ProductRecords';

type Expected = [rule: string, resource: string | null, field: string | null];
interface Case {
  name: string;
  after: (s: Spec) => void;
  before?: (s: Spec) => void;
  want: Expected[];
}

const cases: Case[] = [
  {
    name: 'read path changed',
    after: (s) => {
      s.readPathPrefix = '/{languageCode}/{companyNumber}/api/v2';
    },
    want: [['read-path-changed', null, null]],
  },
  {
    name: 'resource added',
    after: (s) => void s.resources.push(resource('Invoices', [field('Id', 'Int64')], { introduced: '26.9' })),
    want: [['resource-added', 'Invoices', null]],
  },
  {
    name: 'resource removed',
    after: (s) => {
      s.resources = s.resources.filter((r) => r.name !== 'Schedules');
    },
    want: [['resource-removed', 'Schedules', null]],
  },
  {
    name: 'resource renamed (same type GUID): one record, fields still compared',
    after: (s) => {
      const r = res(s, 'Schedules');
      r.name = 'WorkSchedules';
      r.fields = r.fields.filter((f) => f.name !== 'Code');
    },
    want: [
      ['resource-renamed', 'WorkSchedules', null],
      ['field-removed', 'WorkSchedules', 'Code'],
    ],
  },
  {
    name: 'resources without a type GUID are not paired as renames',
    before: (s) => {
      res(s, 'Schedules').typeGuid = null;
    },
    after: (s) => void Object.assign(res(s, 'Schedules'), { name: 'WorkSchedules', typeGuid: null }),
    want: [
      ['resource-removed', 'Schedules', null],
      ['resource-added', 'WorkSchedules', null],
    ],
  },
  {
    name: 'resource path',
    after: (s) => {
      res(s, PR).path = 'Stock/ProductRecords';
    },
    want: [['resource-path-changed', PR, null]],
  },
  {
    name: 'permission',
    after: (s) => {
      res(s, PR).permission = 'Show inventory';
    },
    want: [['resource-permission-changed', PR, null]],
  },
  {
    name: 'type GUID',
    after: (s) => {
      res(s, PR).typeGuid = '00000000-bb0c-495b-b88d-e1efa1f50368';
    },
    want: [['resource-type-guid-changed', PR, null]],
  },
  {
    name: 'type GUID case only is no change',
    after: (s) => {
      res(s, PR).typeGuid = '3E3BFB7C-BB0C-495B-B88D-E1EFA1F50368';
    },
    want: [],
  },
  {
    name: 'introduced set',
    before: (s) => {
      res(s, PR).introduced = null;
    },
    after: () => {},
    want: [['resource-introduced-set', PR, null]],
  },
  {
    name: 'introduced cleared',
    after: (s) => {
      res(s, PR).introduced = null;
    },
    want: [['resource-introduced-cleared', PR, null]],
  },
  {
    name: 'introduced later',
    after: (s) => {
      res(s, PR).introduced = '2.20';
    },
    want: [['resource-introduced-later', PR, null]],
  },
  {
    name: 'introduced earlier',
    after: (s) => {
      res(s, PR).introduced = '2.9';
    },
    want: [['resource-introduced-earlier', PR, null]],
  },
  {
    name: 'no longer queryable',
    after: (s) => {
      res(s, PR).queryable = false;
    },
    want: [['resource-no-longer-queryable', PR, null]],
  },
  {
    name: 'became queryable',
    before: (s) => {
      res(s, PR).queryable = false;
    },
    after: () => {},
    want: [['resource-became-queryable', PR, null]],
  },
  {
    name: 'structure added',
    after: (s) => void s.structures.push(structure('LogoutRequest', [])),
    want: [['structure-added', 'LogoutRequest', null]],
  },
  {
    name: 'structure removed',
    after: (s) => {
      s.structures = s.structures.filter((x) => x.name !== 'LoginResponse');
    },
    want: [['structure-removed', 'LoginResponse', null]],
  },
  {
    name: 'field added',
    after: (s) => void res(s, PR).fields.push(field('Weight', 'Decimal?', { since: '26.9' })),
    want: [['field-added', PR, 'Weight']],
  },
  {
    name: 'response field added',
    after: (s) => void s.structures[1]!.fields.push(field('Expires', 'DateTimeOffset?')),
    want: [['field-added', 'LoginResponse', 'Expires']],
  },
  {
    name: 'request field added',
    after: (s) => void s.structures[0]!.fields.push(field('Language', 'String')),
    want: [['request-field-added', 'LoginRequest', 'Language']],
  },
  {
    name: 'field removed',
    after: (s) => dropField(s, PR, 'WarrantyEndDate'),
    want: [['field-removed', PR, 'WarrantyEndDate']],
  },
  {
    name: 'possible rename: one record for a removed and an added field of the same type',
    after: (s) => {
      dropField(s, PR, 'Dock');
      res(s, PR).fields.push(field('DockCode', 'String', { since: '26.9' }));
    },
    want: [['field-possibly-renamed', PR, 'Dock']],
  },
  {
    name: 'removed and added of different types are not a rename',
    after: (s) => {
      dropField(s, PR, 'Dock');
      res(s, PR).fields.push(field('DockNumber', 'Int32', { since: '26.9' }));
    },
    want: [
      ['field-removed', PR, 'Dock'],
      ['field-added', PR, 'DockNumber'],
    ],
  },
  {
    name: 'type changed',
    after: (s) => {
      fld(s, PR, 'ProductRecordType').type = field('x', 'Int64').type;
    },
    want: [['field-type-changed', PR, 'ProductRecordType']],
  },
  {
    name: 'expandable target changed',
    after: (s) => {
      fld(s, PR, 'Comment').type = field('x', 'Addresses').type;
    },
    want: [['field-type-changed', PR, 'Comment']],
  },
  {
    name: 'scalar to array',
    after: (s) => {
      fld(s, PR, 'Comment').type = field('x', 'Comments[]').type;
    },
    want: [['field-array-changed', PR, 'Comment']],
  },
  {
    name: 'array to scalar',
    after: (s) => {
      fld(s, PR, 'ExtraFields').type = field('x', 'ExtraFields').type;
    },
    want: [['field-array-changed', PR, 'ExtraFields']],
  },
  {
    name: 'became nullable',
    after: (s) => {
      fld(s, PR, 'Id').type = field('x', 'Int64?').type;
    },
    want: [['field-became-nullable', PR, 'Id']],
  },
  {
    name: 'became non-null',
    after: (s) => {
      fld(s, PR, 'CommentId').type = field('x', 'Int64').type;
    },
    want: [['field-became-non-null', PR, 'CommentId']],
  },
  {
    name: 'request field non-null',
    before: (s) => {
      s.structures[0]!.fields[1]!.type = field('x', 'String?').type;
    },
    after: () => {},
    want: [['request-field-became-non-null', 'LoginRequest', 'Username']],
  },
  {
    name: 'request field nullable',
    after: (s) => {
      s.structures[0]!.fields[1]!.type = field('x', 'String?').type;
    },
    want: [['request-field-became-nullable', 'LoginRequest', 'Username']],
  },
  {
    name: 'since set',
    after: (s) => {
      fld(s, PR, 'Part').since = '2.18';
    },
    want: [['field-since-set', PR, 'Part']],
  },
  {
    name: 'since cleared',
    after: (s) => {
      fld(s, PR, 'Dock').since = null;
    },
    want: [['field-since-cleared', PR, 'Dock']],
  },
  {
    name: 'since later',
    after: (s) => {
      fld(s, PR, 'Dock').since = '2.30';
    },
    want: [['field-since-later', PR, 'Dock']],
  },
  {
    name: 'since earlier',
    after: (s) => {
      fld(s, PR, 'Dock').since = '2.20';
    },
    want: [['field-since-earlier', PR, 'Dock']],
  },
  {
    name: 'since earlier than the resource (numeric order: 2.9 < 2.18 < 2.24)',
    after: (s) => {
      fld(s, PR, 'Dock').since = '2.9';
    },
    want: [
      ['field-since-earlier', PR, 'Dock'],
      ['field-since-before-resource', PR, 'Dock'],
    ],
  },
  {
    name: 'obsoleted with replacement',
    after: (s) => {
      fld(s, PR, 'CustomerOrderPartRevisionId').obsolete = {
        since: '24.1',
        replacedBy: 'PartRevisionId',
        source: { file: 'spec.md', line: 17, column: 1 },
      };
    },
    want: [['field-obsoleted', PR, 'CustomerOrderPartRevisionId']],
  },
  {
    name: 'obsolete replacement and since changed',
    before: (s) => {
      fld(s, PR, 'CustomerOrderPartRevisionId').obsolete = {
        since: '24.1',
        replacedBy: 'PartRevisionId',
        source: { file: 'spec.md', line: 17, column: 1 },
      };
    },
    after: (s) => {
      fld(s, PR, 'CustomerOrderPartRevisionId').obsolete = {
        since: '24.2',
        replacedBy: 'CertificateId',
        source: { file: 'spec.md', line: 17, column: 1 },
      };
    },
    want: [
      ['field-obsolete-replacement-changed', PR, 'CustomerOrderPartRevisionId'],
      ['field-obsolete-since-changed', PR, 'CustomerOrderPartRevisionId'],
    ],
  },
  {
    name: 'no longer obsolete',
    before: (s) => {
      fld(s, PR, 'CustomerOrderPartRevisionId').obsolete = {
        since: '24.1',
        replacedBy: null,
        source: { file: 'spec.md', line: 17, column: 1 },
      };
    },
    after: () => {},
    want: [['field-no-longer-obsolete', PR, 'CustomerOrderPartRevisionId']],
  },
  {
    name: 'notes wording changed',
    after: (s) => {
      fld(s, PR, 'Dock').notes = 'Dock of the record.';
    },
    want: [['field-notes-changed', PR, 'Dock']],
  },
  {
    name: 'notes changed with a stated fact: only the fact is reported',
    after: (s) => Object.assign(fld(s, PR, 'CommentId'), { notes: 'References Persons.', references: 'Persons' }),
    want: [['field-reference-changed', PR, 'CommentId']],
  },
  {
    name: 'resource description changed',
    after: (s) => {
      res(s, PR).description = 'A serial number or batch.';
    },
    want: [['resource-description-changed', PR, null]],
  },
  {
    name: 'became expandable',
    after: (s) => {
      fld(s, PR, 'Part').expandable = true;
    },
    want: [['field-became-expandable', PR, 'Part']],
  },
  {
    name: 'no longer expandable',
    after: (s) => {
      fld(s, PR, 'Comment').expandable = false;
    },
    want: [['field-no-longer-expandable', PR, 'Comment']],
  },
  {
    name: 'reference changed',
    after: (s) => {
      fld(s, PR, 'CommentId').references = 'Persons';
    },
    want: [['field-reference-changed', PR, 'CommentId']],
  },
  {
    name: 'reference set',
    after: (s) => {
      fld(s, PR, 'PartRevisionId').references = 'Revisions';
    },
    want: [['field-reference-set', PR, 'PartRevisionId']],
  },
  {
    name: 'reference cleared',
    after: (s) => {
      fld(s, PR, 'CommentId').references = null;
    },
    want: [['field-reference-cleared', PR, 'CommentId']],
  },
  {
    name: 'max length',
    after: (s) => {
      fld(s, PR, 'ManufacturerPartNumber').maxLength = 80;
    },
    want: [['field-max-length-changed', PR, 'ManufacturerPartNumber']],
  },
  {
    name: 'enumeration added',
    after: (s) => {
      fld(s, PR, 'Id').enumeration = enumeration([[0, 'Zero']]);
    },
    want: [['enumeration-added', PR, 'Id']],
  },
  {
    name: 'enumeration removed',
    after: (s) => {
      fld(s, PR, 'ProductRecordType').enumeration = null;
    },
    want: [['enumeration-removed', PR, 'ProductRecordType']],
  },
  {
    name: 'enum value added',
    after: (s) =>
      void fld(s, PR, 'ProductRecordType').enumeration!.values.push({
        kind: 'enumValue',
        value: 2,
        name: 'Lot',
        source: { file: 'spec.md', line: 11, column: 1 },
      }),
    want: [['enum-value-added', PR, 'ProductRecordType']],
  },
  {
    name: 'enum value removed',
    after: (s) => void fld(s, PR, 'ProductRecordType').enumeration!.values.pop(),
    want: [['enum-value-removed', PR, 'ProductRecordType']],
  },
  {
    name: 'enum value renamed',
    after: (s) => {
      fld(s, PR, 'ProductRecordType').enumeration!.values[1]!.name = 'Lot';
    },
    want: [['enum-value-renamed', PR, 'ProductRecordType']],
  },
  {
    name: 'enumeration became bitmask',
    after: (s) => {
      fld(s, PR, 'ProductRecordType').enumeration!.bitmask = true;
    },
    want: [['bitmask-changed', PR, 'ProductRecordType']],
  },
  {
    name: 'bitmask flag added',
    after: (s) =>
      void fld(s, PR, 'BlockContext').enumeration!.values.push({
        kind: 'enumValue',
        value: 4,
        name: 'Delivery',
        source: { file: 'spec.md', line: 16, column: 1 },
      }),
    want: [['bitmask-flag-added', PR, 'BlockContext']],
  },
  {
    name: 'bitmask flag removed',
    after: (s) => void fld(s, PR, 'BlockContext').enumeration!.values.pop(),
    want: [['bitmask-flag-removed', PR, 'BlockContext']],
  },
  {
    name: 'bitmask flag renamed',
    after: (s) => {
      fld(s, PR, 'BlockContext').enumeration!.values[2]!.name = 'Release';
    },
    want: [['bitmask-flag-renamed', PR, 'BlockContext']],
  },
  {
    name: 'endpoint added',
    after: (s) => void s.endpoints.push(endpoint('logout', 'POST', '/{languageCode}/{companyNumber}/logout')),
    want: [['endpoint-added', 'endpoint:logout', null]],
  },
  {
    name: 'endpoint removed',
    after: (s) => void s.endpoints.pop(),
    want: [['endpoint-removed', 'endpoint:totpLogin', null]],
  },
  {
    name: 'endpoint path changed',
    after: (s) => {
      s.endpoints[2]!.path = '/{languageCode}/{companyNumber}/login/mfa';
    },
    want: [['endpoint-path-changed', 'endpoint:totpLogin', null]],
  },
  {
    name: 'endpoint path changed with a new id is still one endpoint',
    after: (s) => {
      s.endpoints[2] = { ...s.endpoints[2]!, id: 'mfaLogin', path: '/{languageCode}/{companyNumber}/login/mfa' };
    },
    want: [['endpoint-path-changed', 'endpoint:mfaLogin', null]],
  },
  {
    name: 'endpoint method changed',
    after: (s) => {
      s.endpoints[0]!.method = 'GET';
    },
    want: [['endpoint-method-changed', 'endpoint:oidcInitiate', null]],
  },
  {
    name: 'required param added',
    after: (s) => void s.endpoints[1]!.query.push({ name: 'nonce', required: true }),
    want: [['endpoint-required-param-added', 'endpoint:oidcCallback', null]],
  },
  {
    name: 'optional param added',
    after: (s) => void s.endpoints[1]!.query.push({ name: 'prompt', required: false }),
    want: [['endpoint-optional-param-added', 'endpoint:oidcCallback', null]],
  },
  {
    name: 'param removed',
    after: (s) => void s.endpoints[1]!.query.pop(),
    want: [['endpoint-param-removed', 'endpoint:oidcCallback', null]],
  },
  {
    name: 'request body changed',
    after: (s) => {
      s.endpoints[2]!.body = 'LoginRequest';
    },
    want: [['endpoint-request-body-changed', 'endpoint:totpLogin', null]],
  },
  {
    name: 'response changed',
    after: (s) => {
      s.endpoints[0]!.success = { status: 200, contentType: 'application/json', body: 'LoginResponse', text: '' };
    },
    want: [['endpoint-response-changed', 'endpoint:oidcInitiate', null]],
  },
  {
    name: 'endpoint since set',
    after: (s) => {
      s.endpoints[2]!.since = '26.1';
    },
    want: [['endpoint-since-set', 'endpoint:totpLogin', null]],
  },
  {
    name: 'endpoint since cleared',
    after: (s) => {
      s.endpoints[0]!.since = null;
    },
    want: [['endpoint-since-cleared', 'endpoint:oidcInitiate', null]],
  },
  {
    name: 'endpoint since later',
    after: (s) => {
      s.endpoints[0]!.since = '26.1';
    },
    want: [['endpoint-since-later', 'endpoint:oidcInitiate', null]],
  },
  {
    name: 'endpoint since earlier',
    after: (s) => {
      s.endpoints[0]!.since = '25.2';
    },
    want: [['endpoint-since-earlier', 'endpoint:oidcInitiate', null]],
  },
  {
    name: 'command added',
    after: (s) => void s.commands.push({ ...s.commands[1]!, name: 'RemoveMultiFactorDevice' }),
    want: [['command-added', 'command:RemoveMultiFactorDevice', null]],
  },
  {
    name: 'command removed',
    after: (s) => void s.commands.pop(),
    want: [['command-removed', 'command:SetMultiFactorAuthenticationDevice', null]],
  },
  {
    name: 'command response changed',
    after: (s) => {
      s.commands[0]!.response = null;
    },
    want: [['command-response-changed', 'command:GetMultiFactorDeviceSecret', null]],
  },
  {
    name: 'command header added',
    after: (s) => void s.commands[1]!.responseHeaders.push('X-Service-SessionId'),
    want: [['command-response-header-added', 'command:SetMultiFactorAuthenticationDevice', null]],
  },
  {
    name: 'command header removed',
    after: (s) => {
      s.commands[0]!.responseHeaders = [];
    },
    want: [['command-response-header-removed', 'command:GetMultiFactorDeviceSecret', null]],
  },
  {
    name: 'error status added',
    after: (s) =>
      void s.errorTables[0]!.cases.push({
        kind: 'error',
        status: 409,
        body: null,
        condition: 'Conflict.',
        source: { file: 'spec.md', line: 9, column: 1 },
      }),
    want: [['error-status-added', 'errors:OIDC callback', null]],
  },
  {
    name: 'error status removed',
    after: (s) => void s.errorTables[0]!.cases.pop(),
    want: [['error-status-removed', 'errors:OIDC callback', null]],
  },
  {
    name: 'error case added',
    after: (s) =>
      void s.errorTables[0]!.cases.push({
        kind: 'error',
        status: 401,
        body: null,
        condition: 'User not linked.',
        source: { file: 'spec.md', line: 9, column: 1 },
      }),
    want: [['error-case-added', 'errors:OIDC callback', null]],
  },
  {
    name: 'error case removed',
    after: (s) => void s.errorTables[0]!.cases.splice(1, 1),
    want: [['error-case-removed', 'errors:OIDC callback', null]],
  },
  {
    name: 'error condition changed',
    after: (s) => {
      s.errorTables[1]!.cases[1]!.condition = 'Code wrong or reused.';
    },
    want: [['error-condition-changed', 'errors:TOTP login and device registration', null]],
  },
  {
    name: 'error body set',
    after: (s) => {
      s.errorTables[0]!.cases[2]!.body = 'Denied';
    },
    want: [['error-body-set', 'errors:OIDC callback', null]],
  },
  {
    name: 'error body cleared',
    after: (s) => {
      s.errorTables[1]!.cases[0]!.body = null;
    },
    want: [['error-body-cleared', 'errors:TOTP login and device registration', null]],
  },
  {
    name: 'error body changed',
    after: (s) => {
      s.errorTables[1]!.cases[1]!.body = 'Invalid code';
    },
    want: [['error-body-changed', 'errors:TOTP login and device registration', null]],
  },
  {
    name: 'whole error table removed',
    after: (s) => void s.errorTables.pop(),
    want: [
      ['error-status-removed', 'errors:TOTP login and device registration', null],
      ['error-status-removed', 'errors:TOTP login and device registration', null],
    ],
  },
  {
    name: 'limit added',
    after: (s) => void s.limits.push({ ...s.limits[0]!, id: 'sessionLifetime', name: 'Session lifetime' }),
    want: [['limit-added', 'limit:sessionLifetime', null]],
  },
  {
    name: 'limit removed',
    after: (s) => void s.limits.shift(),
    want: [['limit-removed', 'limit:mfaTokenValidity', null]],
  },
  {
    name: 'validity shorter: tightened',
    after: (s) => {
      s.limits[0] = { ...s.limits[0]!, valueText: '1 minute', value: { kind: 'duration', milliseconds: 60_000 } };
    },
    want: [['limit-tightened', 'limit:mfaTokenValidity', null]],
  },
  {
    name: 'validity longer: relaxed',
    after: (s) => {
      s.limits[0] = { ...s.limits[0]!, valueText: '3 minutes', value: { kind: 'duration', milliseconds: 180_000 } };
    },
    want: [['limit-relaxed', 'limit:mfaTokenValidity', null]],
  },
  {
    name: 'max length longer: tightened for readers',
    after: (s) => {
      s.limits[1] = { ...s.limits[1]!, valueText: 'at most 80', value: { kind: 'maxLength', value: 80 } };
    },
    want: [['limit-tightened', 'limit:manufacturerPartNumberLength', null]],
  },
  {
    name: 'text limit changed',
    after: (s) => {
      s.limits[2] = { ...s.limits[2]!, valueText: 'other', value: { kind: 'text', text: 'other' } };
    },
    want: [['limit-changed', 'limit:note', null]],
  },
  {
    name: 'transition added',
    after: (s) =>
      void s.transitions.push(transition('Waiting for TOTP', 'POST login/totp', 'Code reused', 'Unchanged', 409)),
    want: [['transition-added', 'transition:Waiting for TOTP / POST login/totp', null]],
  },
  {
    name: 'transition removed',
    after: (s) => void s.transitions.pop(),
    want: [['transition-removed', 'transition:Waiting for TOTP / POST login/totp', null]],
  },
  {
    name: 'transition target changed',
    after: (s) => {
      s.transitions[2] = { ...s.transitions[2]!, to: 'Waiting for TOTP ends', status: 410 };
    },
    want: [['transition-target-changed', 'transition:Waiting for TOTP / POST login/totp', null]],
  },
  {
    name: 'transition condition changed',
    after: (s) => {
      s.transitions[2] = { ...s.transitions[2]!, condition: 'Code wrong or reused' };
    },
    want: [['transition-condition-changed', 'transition:Waiting for TOTP / POST login/totp', null]],
  },
  {
    name: 'transition condition changed while another transition of the same move is added',
    after: (s) => {
      s.transitions[2] = { ...s.transitions[2]!, condition: 'Code wrong or stale' };
      s.transitions.push(transition('Waiting for TOTP', 'POST login/totp', 'Device locked', 'Unchanged', 423));
    },
    want: [
      ['transition-condition-changed', 'transition:Waiting for TOTP / POST login/totp', null],
      ['transition-added', 'transition:Waiting for TOTP / POST login/totp', null],
    ],
  },
  {
    name: 'transition effects changed',
    after: (s) => {
      s.transitions[0] = { ...s.transitions[0]!, effects: 'Returns LoginResponse.' };
    },
    want: [['transition-effects-changed', 'transition:Waiting for TOTP / POST login/totp', null]],
  },
  {
    name: 'gap filled',
    before: (s) =>
      void s.unknowns.push({
        kind: 'unknown',
        id: 'limits.throttling',
        section: 'Limits',
        text: 'Thresholds behind 429: not shown.',
        source: { file: 'spec.md', line: 700, column: 1 },
      }),
    after: () => {},
    want: [['gap-filled', 'gap:limits.throttling', null]],
  },
  {
    name: 'gap added',
    after: (s) =>
      void s.unknowns.push({
        kind: 'unknown',
        id: 'session.lifetime',
        section: 'Session',
        text: 'Session lifetime: not shown.',
        source: { file: 'spec.md', line: 700, column: 1 },
      }),
    want: [['gap-added', 'gap:session.lifetime', null]],
  },
  {
    name: 'new field without since',
    after: (s) => void res(s, PR).fields.push(field('Weight', 'Decimal?')),
    want: [
      ['field-added', PR, 'Weight'],
      ['new-field-since-missing', PR, 'Weight'],
    ],
  },
  {
    name: 'new field not newer than the old newest version',
    after: (s) => void res(s, PR).fields.push(field('Weight', 'Decimal?', { since: '26.7' })),
    want: [
      ['field-added', PR, 'Weight'],
      ['new-field-since-not-newer', PR, 'Weight'],
    ],
  },
  {
    name: 'field older than its resource',
    after: (s) => {
      fld(s, 'Schedules', 'Code').since = '2.18';
    },
    want: [
      ['field-since-set', 'Schedules', 'Code'],
      ['field-since-before-resource', 'Schedules', 'Code'],
    ],
  },
  {
    name: 'inconsistency already in the old spec is not repeated',
    before: (s) => {
      fld(s, 'Schedules', 'Code').since = '2.18';
    },
    after: (s) => {
      fld(s, 'Schedules', 'Code').since = '2.18';
    },
    want: [],
  },
];

const seen = new Set<string>();

describe('diff rules on factory-built IR', () => {
  it('the base spec diffed against itself gives no change', () => {
    expect(diffSpecs(baseSpec(), baseSpec()).changes).toEqual([]);
  });

  for (const c of cases) {
    it(c.name, () => {
      const before = baseSpec();
      const after = baseSpec();
      c.before?.(before);
      c.after(after);
      const result = diffSpecs(before, after);
      const got = result.changes.map((x) => [x.rule, x.resource, x.field] as Expected);
      const sortKey = (e: Expected) => e.join('|');
      expect([...got].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(
        [...c.want].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
      );
      for (const x of result.changes) {
        expect(x.severity).toBe(RULES[x.rule].severity);
        expect(x.message.length).toBeGreaterThan(10);
        expect(x.fingerprint).toMatch(/^[0-9a-f]{16}$/);
        seen.add(x.rule);
      }
    });
  }

  it('every rule in the catalog is exercised by a case above', () => {
    expect(RULE_IDS.filter((id) => !seen.has(id))).toEqual([]);
  });
});

describe('messages', () => {
  const obsolete = (replacedBy: string) => {
    const after = baseSpec();
    fld(after, PR, 'CustomerOrderPartRevisionId').obsolete = {
      since: '24.1',
      replacedBy,
      source: { file: 'spec.md', line: 17, column: 1 },
    };
    return diffSpecs(baseSpec(), after).changes[0]!.message;
  };
  it('an obsolete field names its replacement and where to find it', () => {
    expect(obsolete('PartRevisionId')).toBe(
      'ProductRecords.CustomerOrderPartRevisionId is obsolete since 24.1; replaced by PartRevisionId (available since 24.1).',
    );
    expect(obsolete('RevisionId')).toBe(
      'ProductRecords.CustomerOrderPartRevisionId is obsolete since 24.1; replaced by RevisionId (not a field of ProductRecords).',
    );
  });
  it('type, nullability and enum messages show old and new', () => {
    const after = baseSpec();
    fld(after, PR, 'Id').type = field('x', 'Int64?').type;
    fld(after, PR, 'ProductRecordType').enumeration!.values[1]!.name = 'Lot';
    expect(diffSpecs(baseSpec(), after).changes.map((c) => c.message)).toEqual([
      'ProductRecords.Id may now be null (Int64 -> Int64?).',
      'ProductRecords.ProductRecordType: value 1 was renamed from Batch to Lot.',
    ]);
  });
});
