/**
 * The registry of every target `specgen generate` writes. A generator package exports
 * `generator` (the `Generator` interface of @specgen/generate-core) from its src/index.ts;
 * add it here and `generate`, `--only`, `--check` and `--watch` pick it up.
 */
import type { Generator } from '@specgen/generate-core';
import { generator as types } from '@specgen/generate-types';
import { generator as validators } from '@specgen/generate-validators';
import { generator as openapi } from '@specgen/generate-openapi';
import { generator as client } from '@specgen/generate-client';
import { generator as server } from '@specgen/generate-server';

export const generators: readonly Generator[] = [types, validators, openapi, client, server];

export function findGenerators(only: readonly string[] | null): Generator[] {
  if (only === null) return [...generators];
  const unknown = only.filter((t) => !generators.some((g) => g.target === t));
  if (unknown.length > 0) {
    throw new Error(`unknown target(s) ${unknown.join(', ')}; known: ${generators.map((g) => g.target).join(', ')}`);
  }
  return generators.filter((g) => only.includes(g.target));
}
