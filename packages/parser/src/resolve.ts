/**
 * Cross-links between sections, as passes over what the extractors collected (collect.ts). Each
 * pass reads its input and returns new objects; the extracted parts are never changed, so an
 * incremental parse can reuse them (parse-memo.ts):
 * - names: duplicate resources and structures are reported, the first kept; the set of known names;
 * - structures: `known` on reference types (resolve-structures.ts);
 * - facts and resources: what other sections add to a resource (resource-facts.ts, resolve-resources.ts);
 * - links: endpoints, commands, error tables and limits (resolve-links.ts);
 * - versions: every version named, in order (resolve-versions.ts).
 */
import type { Spec } from '@specgen/ir';
import type { Collected } from './collect.ts';
import type { ParseContext } from './context.ts';
import { inReadTableOrder } from './order.ts';
import { checkPayloadTypes } from './payload-types.ts';
import { resolveCommands, resolveEndpoints, resolveErrorTables, resolveLimits } from './resolve-links.ts';
import type { ResolveMemo } from './resolve-memo.ts';
import { resolvedResource } from './resolve-resources.ts';
import { resolveStructures } from './resolve-structures.ts';
import { specVersions } from './resolve-versions.ts';
import { emptyFacts, resourceFacts } from './resource-facts.ts';

export function resolve(
  ctx: ParseContext,
  c: Collected,
  memo?: ResolveMemo,
): Omit<Spec, 'kind' | 'title' | 'file' | 'source'> {
  const extracted = inReadTableOrder(
    unique(ctx, c.resources, 'resource'),
    c.readRows.map((r) => r.name),
  );
  const declared = unique(ctx, c.structures, 'structure');
  const known = knownNames([...extracted.map((r) => r.name), ...declared.map((s) => s.name)], memo);
  const structures = resolveStructures(ctx, declared, known);
  checkPayloadTypes(ctx, structures);
  const facts = resourceFacts(ctx, c, extracted);
  const none = emptyFacts();
  const resources = extracted.map((r) => resolvedResource(r, facts.get(r.name) ?? none, known, memo));
  const endpoints = resolveEndpoints(ctx, c.endpoints, c.versioning, structures);
  const commands = resolveCommands(c.commands, structures);
  const versions = specVersions(resources, endpoints, c.versioning, memo);
  const segment = c.versioning.find((v) => v.rule === 'apiSegment');
  return {
    versions,
    newestVersion: versions.at(-1) ?? null,
    readPathPrefix:
      c.readPathPrefix ??
      `/{languageCode}/{companyNumber}/${segment?.rule === 'apiSegment' ? segment.segment : 'api/v1'}`,
    resources,
    structures,
    endpoints,
    commands,
    errorTables: resolveErrorTables(c.errorTables, endpoints, commands),
    limits: resolveLimits(c.limits, structures),
    transitions: c.transitions,
    versioning: c.versioning,
    unknowns: uniqueIds(c.unknowns),
  };
}

/** The names of resources and structures; with a memo, the same names give the same set as the last parse. */
function knownNames(names: string[], memo?: ResolveMemo): ReadonlySet<string> {
  if (!memo) return new Set(names);
  const joined = names.join('\n');
  if (memo.known?.names !== joined) memo.known = { names: joined, set: new Set(names) };
  return memo.known.set;
}

function unique<T extends { name: string; source: { line: number; column: number } }>(
  ctx: ParseContext,
  items: T[],
  what: string,
): T[] {
  const seen = new Set<string>();
  return items.filter((x) => {
    if (!seen.has(x.name)) {
      seen.add(x.name);
      return true;
    }
    ctx.report('duplicate-resource', `${what} "${x.name}" is defined twice; the first definition is kept`, x.source);
    return false;
  });
}

/** Sorted by id (section order does not matter); a repeated id gets `.2`, `.3`. */
function uniqueIds(unknowns: Spec['unknowns']): Spec['unknowns'] {
  const sorted = [...unknowns].sort((a, b) => a.id.localeCompare(b.id) || a.text.localeCompare(b.text));
  const count = new Map<string, number>();
  return sorted.map((u) => {
    const n = (count.get(u.id) ?? 0) + 1;
    count.set(u.id, n);
    return n === 1 ? u : { ...u, id: `${u.id}.${n}` };
  });
}
