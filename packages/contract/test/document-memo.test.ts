import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { markMoved, typeExpr, type Resource, type Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { buildDocument, routes } from '../src/index.ts';
import { documentPatchStats, mapEntries } from '../src/openapi/build-record.ts';
import { resourceMemoStats } from '../src/openapi/resource-memo.ts';

const SPEC = fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url));
const base = parseSpecFile(SPEC).spec;

type Doc = { paths: Record<string, unknown>; components: { schemas: Record<string, Record<string, unknown>> } };
const build = (spec: Spec, version: string | null = null) =>
  buildDocument(spec, { serviceVersion: version }) as unknown as Doc;
/** The same spec as new objects: no memo entry applies, so this is what a first build gives. */
const cold = (spec: Spec, version: string | null = null) => JSON.stringify(build(structuredClone(spec), version));

/** Builds and counts the resource parts built and replayed. */
function counted(
  spec: Spec,
  version: string | null = null,
): { doc: Doc; built: number; replayed: number; moved: number } {
  const before = { ...resourceMemoStats };
  const doc = build(spec, version);
  return {
    doc,
    built: resourceMemoStats.built - before.built,
    replayed: resourceMemoStats.replayed - before.replayed,
    moved: resourceMemoStats.moved - before.moved,
  };
}

/** A copy of `value` with every source position `lines` further down (as lines added above do). */
const shifted = <T>(value: T, lines: number): T =>
  JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    key === 'source' ? { ...(v as { line: number }), line: (v as { line: number }).line + lines } : v,
  ) as T;

/** `spec` with resource `name` replaced, every other IR object shared (as the incremental parser hands it over). */
const replaced = (spec: Spec, name: string, make: (r: Resource) => Resource): Spec => ({
  ...spec,
  resources: spec.resources.map((r) => (r.name === name ? make(r) : r)),
});
const editNotes = (r: Resource, index: number, notes: string): Resource => ({
  ...r,
  fields: r.fields.map((f, i) => (i === index ? { ...f, notes } : f)),
});

describe('buildDocument keeps each read resource part by the identity of its IR object', () => {
  it('rebuilds only the edited resource after a field edit, with the bytes of a first build', () => {
    const spec = structuredClone(base);
    const first = counted(spec);
    expect(first.built).toBe(spec.resources.length);
    const edited = replaced(spec, 'Schedules', (r) => editNotes(r, 1, 'Edited "notes".'));
    const second = counted(edited);
    expect(second).toMatchObject({ built: 1, replayed: spec.resources.length - 1 });
    expect(JSON.stringify(second.doc)).toBe(cold(edited));
    expect(JSON.stringify(second.doc)).toContain('Edited \\"notes\\".');
    // Unchanged parts are the same objects; the edited resource's record is new.
    expect(second.doc.components.schemas.ProductRecord).toBe(first.doc.components.schemas.ProductRecord);
    expect(second.doc.paths).not.toBe(first.doc.paths);
    expect(second.doc.components.schemas.Schedule).toBeDefined();
    expect(second.doc.components.schemas.Schedule).not.toBe(first.doc.components.schemas.Schedule);
  });

  it('gives the bytes of a first build when a resource is removed, added or moved', () => {
    const spec = structuredClone(base);
    build(spec);
    const copy = {
      ...structuredClone(spec.resources.find((r) => r.name === 'Schedules')!),
      name: 'Schedules2',
      path: 'Manufacturing/Schedules2',
    };
    const added = { ...spec, resources: [...spec.resources, copy] };
    const withAdded = counted(added);
    expect(withAdded.built).toBe(1);
    expect(JSON.stringify(withAdded.doc)).toBe(cold(added));
    // ProductRecords adds the Comment placeholder that later resources find present: without it they
    // cannot be replayed (and are built again), with it again neither can their new parts.
    const removed = { ...spec, resources: spec.resources.filter((r) => r.name !== 'ProductRecords') };
    const withRemoved = counted(removed);
    expect(withRemoved.built).toBeGreaterThan(0);
    expect(JSON.stringify(withRemoved.doc)).toBe(cold(removed));
    expect(JSON.stringify(build(spec))).toBe(cold(spec));
    const moved = { ...spec, resources: [...spec.resources].reverse() };
    expect(JSON.stringify(build(moved))).toBe(cold(moved));
    expect(JSON.stringify(build(spec))).toBe(cold(spec));
  });

  it('rebuilds a resource whose field references an edited resource', () => {
    // ProductRecords (first) references Schedules (later): its part holds the ScheduleRecord it built.
    const spec = replaced(structuredClone(base), 'ProductRecords', (r) => ({
      ...r,
      fields: [
        ...r.fields,
        {
          ...r.fields[1]!,
          name: 'Schedule',
          notes: '',
          enumeration: null,
          type: typeExpr('Schedules', () => true),
          expandable: true,
        },
      ],
    }));
    build(spec);
    const edited = replaced(spec, 'Schedules', (r) => ({ ...r, description: 'Edited schedule.' }));
    const second = counted(edited);
    expect(second.built).toBe(2);
    expect(JSON.stringify(second.doc)).toBe(cold(edited));
    expect(second.doc.components.schemas.Schedule?.description).toBe('Edited schedule.');
    expect(JSON.stringify(second.doc.components.schemas.ProductRecord)).toContain('#/components/schemas/Schedule"');
    // Before Schedules exists (22.2), the reference is the open placeholder.
    expect(JSON.stringify(build(edited, '2.18'))).toBe(cold(edited, '2.18'));
  });

  it('finds the part of a resource moved by lines added above it (a new object, the same contents)', () => {
    const spec = structuredClone(base);
    build(spec);
    const moved = {
      ...spec,
      resources: spec.resources.map((r, i) => (i === 0 ? editNotes(r, 1, 'Edited.') : shifted(r, 1))),
    };
    const second = counted(moved);
    expect({ built: second.built, moved: second.moved, replayed: second.replayed }).toEqual({
      built: 1,
      moved: spec.resources.length - 1,
      replayed: 0,
    });
    expect(JSON.stringify(second.doc)).toBe(cold(moved));
    // And by identity the next time.
    expect(counted(moved)).toMatchObject({ built: 0, moved: 0, replayed: spec.resources.length });
    // A moved resource whose contents changed too is built again.
    const changed = {
      ...moved,
      resources: moved.resources.map((r, i) => (i === 2 ? shifted(editNotes(r, 0, 'Also edited.'), 2) : r)),
    };
    const third = counted(changed);
    expect(third).toMatchObject({ built: 1, moved: 0 });
    expect(JSON.stringify(third.doc)).toBe(cold(changed));
  });

  it('replays the part of a resource the parser recorded as moved (stableIdentity), without a contents key', () => {
    const spec = structuredClone(base);
    build(spec);
    // what the incremental parser does for a resource whose lines only moved (share.ts)
    const twins = spec.resources.map((r) => {
      const moved = shifted(r, 3);
      markMoved(moved, r);
      return moved;
    });
    const moved = counted({ ...spec, resources: twins });
    expect({ built: moved.built, moved: moved.moved, replayed: moved.replayed }).toEqual({
      built: 0,
      moved: 0,
      replayed: spec.resources.length,
    });
    expect(JSON.stringify(moved.doc)).toBe(cold({ ...spec, resources: twins }));
  });

  it('keeps a part per service version and rebuilds all parts when a decision input changes', () => {
    const spec = structuredClone(base);
    for (const version of [null, '22.2', null, '24.1', '22.2'])
      expect(JSON.stringify(build(spec, version))).toBe(cold(spec, version));
    expect(counted(spec, '24.1').built).toBe(0);
    const unknowns = { ...spec, unknowns: spec.unknowns.map((u, i) => (i === 0 ? { ...u, id: `${u.id}.edited` } : u)) };
    const rebuilt = counted(unknowns);
    expect(rebuilt.built).toBe(spec.resources.length);
    expect(JSON.stringify(rebuilt.doc)).toBe(cold(unknowns));
    const prefix = { ...spec, readPathPrefix: '/{languageCode}/{companyNumber}/api/v2/{path}' };
    expect(JSON.stringify(build(prefix))).toBe(cold(prefix));
    expect(routes(prefix, null).at(-1)!.path).toContain('/api/v2/');
  });

  it('builds a spec with two resources of one name without the memo, as before', () => {
    const spec = structuredClone(base);
    const twice = { ...spec, resources: [...spec.resources, { ...spec.resources[0]!, path: 'Other/ProductRecords' }] };
    const once = counted(twice);
    expect(once.replayed).toBe(0);
    expect(JSON.stringify(once.doc)).toBe(cold(twice));
  });

  it('freezes the parts it keeps, so that no reader can change a later document', () => {
    const doc = build(structuredClone(base));
    const record = doc.components.schemas.ProductRecord!;
    expect(() => {
      record.description = 'changed';
    }).toThrow(TypeError);
    expect(Object.isFrozen((record.properties as Record<string, object>).Id)).toBe(true);
  });

  it('builds without the memo when asked (a one-shot run): the same bytes, nothing kept, looked up or frozen', () => {
    const own = structuredClone(base);
    const before = { ...resourceMemoStats };
    const doc = buildDocument(own, { serviceVersion: null, memo: false }) as unknown as Doc;
    expect(resourceMemoStats).toEqual(before);
    expect(JSON.stringify(doc)).toBe(cold(base));
    expect(Object.isFrozen(doc.components.schemas.ProductRecord)).toBe(false);
    // nothing was kept for these objects: a build with the memo builds every part
    expect(counted(own).replayed).toBe(0);
  });
});

describe('buildDocument patches the last build when only parts changed (document-patch.ts)', () => {
  const patched = (spec: Spec) => {
    const before = { ...documentPatchStats };
    const doc = build(spec);
    return {
      doc,
      patched: documentPatchStats.patched - before.patched,
      whole: documentPatchStats.whole - before.whole,
    };
  };
  /** A first build's bytes, without the memo: a memoized build would become the last build. */
  const cold = (spec: Spec) =>
    JSON.stringify(buildDocument(structuredClone(spec), { serviceVersion: null, memo: false }));

  it('patches a field edit: the bytes of a first build, the unchanged names and values kept', () => {
    const spec = structuredClone(base);
    const first = patched(spec);
    const edited = replaced(spec, 'Schedules', (r) => editNotes(r, 1, 'Patched notes.'));
    const second = patched(edited);
    expect(second).toMatchObject({ patched: 1, whole: 0 });
    expect(JSON.stringify(second.doc)).toBe(cold(edited));
    expect(JSON.stringify(second.doc)).toContain('Patched notes.');
    const names = (doc: Doc) => mapEntries(doc.components.schemas)?.names;
    expect(names(second.doc)).toBeDefined();
    expect(names(second.doc)).toBe(names(first.doc));
    expect(mapEntries(second.doc.paths)?.names).toBe(mapEntries(first.doc.paths)?.names);
    expect(second.doc.components.schemas.ProductRecord).toBe(first.doc.components.schemas.ProductRecord);
    expect(second.doc.components.schemas.Schedule).not.toBe(first.doc.components.schemas.Schedule);
    // every edit in a row, and back
    const third = patched(replaced(edited, 'ProductRecords', (r) => ({ ...r, description: 'Patched record.' })));
    expect(third.patched).toBe(1);
    expect(JSON.stringify(third.doc)).toBe(
      cold(replaced(edited, 'ProductRecords', (r) => ({ ...r, description: 'Patched record.' }))),
    );
    // the structures' schemas (built at every build) are the last build's objects while they are the same
    const structure = Object.keys(second.doc.components.schemas)[0] ?? '';
    expect(spec.structures.length).toBeGreaterThan(0);
    expect(third.doc.components.schemas[structure]).toBe(second.doc.components.schemas[structure]);
    expect(Object.isFrozen(third.doc.components.schemas[structure])).toBe(true);
    expect(patched(spec).patched).toBe(1);
    expect(JSON.stringify(build(spec))).toBe(cold(spec));
  });

  it('builds the whole document when an edit adds a component name, and patches again after', () => {
    const spec = structuredClone(base);
    build(spec);
    const withEnum = replaced(spec, 'Schedules', (r) => ({
      ...r,
      fields: r.fields.map((f, i) =>
        i === 1
          ? {
              ...f,
              type: typeExpr('Int32', () => false),
              enumeration: {
                kind: 'enumeration' as const,
                bitmask: false,
                origin: 'notes' as const,
                values: [
                  { kind: 'enumValue' as const, value: 0, name: 'Zero', source: f.source },
                  { kind: 'enumValue' as const, value: 1, name: 'One', source: f.source },
                ],
                source: f.source,
              },
            }
          : f,
      ),
    }));
    const added = patched(withEnum);
    expect(added).toMatchObject({ patched: 0, whole: 1 });
    expect(JSON.stringify(added.doc)).toBe(cold(withEnum));
    const again = replaced(withEnum, 'Schedules', (r) => ({ ...r, description: 'After the enum.' }));
    const next = patched(again);
    expect(next).toMatchObject({ patched: 1, whole: 0 });
    expect(JSON.stringify(next.doc)).toBe(cold(again));
  });

  it('rebuilds the readers of an edited resource in a patch', () => {
    const spec = replaced(structuredClone(base), 'ProductRecords', (r) => ({
      ...r,
      fields: [
        ...r.fields,
        {
          ...(r.fields[1] as Resource['fields'][number]),
          name: 'Schedule',
          notes: '',
          enumeration: null,
          type: typeExpr('Schedules', () => true),
          expandable: true,
        },
      ],
    }));
    build(spec);
    const edited = replaced(spec, 'Schedules', (r) => ({ ...r, description: 'Edited schedule.' }));
    const before = { ...resourceMemoStats };
    const second = patched(edited);
    expect(second.patched).toBe(1);
    expect(resourceMemoStats.built - before.built).toBe(2);
    expect(JSON.stringify(second.doc)).toBe(cold(edited));
  });
});
