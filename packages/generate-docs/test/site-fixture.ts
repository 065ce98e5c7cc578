/**
 * The browser tests' site: the real spec's site written into a temp folder, served from that
 * folder by a plain static file server on 127.0.0.1 (a random port), as any static host would.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { parseSpec } from '@specgen/parser';
import { writeDocs } from '../src/index.ts';

export const ROOT = join(import.meta.dirname, '../../..');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/atom+xml',
};

export interface ServedSite {
  dir: string;
  url: string;
  close(): Promise<void>;
}

export function writeRealSite(dir: string): void {
  const specPath = join(ROOT, 'spec/service-api.md');
  const { spec } = parseSpec(readFileSync(specPath, 'utf8'), 'spec/service-api.md');
  writeDocs({
    spec,
    specFile: 'spec/service-api.md',
    specPath,
    outDir: dir,
    baseUrl: null,
    base: null,
    allVersions: true,
    sourceDateEpoch: null,
    cwd: ROOT,
  });
}

export async function serveRealSite(): Promise<ServedSite> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-site-'));
  writeRealSite(dir);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dir,
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
