/**
 * Deterministic output of the document: JSON and YAML of its canonical form (the contract's
 * `canonical`: keys in one fixed order), LF line ends.
 */
import { canonical } from '@specgen/contract';
import { yamlOf } from './yaml.ts';

export { canonical, toJson } from '@specgen/contract';

export function toYaml(document: unknown, header: string, alreadyCanonical = false): string {
  return header + yamlOf((alreadyCanonical ? document : canonical(document)) as Record<string, unknown>);
}
