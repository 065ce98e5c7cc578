/** Paths relative to where the user is: INIT_CWD under `pnpm specgen`, the current folder under `pnpm exec`. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultsBase, userCwd, userPath, workspaceRoot } from '../src/io/paths.ts';
import { nearestSpec, readSpecFile } from '../src/io/spec-file.ts';

/** A workspace: pnpm-workspace.yaml, spec/service-api.md, spec/old-api.md, packages/app/. */
function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'specgen-paths-'));
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: [packages/*]\n');
  mkdirSync(join(root, 'spec'));
  writeFileSync(join(root, 'spec/service-api.md'), '# Spec\n');
  writeFileSync(join(root, 'spec/old-api.md'), '# Old\n');
  mkdirSync(join(root, 'packages/app'), { recursive: true });
  return root;
}

describe('where paths are relative to', () => {
  const root = workspace();
  const app = join(root, 'packages/app');

  it('is INIT_CWD under the root `specgen` script, the current folder otherwise', () => {
    expect(userCwd({ INIT_CWD: app, npm_lifecycle_event: 'specgen' }, root)).toBe(app);
    expect(userCwd({ INIT_CWD: app, npm_lifecycle_event: 'build' }, root)).toBe(root);
    expect(userCwd({}, app)).toBe(app);
    expect(userCwd({ INIT_CWD: join(root, 'gone'), npm_lifecycle_event: 'specgen' }, root)).toBe(root);
  });

  it('resolves typed paths from the user folder and defaults from the workspace root', () => {
    const env = { INIT_CWD: app, npm_lifecycle_event: 'specgen' };
    expect(userPath('../../spec/service-api.md', 'x', env, root)).toBe(join(root, 'spec/service-api.md'));
    expect(userPath(null, 'spec/service-api.md', env, root)).toBe(join(root, 'spec/service-api.md'));
    expect(userPath(null, 'generated', {}, app)).toBe(join(root, 'generated'));
    expect(workspaceRoot(app)).toBe(root);
    expect(defaultsBase({}, app)).toBe(root);
    const outside = mkdtempSync(join(tmpdir(), 'specgen-outside-'));
    expect(defaultsBase({}, outside)).toBe(outside);
  });
});

describe('a missing spec', () => {
  const root = workspace();
  const app = join(root, 'packages/app');

  it('suggests the nearest existing spec by name, else the first spec found', () => {
    expect(nearestSpec('spec/old-apy.md', join(root, 'spec/old-apy.md'), root)).toBe('spec/old-api.md');
    expect(nearestSpec('nope.md', join(root, 'nope.md'), root)).toBe('spec/old-api.md');
    expect(nearestSpec('nope.md', join(app, 'nope.md'), app)).toBe('../../spec/old-api.md');
    expect(nearestSpec('../../spec/service-apx.md', join(root, 'spec/service-apx.md'), app)).toBe(
      '../../spec/service-api.md',
    );
    // A folder of its own: $TMPDIR itself may hold other people's .md files.
    const empty = mkdtempSync(join(tmpdir(), 'specgen-empty-'));
    expect(nearestSpec('x.md', join(empty, 'x.md'), empty)).toBeNull();
  });

  it('says why a file cannot be read', async () => {
    expect(await readSpecFile(join(root, 'spec/service-apx.md'), 'spec/service-apx.md', root)).toEqual({
      ok: false,
      message: 'cannot read spec/service-apx.md: no such file; did you mean spec/service-api.md?',
    });
    expect(await readSpecFile(join(root, 'spec'), 'spec', root)).toEqual({
      ok: false,
      message: 'cannot read spec: it is a folder, not a file',
    });
    expect(await readSpecFile(join(root, 'spec/service-api.md'), 'spec/service-api.md', root)).toEqual({
      ok: true,
      text: '# Spec\n',
    });
  });
});
