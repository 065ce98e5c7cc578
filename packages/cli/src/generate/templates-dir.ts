/**
 * The built-in templates: the copy of the repository's `templates/` that `prepack` puts into the
 * @specgen/cli package (so an installed specgen has them), else, in the repository, the
 * repository's own `templates/` (never a stale copy: the packed copy is removed after packing).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TEMPLATES_DIR } from '@specgen/generate-core';

export function builtinTemplatesDir(): string {
  // src/generate/ or dist/generate/ -> the package folder.
  const shipped = fileURLToPath(new URL('../../templates', import.meta.url));
  return existsSync(shipped) ? shipped : DEFAULT_TEMPLATES_DIR;
}
