/** A few lines that say what a spec holds, for people (`specgen parse --summary`). */
import type { Spec } from '@specgen/ir';

export function specSummary(spec: Spec): string {
  const fields = spec.resources.reduce((n, r) => n + r.fields.length, 0);
  const enums = spec.resources.reduce((n, r) => n + r.fields.filter((f) => f.enumeration).length, 0);
  const lines = [
    `${spec.title || '(untitled)'} (${spec.file})`,
    `  resources:   ${spec.resources.length} (${fields} fields, ${enums} enumerations): ${spec.resources.map((r) => r.name).join(', ')}`,
    `  structures:  ${spec.structures.length}: ${spec.structures.map((s) => s.name).join(', ')}`,
    `  endpoints:   ${spec.endpoints.length}: ${spec.endpoints.map((e) => `${e.method} ${e.path}`).join(', ')}`,
    `  commands:    ${spec.commands.length}: ${spec.commands.map((c) => c.name).join(', ')}`,
    `  errors:      ${spec.errorTables.reduce((n, t) => n + t.cases.length, 0)} cases in ${spec.errorTables.length} tables`,
    `  limits:      ${spec.limits.length}; transitions: ${spec.transitions.length}; versioning rules: ${spec.versioning.length}`,
    `  versions:    ${spec.versions.length}, ${spec.versions[0] ?? '-'} .. ${spec.newestVersion ?? '-'}`,
    `  not shown:   ${spec.unknowns.length}: ${spec.unknowns.map((u) => u.id).join(', ')}`,
  ];
  return `${lines.join('\n')}\n`;
}
