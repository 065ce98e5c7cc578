/**
 * Names in the lines the IR does not point at (prose, endpoint and command cells, transitions,
 * Enumerated statuses, Versioning): structures by name or label, resources, commands, `Resource.Field`
 * mentions and the field after their `replaced by`.
 */
import type { Spec } from '@specgen/ir';
import type { NameIndex, Target } from './name-index.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names in the other lines: structures (name or label), resources, commands, `Resource.Field`, its `replaced by`. */
export function scanProse(index: NameIndex, spec: Spec, lines: readonly string[], skip: ReadonlySet<number>): void {
  const words = new Map<string, Target>();
  for (const r of spec.resources) words.set(r.name, { kind: 'resource', name: r.name });
  for (const c of spec.commands) words.set(c.name, { kind: 'command', name: c.name });
  for (const s of spec.structures) {
    words.set(s.name, { kind: 'structure', name: s.name });
    if (s.label !== s.name) words.set(s.label.toLowerCase(), { kind: 'structure', name: s.name });
  }
  if (words.size === 0) return;
  const names = [...words.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\w$])(${names.join('|')})(?![\\w$])`, 'gi');
  const owners = new Set([...spec.resources, ...spec.structures].map((o) => o.name));
  const defined = new Set(
    index.all.filter((o) => o.definition).map((o) => `${o.range.start.line}:${o.range.start.character}`),
  );
  for (const [line, text] of lines.entries()) {
    if (skip.has(line) || text.length > 10_000) continue;
    for (const m of text.matchAll(pattern)) {
      const found = m[1] ?? '';
      const target = words.get(found) ?? words.get(found.toLowerCase());
      // Case matters for single names (a resource "Parts" is not "parts"); labels match in any case.
      const start = m.index ?? 0;
      if (defined.has(`${line}:${start}`)) continue;
      if (target && (words.has(found) || /\s/.test(found))) index.add(target, line, start, found.length);
    }
    for (const m of text.matchAll(/(?<![\w$])([A-Z][A-Za-z0-9_]*)\.([A-Za-z_$][A-Za-z0-9_]*)/g)) {
      const owner = m[1] ?? '';
      if (!owners.has(owner)) continue;
      const field = m[2] ?? '';
      const start = (m.index ?? 0) + owner.length + 1;
      index.add({ kind: 'field', owner, name: field }, line, start, field.length);
      const replaced = /\breplaced by\s+([A-Za-z_][A-Za-z0-9_]*)/i.exec(text.slice(start));
      if (replaced) {
        const name = replaced[1] ?? '';
        index.add(
          { kind: 'field', owner, name },
          line,
          start + replaced.index + replaced[0].length - name.length,
          name.length,
        );
      }
    }
  }
}
