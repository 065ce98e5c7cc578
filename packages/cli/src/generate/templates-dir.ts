/**
 * The built-in templates: the copy of the repository's `templates/` that `prepack` puts into the
 * @specgen/cli package (so an installed specgen has them), else, in the repository, the
 * repository's own `templates/` (never a stale copy: the packed copy is removed after packing).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TEMPLATES_DIR } from '@specgen/generate-core';

export function builtinTemplatesDir(): string {
  const shipped = join(packageDir(), 'templates');
  return existsSync(shipped) ? shipped : DEFAULT_TEMPLATES_DIR;
}

/** The @specgen/cli folder: the nearest one above this module with a package.json (from src/generate/, dist/generate/ or bundle/). */
function packageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
