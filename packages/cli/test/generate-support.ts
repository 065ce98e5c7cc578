/** Test support for `specgen generate`: run the command in-process and capture its output. */
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { vi } from 'vitest';
import { generateCommand } from '../src/commands/generate.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const REAL_SPEC = join(REPO_ROOT, 'spec/service-api.md');

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runGenerate(args: string[]): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await generateCommand.run(args);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** A scratch folder with a copy of the real spec at `spec.md`. */
export function scratch(): { dir: string; spec: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-generate-'));
  cpSync(REAL_SPEC, join(dir, 'spec.md'));
  return { dir, spec: join(dir, 'spec.md'), out: join(dir, 'generated') };
}

/** Every file under `root` with its contents, by relative path. */
export function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else files[relative(root, abs).split('\\').join('/')] = readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return files;
}
