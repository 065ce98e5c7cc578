/** Paths between the modules of one generated package. */
import { posix } from 'node:path';

/** `import ... from '<path>'` text between two modules of the package (NodeNext wants `.js`). */
export function importPath(fromModule: string, toModule: string): string {
  const rel = posix.relative(posix.dirname(fromModule), toModule);
  return `${rel.startsWith('.') ? rel : `./${rel}`}.js`;
}
