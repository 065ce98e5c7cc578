/** Deterministic JSON of the IR: keys in schema order (zod parse output), two-space indent, trailing newline. */
import { Spec } from '@specgen/ir';

export function toStableJson(spec: Spec): string {
  return `${JSON.stringify(Spec.parse(spec), null, 2)}\n`;
}
