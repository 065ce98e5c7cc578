/**
 * A hand-built IR covering what the type and validator generators must handle: every scalar,
 * nullability, an expandable reference to an undescribed type, a reference to a known
 * resource, enumerations (one with the spec's spelling `Registrered`), a bitmask, since
 * versions that only order correctly as numbers (2.9 < 2.18 < 24.1), an obsolete field with
 * its replacement, a max length, and sign-in structures (one open-ended, one with `$id`).
 */
import { type EnumValue, type Enumeration, NO_SOURCE, field, resource, spec, structure, typeExpr } from '@specgen/ir';
import type { Spec } from '@specgen/ir';

function enumeration(pairs: [number, string][], bitmask = false): Enumeration {
  const values: EnumValue[] = pairs.map(([value, name]) => ({ kind: 'enumValue', value, name, source: NO_SOURCE }));
  return { kind: 'enumeration', bitmask, origin: bitmask ? 'notes' : 'statuses', values, source: NO_SOURCE };
}

export function fixtureSpec(): Spec {
  const widgets = resource(
    'Widgets',
    [
      field('Id', 'Int64', { notes: 'Business key.' }),
      field('Name', 'String', { notes: 'Name; maximum length 50.', maxLength: 50 }),
      field('Count', 'Int32', { notes: 'How many.' }),
      field('Price', 'Decimal?', { notes: 'Price.', since: '2.9' }),
      field('ValidFrom', 'DateTimeOffset', { notes: 'Valid from.', since: '2.18' }),
      field('ValidTo', 'DateTimeOffset?', { notes: 'Valid to.', since: '2.18' }),
      field('SetupTime', 'TimeSpan', { notes: 'Setup time.' }),
      field('LeadTime', 'TimeSpan?', { notes: 'Lead time.', since: '24.1' }),
      field('Active', 'Boolean', { notes: 'Whether it is active.' }),
      field('CommentId', 'Int64?', { notes: 'References Comments.', references: 'Comments' }),
      field('Comment', 'Comments', { notes: 'Expandable.', expandable: true }),
      field('ExtraFields', 'ExtraFields[]', { notes: 'Expandable; extra field values.', expandable: true }),
      field('Status', 'Int32', {
        notes: 'Values under States and transitions.',
        since: '22.6',
        enumeration: enumeration([
          [0, 'NotInitialized'],
          [1, 'Registrered'],
          [9, 'Historical'],
        ]),
      }),
      field('BlockContext', 'Int32', {
        notes: 'Bitmask. 0 = None, 1 = Withdrawal, 2 = Clearance, 4 = Delivery.',
        since: '2.45',
        enumeration: enumeration(
          [
            [0, 'None'],
            [1, 'Withdrawal'],
            [2, 'Clearance'],
            [4, 'Delivery'],
          ],
          true,
        ),
      }),
      field('OldRevisionId', 'Int64?', {
        notes: 'Obsolete since 24.1; replaced by RevisionId.',
        since: '2.9',
        obsolete: { since: '24.1', replacedBy: 'RevisionId', source: NO_SOURCE },
      }),
      field('RevisionId', 'Int64?', { notes: 'Revision.', since: '24.1' }),
    ],
    {
      area: 'Inventory',
      path: 'Inventory/Widgets',
      introduced: '2.9',
      description: 'Represents a widget.',
      permission: 'Show widgets',
      typeGuid: '3e3bfb7c-bb0c-495b-b88d-e1efa1f50368',
    },
  );
  const gadgets = resource(
    'Gadgets',
    [
      field('Id', 'Int64', { notes: 'Business key.' }),
      field('WidgetId', 'Int64', { notes: 'References Widgets.', references: 'Widgets' }),
      {
        ...field('Widget', 'Widgets', { notes: 'Expandable.', expandable: true }),
        type: typeExpr('Widgets', () => true),
      },
      field('Comment', 'Comments', { notes: 'The comment.' }),
    ],
    { area: 'Sales', path: 'Sales/Gadgets', introduced: null, hasSinceColumn: false },
  );
  const loginResponse = structure(
    'LoginResponse',
    [
      field('SessionId', 'String?', { notes: 'Session identifier in GUID format.' }),
      field('MfaToken', 'String?', { notes: 'Set only when a second factor is still required.' }),
      field('$id', 'String', { notes: 'Serialization reference marker.' }),
    ],
    {
      label: 'LoginResponse',
      description: 'JSON',
      openEnded: true,
      remarks: ['When a second factor is required, every field is null except MfaToken.'],
    },
  );
  const loginRequest = structure(
    'LoginRequest',
    [
      field('ForceRelogin', 'Boolean', { notes: 'Sent in the OIDC initiate body.' }),
      field('Username', 'String', { notes: 'Omitted for OIDC.' }),
    ],
    { label: 'LoginRequest', openEnded: true },
  );
  const totp = structure(
    'TotpLoginRequest',
    [
      field('MfaToken', 'String', { notes: 'The token returned by the login attempt.' }),
      field('Code', 'Integer', { notes: 'The TOTP code.' }),
    ],
    { label: 'TOTP login request' },
  );
  return spec({
    title: 'Fixture API',
    file: 'fixture.md',
    versions: ['2.9', '2.18', '2.45', '22.6', '24.1'],
    newestVersion: '24.1',
    resources: [widgets, gadgets],
    structures: [loginRequest, loginResponse, totp],
  });
}
