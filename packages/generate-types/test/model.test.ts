import { describe, expect, it } from 'vitest';
import { NO_SOURCE, field, resource, spec, typeExpr } from '@specgen/ir';
import { buildTypesModel, fieldDoc, tsType } from '@specgen/generate-core';
import { fixtureSpec } from './fixture.ts';

describe('tsType', () => {
  const s = fixtureSpec();
  const cases: { given: Parameters<typeof field>; want: string }[] = [
    { given: ['Id', 'Int64'], want: 'bigint' },
    { given: ['OwnerId', 'Int64?'], want: 'bigint | null' },
    { given: ['Count', 'Int32'], want: 'number' },
    { given: ['Price', 'Decimal?'], want: 'number | null' },
    { given: ['Flag', 'Boolean'], want: 'boolean' },
    { given: ['At', 'DateTimeOffset?'], want: 'string | null' },
    { given: ['Span', 'TimeSpan'], want: 'string' },
    { given: ['Code', 'Integer'], want: 'number' },
    { given: ['Comment', 'Comments', { expandable: true }], want: 'Comment | null' },
    { given: ['Unit', 'Units'], want: 'Unit | null' },
    { given: ['Lines', 'ExtraFields[]', { expandable: true }], want: 'ExtraField[] | null' },
    { given: ['DeliveryAddress', 'Addresses', { expandable: true }], want: 'Address | null' },
    { given: ['Statuses', 'ManualOperationStatuses', { expandable: true }], want: 'ManualOperationStatus | null' },
  ];
  for (const { given, want } of cases) {
    it(`${given[1]} -> ${want}`, () => expect(tsType(s, 'Widgets', field(...given))).toBe(want));
  }

  it('a reference to a known resource uses its record type', () => {
    const f = { ...field('Widget', 'Widgets', { expandable: true }), type: typeExpr('Widgets', () => true) };
    expect(tsType(s, 'Gadgets', f)).toBe('Widget | null');
  });

  it('an enumerated Int32 uses the enumeration type named by the resolver', () => {
    const status = fixtureSpec().resources[0]!.fields.find((f) => f.name === 'Status')!;
    expect(tsType(s, 'Widgets', status)).toBe('WidgetStatus');
  });
});

describe('fieldDoc', () => {
  const widgets = fixtureSpec().resources[0]!;
  const doc = (name: string) => fieldDoc(widgets.fields.find((f) => f.name === name)!, 'Widget', null);

  it('has the notes, the spec type and @since', () => {
    expect(doc('LeadTime')).toEqual([
      'Lead time.',
      'Spec type: `TimeSpan?`.',
      'Duration `[-][d.]hh:mm:ss[.fffffff]`, e.g. `1.02:03:04`.',
      '@since 24.1',
    ]);
  });

  it('marks an obsolete field @deprecated with its replacement', () => {
    expect(doc('OldRevisionId')).toContain(
      '@deprecated Obsolete since 24.1; use {@link Widget.RevisionId | RevisionId} instead.',
    );
  });

  it('escapes a comment terminator in notes', () => {
    const f = field('X', 'String', { notes: 'a */ b' });
    expect(fieldDoc(f, 'T', null)[0]).toBe('a *\\/ b');
  });
});

describe('buildTypesModel', () => {
  it('keeps the spec spelling of enumeration values', () => {
    const model = buildTypesModel(fixtureSpec(), null, 'fixture.md');
    const status = model.resources[0]!.enums.find((e) => e.typeName === 'WidgetStatus')!;
    expect(status.values.map((v) => v.name)).toEqual(['NotInitialized', 'Registrered', 'Historical']);
  });

  it('makes request fields "Omitted for ..." optional', () => {
    const model = buildTypesModel(fixtureSpec(), null, 'fixture.md');
    const login = model.structures.find((s) => s.name === 'LoginRequest')!;
    expect(login.fields.map((f) => [f.name, f.optional])).toEqual([
      ['ForceRelogin', false],
      ['Username', true],
    ]);
  });

  it('writes the output as of --service-version: later fields and resources are left out', () => {
    const model = buildTypesModel(fixtureSpec(), '2.18', 'fixture.md');
    const widget = model.resources.find((r) => r.name === 'Widgets')!;
    expect(widget.fields.map((f) => f.name)).not.toContain('LeadTime');
    expect(widget.fields.map((f) => f.name)).toContain('ValidFrom');
    expect(model.versions).toEqual(['2.9', '2.18']);
    expect(buildTypesModel(fixtureSpec(), '2.1', 'fixture.md').resources.map((r) => r.name)).toEqual(['Gadgets']);
  });

  it('refuses two generated types with one name', () => {
    const clash = spec({
      resources: [resource('Comments', [field('Id', 'Int64')]), resource('Comment', [field('Id', 'Int64')])],
    });
    expect(() => buildTypesModel(clash, null, 'x.md')).toThrow(/Comment is used by both Comments and Comment/);
  });

  it('lists undescribed referenced types once, with the fields that use them', () => {
    const model = buildTypesModel(fixtureSpec(), null, 'fixture.md');
    expect(model.references).toEqual([
      expect.objectContaining({ typeName: 'Comment', usedBy: ['Widgets.Comment', 'Gadgets.Comment'] }),
      expect.objectContaining({ typeName: 'ExtraField', usedBy: ['Widgets.ExtraFields'] }),
    ]);
  });

  // Watch mode keeps the views and what was checked of them, and checks a later model by what changed.
  it('a kept build checks the names of each new model, with views that came and went', () => {
    const others = [resource('Widgets', [field('Id', 'Int64')])];
    const build = (...names: string[]) =>
      buildTypesModel(
        spec({ resources: [...names.map((n) => resource(n, [field('Id', 'Int64')])), ...others] }),
        null,
        'x.md',
      );
    expect(build('Comments').resources.map((r) => r.typeName)).toEqual(['Comment', 'Widget']);
    // Comments went and Comment came: the name Comment has one owner again.
    expect(build('Comment').resources.map((r) => r.typeName)).toEqual(['Comment', 'Widget']);
    expect(() => build('Comment', 'Comments')).toThrow(/Comment is used by both Comment and Comments/);
    expect(() => build('Comment', 'Comments')).toThrow(/Comment is used by both Comment and Comments/);
    expect(build('Comments').resources).toHaveLength(2);
    // An enumeration's type name (WidgetKind, of Widgets.Kind) against a resource's that comes later.
    const value = { kind: 'enumValue' as const, value: 0, name: 'None', source: NO_SOURCE };
    const kind = field('Kind', 'Int32', {
      enumeration: { kind: 'enumeration', bitmask: false, origin: 'notes', values: [value], source: NO_SOURCE },
    });
    const widgets = resource('Widgets', [kind]);
    expect(buildTypesModel(spec({ resources: [widgets] }), null, 'x.md').resources[0]?.enums[0]?.typeName).toBe(
      'WidgetKind',
    );
    const clash = spec({ resources: [widgets, resource('WidgetKinds', [field('Id', 'Int64')])] });
    expect(() => buildTypesModel(clash, null, 'x.md')).toThrow(
      /WidgetKind is used by both Widgets.Kind and WidgetKinds/,
    );
  });

  // A one-shot build (keep: false) checks the views as they are read, and names the owners only on a clash.
  it('a one-shot build refuses the same clashes, naming each owner as a kept build does', () => {
    const comments = resource('Comments', [field('Id', 'Int64')]);
    const comment = resource('Comment', [field('Id', 'Int64')]);
    expect(() => buildTypesModel(spec({ resources: [comments, comment] }), null, 'x.md', false)).toThrow(
      /Comment is used by both Comments and Comment/,
    );
    const value = { kind: 'enumValue' as const, value: 0, name: 'None', source: NO_SOURCE };
    const enumeration = { kind: 'enumeration' as const, origin: 'notes' as const, values: [value], source: NO_SOURCE };
    const kind = field('Kind', 'Int32', { enumeration: { ...enumeration, bitmask: false } });
    const widgets = resource('Widgets', [kind]);
    const clash = spec({ resources: [widgets, resource('WidgetKinds', [field('Id', 'Int64')])] });
    expect(() => buildTypesModel(clash, null, 'x.md', false)).toThrow(
      /WidgetKind is used by both Widgets.Kind and WidgetKinds/,
    );
    // a bitmask's flag type against a later resource's type
    const flags = field('Flags', 'Int32', { enumeration: { ...enumeration, bitmask: true } });
    const flagClash = spec({
      resources: [resource('Gizmos', [flags]), resource('GizmoFlagsFlags', [field('Id', 'Int64')])],
    });
    expect(() => buildTypesModel(flagClash, null, 'x.md', false)).toThrow(
      /GizmoFlagsFlag is used by both Gizmos.Flags and GizmoFlagsFlags/,
    );
    const fine = buildTypesModel(spec({ resources: [widgets, comment] }), null, 'x.md', false);
    expect(fine.resources.map((r) => r.typeName)).toEqual(['Widget', 'Comment']);
  });

  it('a kept build gives the references of what changed', () => {
    const fixture = fixtureSpec();
    expect(buildTypesModel(fixture, null, 'fixture.md').references.map((r) => r.typeName)).toEqual([
      'Comment',
      'ExtraField',
    ]);
    // The same resources moved (positions only): the same references.
    const moved = { ...fixture, resources: fixture.resources.map((r) => ({ ...r, source: { ...r.source, line: 9 } })) };
    expect(buildTypesModel(moved, null, 'fixture.md').references.map((r) => r.usedBy)).toEqual([
      ['Widgets.Comment', 'Gadgets.Comment'],
      ['Widgets.ExtraFields'],
    ]);
    // A field that names another undescribed type.
    const edited = {
      ...fixture,
      resources: fixture.resources.map((r) =>
        r.name === 'Gadgets' ? { ...r, fields: [...r.fields, field('Note', 'Notes', { expandable: true })] } : r,
      ),
    };
    expect(buildTypesModel(edited, null, 'fixture.md').references.map((r) => [r.typeName, r.usedBy])).toEqual([
      ['Comment', ['Widgets.Comment', 'Gadgets.Comment']],
      ['ExtraField', ['Widgets.ExtraFields']],
      ['Note', ['Gadgets.Note']],
    ]);
    expect(buildTypesModel(fixture, null, 'fixture.md').references.map((r) => r.typeName)).toEqual([
      'Comment',
      'ExtraField',
    ]);
  });
});
