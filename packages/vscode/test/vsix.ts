/** Reads the packed extension (a zip: vsce writes it with yazl) with yauzl, the reader vsce itself uses. */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** What `pnpm turbo run build` writes (scripts/build.mjs). */
export const VSIX_PATH = join(PACKAGE_DIR, 'dist/specgen-vscode.vsix');

/** Every file of the archive, by its path inside it. */
export function readVsix(path = VSIX_PATH): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error(`cannot open ${path}`));
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Writes the files under `prefix` (e.g. `extension/server/`) into `dir`, keeping their relative paths. */
export function extract(files: Map<string, Buffer>, prefix: string, dir: string): void {
  for (const [name, data] of files) {
    if (!name.startsWith(prefix)) continue;
    const target = join(dir, name.slice(prefix.length));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
}

export function manifestOf(files: Map<string, Buffer>): ExtensionManifest {
  const text = files.get('extension/package.json');
  if (!text) throw new Error('the .vsix has no extension/package.json');
  return JSON.parse(text.toString('utf8')) as ExtensionManifest;
}

export interface ExtensionManifest {
  name: string;
  publisher: string;
  version: string;
  main: string;
  private?: boolean;
  engines: Record<string, string>;
  activationEvents: string[];
  contributes: {
    configuration: { properties: Record<string, { type: string; default?: unknown; enum?: string[] }> };
    commands: { command: string; title: string }[];
  };
}

/** The .vsix read and its `extension/` folder unpacked into a fresh temp dir outside the repository. */
export async function unpackExtension(): Promise<{ files: Map<string, Buffer>; dir: string; serverBin: string }> {
  if (!existsSync(VSIX_PATH))
    throw new Error(`${VSIX_PATH} is missing: run pnpm turbo run build --filter specgen-vscode`);
  const files = await readVsix();
  const dir = mkdtempSync(join(tmpdir(), 'specgen-vsix-'));
  extract(files, 'extension/', join(dir, 'extension'));
  return { files, dir, serverBin: join(dir, 'extension/server/bin/specgen.js') };
}
