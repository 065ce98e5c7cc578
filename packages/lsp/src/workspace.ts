/**
 * The workspace folders and which documents are specs (spec-files.ts: the editor's `specGlobs`, else
 * `specgen.config.*` `spec`, else `spec/*.md`). A document outside every folder is a spec only when the
 * patterns are absolute paths that name it.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { specGlobs, specMatcher } from './spec-files.ts';

interface Folder {
  root: string;
  matches: (path: string) => boolean;
}

export class Workspace {
  #folders: Folder[] = [];
  /** Problems met while reading the folders' configs, for the log. */
  problems: string[] = [];

  constructor(readonly roots: string[]) {}

  /** Reads every folder's patterns again (after a settings or config change). */
  async refresh(editorGlobs: readonly string[]): Promise<void> {
    const folders: Folder[] = [];
    this.problems = [];
    for (const root of this.roots) {
      try {
        folders.push({ root, matches: specMatcher(root, await specGlobs(root, editorGlobs)) });
      } catch (error) {
        this.problems.push(`${root}: ${error instanceof Error ? error.message : String(error)}`);
        folders.push({ root, matches: specMatcher(root, editorGlobs.length > 0 ? editorGlobs : ['spec/*.md']) });
      }
    }
    this.#folders = folders;
  }

  /** The folder and path of a spec document, or null when the URI is not a spec. */
  specOf(uri: string): { root: string; path: string; file: string } | null {
    const path = filePath(uri);
    if (!path) return null;
    const folder = this.#folders.find((f) => f.matches(path));
    if (!folder) return null;
    return { root: folder.root, path, file: relative(folder.root, path).split(sep).join('/') };
  }

  /** `docs/diagnostics.md` of a folder when it has one (this repository), else null. */
  diagnosticsDoc(): string | null {
    for (const root of this.roots) {
      const file = join(root, 'docs', 'diagnostics.md');
      if (existsSync(file)) return pathToFileURL(file).href;
    }
    return null;
  }
}

export function filePath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}
