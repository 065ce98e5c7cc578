/** Changes of one field that exists in both specs: type, nullability, versions, notes-derived facts. */
import type { Field, TypeExpr } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { compareEnumeration } from './enumeration.ts';
import { describeVersions, versionMove } from './versions.ts';

/** A resource or a sign-in structure; request structures are written by the consumer, not read. */
export interface Container {
  name: string;
  isRequest: boolean;
}

export function baseText(t: TypeExpr): string {
  return t.base.kind === 'scalar' ? t.base.scalar : t.base.target;
}

export function compareField(
  log: ChangeLog,
  container: Container,
  before: Field,
  after: Field,
  siblings: ReadonlyMap<string, Field> = new Map(),
): void {
  const recorded = log.changes.length;
  compareFieldFacts(log, container, before, after, siblings);
  // wording only: the notes changed but nothing the notes state (reference, enum, obsolete, ...) did
  if (log.changes.length === recorded && norm(before.notes) !== norm(after.notes)) {
    log.add('field-notes-changed', {
      resource: container.name,
      field: after.name,
      source: after.source,
      message: `${container.name}.${after.name}: notes "${norm(before.notes)}" -> "${norm(after.notes)}".`,
    });
  }
}

const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

function compareFieldFacts(
  log: ChangeLog,
  container: Container,
  before: Field,
  after: Field,
  siblings: ReadonlyMap<string, Field>,
): void {
  const name = `${container.name}.${after.name}`;
  const at = { resource: container.name, field: after.name, source: after.source };
  if (baseText(before.type) !== baseText(after.type)) {
    log.add('field-type-changed', {
      ...at,
      message: `${name} changed type: ${before.type.text} -> ${after.type.text}.`,
    });
  }
  if (before.type.array !== after.type.array) {
    const shape = (f: Field) => (f.type.array ? 'an array' : 'a single value');
    log.add('field-array-changed', {
      ...at,
      message: `${name} changed from ${shape(before)} to ${shape(after)} (${before.type.text} -> ${after.type.text}).`,
    });
  }
  if (before.type.nullable !== after.type.nullable) {
    const nullable = after.type.nullable;
    const rule = container.isRequest
      ? nullable
        ? 'request-field-became-nullable'
        : 'request-field-became-non-null'
      : nullable
        ? 'field-became-nullable'
        : 'field-became-non-null';
    log.add(rule, {
      ...at,
      message: `${name} ${nullable ? 'may now be null' : 'is no longer nullable'} (${before.type.text} -> ${after.type.text}).`,
    });
  }
  const move = versionMove(before.since, after.since);
  if (move) {
    log.add(`field-since-${move}`, {
      ...at,
      message: `${name}: since version ${describeVersions(before.since, after.since)}.`,
      version: after.since,
    });
  }
  compareObsolete(log, container, before, after, siblings);
  if (before.expandable !== after.expandable) {
    log.add(after.expandable ? 'field-became-expandable' : 'field-no-longer-expandable', {
      ...at,
      message: `${name} ${after.expandable ? 'became expandable (null unless expanded)' : 'is no longer expandable'}.`,
    });
  }
  if (before.references !== after.references) {
    const rule =
      before.references === null
        ? 'field-reference-set'
        : after.references === null
          ? 'field-reference-cleared'
          : 'field-reference-changed';
    log.add(rule, {
      ...at,
      message: `${name} references ${before.references ?? 'nothing stated'} -> ${after.references ?? 'nothing stated'}.`,
    });
  }
  if (before.maxLength !== after.maxLength) {
    log.add('field-max-length-changed', {
      ...at,
      message: `${name}: maximum length ${before.maxLength ?? 'none'} -> ${after.maxLength ?? 'none'}.`,
    });
  }
  compareEnumeration(log, container.name, before, after);
}

function compareObsolete(
  log: ChangeLog,
  container: Container,
  before: Field,
  after: Field,
  siblings: ReadonlyMap<string, Field>,
): void {
  const name = `${container.name}.${after.name}`;
  const a = before.obsolete;
  const b = after.obsolete;
  const at = { resource: container.name, field: after.name };
  if (a === null && b !== null) {
    const replacement = b.replacedBy
      ? `; replaced by ${b.replacedBy}${describeReplacement(container, b.replacedBy, siblings)}`
      : '';
    log.add('field-obsoleted', {
      ...at,
      source: b.source,
      version: b.since,
      message: `${name} is obsolete since ${b.since}${replacement}.`,
    });
  } else if (a !== null && b === null) {
    log.add('field-no-longer-obsolete', {
      ...at,
      source: after.source,
      message: `${name} is no longer obsolete (was obsolete since ${a.since}).`,
    });
  } else if (a !== null && b !== null) {
    if (a.replacedBy !== b.replacedBy) {
      const note = b.replacedBy ? describeReplacement(container, b.replacedBy, siblings) : '';
      log.add('field-obsolete-replacement-changed', {
        ...at,
        source: b.source,
        message: `${name}: replacement ${a.replacedBy ?? 'none'} -> ${b.replacedBy ?? 'none'}${note}.`,
      });
    }
    if (a.since !== b.since) {
      log.add('field-obsolete-since-changed', {
        ...at,
        source: b.source,
        message: `${name}: obsolete since ${a.since} -> ${b.since}.`,
      });
    }
  }
}

/** Where readers find the replacement: its since version, or a warning that the resource has no such field. */
function describeReplacement(container: Container, name: string, siblings: ReadonlyMap<string, Field>): string {
  const replacement = siblings.get(name);
  if (!replacement) return ` (not a field of ${container.name})`;
  return replacement.since ? ` (available since ${replacement.since})` : '';
}
