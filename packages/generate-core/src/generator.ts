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
  /**
   * A one-shot run writing into a target folder that does not exist yet (nothing to compare a file
   * with): a large file's bytes may go into the run's staging folder as they are made
   * (`ByteStream`), so that its text never sits in memory whole. Absent: return the text as usual.
   */
  stageFile?: (path: string) => StagedFileWriter;
}

/** A file of the staging folder being written (`GenerateContext.stageFile`). */
export interface StagedFileWriter {
  /** Appends bytes (synchronously: `bytes` may be reused once this returns). */
  write(bytes: Uint8Array): void;
  /** Closes the file; its `GeneratedFile` (`staged`), to return with the target's files. */
  close(): GeneratedFile;
  /** Closes and removes the file (the generator returns the text instead). */
  discard(): void;
}

/**
 * Values computed once per run and shared by its generators, such as the OpenAPI document that
 * both the openapi and the server target read. A key names everything the value depends on
 * besides the run's spec; values are read-only.
 */
export interface RunShared {
  /**
   * The value of `key`, made on first use. `readers`: the targets that read it; once each of them
   * is `finished`, the value is dropped (a one-shot run then holds it no longer than needed).
   */
  get<T>(key: string, make: () => T, readers?: readonly string[]): T;
  /** Tells that `target` is rendered: values whose readers are all finished are dropped. */
  finished(target: string): void;
}

export function createRunShared(): RunShared {
  const values = new Map<string, { value: unknown; waiting: Set<string> | null }>();
  const done = new Set<string>();
  return {
    get<T>(key: string, make: () => T, readers?: readonly string[]): T {
      let entry = values.get(key);
      if (entry === undefined) {
        entry = { value: make(), waiting: readers ? new Set(readers.filter((r) => !done.has(r))) : null };
        values.set(key, entry);
      }
      return entry.value as T;
    },
    finished(target: string): void {
      done.add(target);
      for (const [key, entry] of values) {
        entry.waiting?.delete(target);
        if (entry.waiting?.size === 0) values.delete(key);
      }
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
