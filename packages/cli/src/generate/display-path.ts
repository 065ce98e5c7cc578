import { relative, resolve, sep } from 'node:path';

/** `spec/service-api.md` whatever the platform, so headers are the same on every machine. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, resolve(cwd, path));
  return (rel.startsWith('..') ? resolve(path) : rel).split(sep).join('/');
}
