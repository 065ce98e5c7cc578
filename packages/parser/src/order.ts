/** Canonical orders, so that the IR does not depend on the order of sections. */
import type { Spec } from '@specgen/ir';
import { compareVersions } from '@specgen/ir';

/** Same order as sortVersions (numeric, part by part), parsing each version once instead of per comparison. */
export function orderVersions(versions: Iterable<string>): string[] {
  const parsed = [...new Set(versions)].map((v) => ({ v, parts: v.split('.').map(Number) }));
  parsed.sort((a, b) => {
    for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
      const d = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
      if (d !== 0) return d;
    }
    return compareVersions(a.v, b.v);
  });
  return parsed.map((p) => p.v);
}

/**
 * Resources in the order of the read-resources table (the spec's list of read endpoints), those without
 * a row after them in section order: moving `### Resource` sections does not change the IR.
 */
export function inReadTableOrder(resources: Spec['resources'], tableOrder: string[]): Spec['resources'] {
  const position = new Map<string, number>();
  tableOrder.forEach((name, i) => {
    if (!position.has(name)) position.set(name, i);
  });
  const rank = (name: string) => position.get(name) ?? tableOrder.length;
  return resources
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r.name) - rank(b.r.name) || a.i - b.i)
    .map((x) => x.r);
}

/** Error tables in the order of the endpoint (then command) they apply to first, then by title. */
export function inTargetOrder(tables: Spec['errorTables'], targets: string[]): Spec['errorTables'] {
  const rank = (t: Spec['errorTables'][number]) =>
    Math.min(...t.appliesTo.map((x) => targets.indexOf(x)).filter((i) => i >= 0), targets.length);
  return [...tables].sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
}
