/** The contract every target implements: IR in, files out. No target writes to disk itself. */
import type { Spec } from '@specgen/ir';
import type { GeneratedFile } from './files.ts';
import type { TemplateEngine } from './templates.ts';

export interface GenerateOptions {
  /** Write the output as of this service version; null = the newest version in the spec. */
  serviceVersion: string | null;
  /** Spec path as shown in headers, relative to the repository root (e.g. `spec/service-api.md`). */
  specFile: string;
  /** Version written into this target's package.json. */
  packageVersion: string;
  /** npm name of each target's package (default `@service-api/<target>`; see packages.ts). */
  packageNames?: Readonly<Record<string, string>>;
  /** Version of each target's package, for the ranges between them (default: packageVersion). */
  packageVersions?: Readonly<Record<string, string>>;
}

export interface GenerateContext {
  spec: Spec;
  templates: TemplateEngine;
  options: GenerateOptions;
  /** Values shared by the generators of one run (absent: compute your own). */
  shared?: RunShared;
  /**
   * A one-shot run (not --watch): nothing renders again from this run's objects, so a generator
   * keeps nothing for a later run (texts and tables kept by IR or document object), and what it
   * builds is garbage once its files are written. Absent or false: keep the memos (watch mode).
   */
  oneShot?: boolean;
}

/**
 * Values computed once per run and shared by its generators, such as the OpenAPI document that
 * both the openapi and the server target read. A key names everything the value depends on
 * besides the run's spec; values are read-only.
 */
export interface RunShared {
  get<T>(key: string, make: () => T): T;
}

export function createRunShared(): RunShared {
  const values = new Map<string, unknown>();
  return {
    get<T>(key: string, make: () => T): T {
      if (!values.has(key)) values.set(key, make());
      return values.get(key) as T;
    },
  };
}

export interface Generator {
  /** Target name, also the folder of its templates and of its package under the output root. */
  target: string;
  /** npm package name of the output by default; `options.packageNames` may rename it. */
  packageName: string;
  generate(ctx: GenerateContext): GeneratedFile[];
}
