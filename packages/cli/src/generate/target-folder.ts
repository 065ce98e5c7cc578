import type { GeneratedFile } from '@specgen/generate-core';

export class GenerateError extends Error {}

/** Refuses a file a generator produced outside its target's folder. */
export function checkFolder(target: string, files: readonly GeneratedFile[]): void {
  for (const f of files) {
    if (!f.path.startsWith(`${target}/`))
      throw new GenerateError(`generator ${target} produced ${f.path}, outside its folder ${target}/`);
  }
}
