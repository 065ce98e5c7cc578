/**
 * The V8 code cache of the bundled `generate` command (src/code-cache/): the cache file's own checks,
 * a script run twice in child processes (the cache is written at exit and accepted by the next run, also
 * when the script changes V8 flags while it runs), and the built bin: same output with and without a
 * cache, a damaged cache replaced, a template override still compiled at run time, a folder that
 * cannot be written.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { codeCacheDir } from '../src/code-cache/cache-dir.ts';
import { cacheFileName, readCacheFile, writeCacheFile } from '../src/code-cache/cache-file.ts';
import { REAL_SPEC, REPO_ROOT } from './generate-support.ts';

const temp = (name: string) => mkdtempSync(join(tmpdir(), `specgen-code-cache-${name}-`));
const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe('the cache file', () => {
  it('reads back what was written, and nothing from a damaged, cut or foreign file', () => {
    const dir = temp('file');
    const data = Buffer.from('cached data of V8, any bytes'.repeat(50));
    expect(writeCacheFile(dir, 'a.v8cache', data)).toBe(true);
    expect(readCacheFile(join(dir, 'a.v8cache'))).toEqual(data);
    const whole = readFileSync(join(dir, 'a.v8cache'));
    const flipped = Buffer.from(whole);
    flipped.writeUInt8(flipped.readUInt8(whole.length - 5) ^ 0xff, whole.length - 5);
    writeFileSync(join(dir, 'flipped.v8cache'), flipped);
    expect(readCacheFile(join(dir, 'flipped.v8cache'))).toBeUndefined();
    writeFileSync(join(dir, 'cut.v8cache'), whole.subarray(0, whole.length - 100));
    expect(readCacheFile(join(dir, 'cut.v8cache'))).toBeUndefined();
    writeFileSync(join(dir, 'foreign.v8cache'), data);
    expect(readCacheFile(join(dir, 'foreign.v8cache'))).toBeUndefined();
    expect(readCacheFile(join(dir, 'none.v8cache'))).toBeUndefined();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('is named by the script text, and the folder keeps the newest few', () => {
    expect(cacheFileName('generate', 'a')).not.toBe(cacheFileName('generate', 'b'));
    expect(cacheFileName('generate', 'a')).toBe(cacheFileName('generate', 'a'));
    const dir = temp('prune');
    for (const text of ['1', '2', '3', '4', '5', '6']) writeCacheFile(dir, cacheFileName('g', text), Buffer.from(text));
    expect(cacheFiles(dir)).toHaveLength(4);
    expect(cacheFiles(dir)).toContain(cacheFileName('g', '6'));
  });

  it('cannot be written where no folder can be made: no cache, no error', () => {
    const dir = temp('blocked');
    writeFileSync(join(dir, 'file'), 'not a folder');
    expect(writeCacheFile(join(dir, 'file', 'cache'), 'a.v8cache', Buffer.from('x'))).toBe(false);
  });

  it('lives in the user cache folder unless told otherwise', () => {
    expect(codeCacheDir({ HOME: '/home/u' })).toBe('/home/u/.cache/specgen/code-cache');
    expect(codeCacheDir({ HOME: '/home/u', XDG_CACHE_HOME: '/c' })).toBe('/c/specgen/code-cache');
    expect(codeCacheDir({ SPECGEN_CODE_CACHE_DIR: '/d' })).toBe('/d');
    expect(codeCacheDir({ SPECGEN_CODE_CACHE: '0', SPECGEN_CODE_CACHE_DIR: '/d' })).toBeNull();
  });
});

/** Runs `script` through runCachedScript in a fresh Node (its sources through tsx), caching in `cache`. */
function runScript(script: string, cache: string, nodeFlags: string[] = []) {
  const loader = pathToFileURL(join(import.meta.dirname, '../src/code-cache/cached-script.ts')).href;
  const main = `import { runCachedScript } from ${JSON.stringify(loader)};
const out = runCachedScript(${JSON.stringify(script)}, { cacheDir: ${JSON.stringify(cache)}, name: 't', flagsAtStart: ['--turbo-inlining'] });
process.stdout.write(String(out.answer()));`;
  return spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', main], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
}

const SCRIPT = `require('node:v8').setFlagsFromString('--no-turbo-inlining');
function square(n) { return n * n; }
exports.answer = () => [1, 2, 3].map(square).join(',') + ' ' + __filename.endsWith('.cjs');
`;

describe('a script under its code cache', () => {
  it('writes the cache at exit; the next run accepts it; one V8 rejects is replaced', () => {
    const dir = temp('script');
    const script = join(dir, 'script.cjs');
    writeFileSync(script, SCRIPT);
    const cache = join(dir, 'cache');
    const first = runScript(script, cache);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('1,4,9 true');
    const [file] = cacheFiles(cache);
    expect(file).toBeDefined();
    const written = readFileSync(join(cache, `${file}`));
    const second = runScript(script, cache);
    expect(second.stdout).toBe('1,4,9 true');
    // Accepted: not written again (the script's own flag change was undone before the cache was made).
    expect(readFileSync(join(cache, `${file}`))).toEqual(written);
    // Node run with other V8 flags keeps a cache of its own beside the first.
    const other = runScript(script, cache, ['--no-lazy-feedback-allocation']);
    expect(other.stdout).toBe('1,4,9 true');
    const otherFile = cacheFiles(cache).find((f) => f !== file);
    expect(otherFile).toBeDefined();
    expect(readFileSync(join(cache, `${file}`))).toEqual(written);
    // A whole file that V8 rejects (made under those other flags): the run compiles and replaces it.
    const foreign = readFileSync(join(cache, `${otherFile}`));
    writeFileSync(join(cache, `${file}`), foreign);
    expect(runScript(script, cache).stdout).toBe('1,4,9 true');
    const replaced = readFileSync(join(cache, `${file}`));
    expect(replaced).not.toEqual(foreign);
    expect(runScript(script, cache).stdout).toBe('1,4,9 true');
    expect(readFileSync(join(cache, `${file}`))).toEqual(replaced); // and that one is accepted
    // Started with the flag the script sets: it is not set back, so the cache stays one V8 accepts.
    const started = runScript(script, cache, ['--no-turbo-inlining']);
    expect(started.stdout).toBe('1,4,9 true');
    const startedFile = cacheFiles(cache).find((f) => f !== file && f !== otherFile);
    const startedCache = readFileSync(join(cache, `${startedFile}`));
    expect(runScript(script, cache, ['--no-turbo-inlining']).stdout).toBe('1,4,9 true');
    expect(readFileSync(join(cache, `${startedFile}`))).toEqual(startedCache);
    writeFileSync(script, SCRIPT.replace('n * n', 'n * n * n'));
    expect(runScript(script, cache).stdout).toBe('1,8,27 true'); // a changed script never runs old code
    expect(cacheFiles(cache)).toHaveLength(4);
  }, 60_000);
});

const BIN = join(REPO_ROOT, 'packages/cli/bin/specgen.js');

/** `specgen generate` of the built bin (the bundle) in a child process; resolves with its status and stderr. */
function generate(
  args: string[],
  env: Record<string, string>,
  cwd = REPO_ROOT,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'generate', '--quiet', ...args], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    if (statSync(join(dir, f)).isFile()) files[f] = readFileSync(join(dir, f), 'utf8');
  }
  return files;
}

describe('specgen generate (the built bin) under the code cache', () => {
  it('writes the same files with a new, a cached, a damaged and no cache; an override and a config apply', async () => {
    const dir = temp('bin');
    const cache = join(dir, 'cache');
    const spec = join(dir, 'spec.md');
    cpSync(REAL_SPEC, spec);
    const run = (out: string, env: Record<string, string> = { SPECGEN_CODE_CACHE_DIR: cache }, more: string[] = []) =>
      generate(['--spec', spec, '--out', join(dir, out), ...more], env);
    // A failed run (here: no such spec) compiled only part of the command: it leaves no cache.
    const failed = await generate(['--spec', join(dir, 'missing.md'), '--out', join(dir, 'x')], {
      SPECGEN_CODE_CACHE_DIR: cache,
    });
    expect(failed.code).toBe(2);
    expect(existsSync(cache) ? cacheFiles(cache) : []).toEqual([]);
    // Two runs at once without a cache: both write it, whole (a rename each), and both succeed.
    const [a, b] = await Promise.all([run('a'), run('b')]);
    expect(a, a.stderr).toEqual({ code: 0, stderr: '' });
    expect(b, b.stderr).toEqual({ code: 0, stderr: '' });
    const [file] = cacheFiles(cache);
    expect(cacheFiles(cache)).toEqual([file]);
    expect(readdirSync(cache).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const path = join(cache, `${file}`);
    const written = readFileSync(path);
    expect((await run('cached')).code).toBe(0);
    expect(readFileSync(path)).toEqual(written); // accepted, not written again
    const damaged = Buffer.from(written);
    const middle = Math.floor(damaged.length / 2);
    damaged.writeUInt8(damaged.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(path, damaged);
    expect(await run('damaged')).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(path)).not.toEqual(damaged); // replaced by a whole one
    expect(readCacheFile(path)).toBeDefined();
    writeFileSync(join(dir, 'not-a-folder'), '');
    const blocked = await run('blocked', { SPECGEN_CODE_CACHE_DIR: join(dir, 'not-a-folder', 'cache') });
    expect(blocked).toEqual({ code: 0, stderr: '' });
    expect((await run('none', { SPECGEN_CODE_CACHE: '0' })).code).toBe(0);
    const reference = snapshot(join(dir, 'none'));
    for (const out of ['a', 'b', 'cached', 'damaged', 'blocked']) expect(snapshot(join(dir, out))).toEqual(reference);

    // A user's template is compiled at run time, beside the precompiled ones held by the cached script.
    const overrides = join(dir, 'my-templates');
    mkdirSync(join(overrides, 'types'), { recursive: true });
    writeFileSync(
      join(overrides, 'types/references.ts.hbs'),
      '{{#each references}}\nexport type {{typeName}} = 1;\n{{/each}}\n',
    );
    expect((await run('override', undefined, ['--templates', overrides])).code).toBe(0);
    const overridden = snapshot(join(dir, 'override'));
    expect(overridden['types/src/references.ts']).toContain('export type Comment = 1;');
    const changed = Object.keys(reference).filter((f) => overridden[f] !== reference[f]);
    expect(changed).toEqual(['types/src/references.ts']);

    // The cached script's `import()` (a config module) loads as it does without a cache.
    writeFileSync(join(dir, 'specgen.config.mjs'), "export default { packageScope: '@from-mjs' };\n");
    const configured = await generate(
      ['--spec', spec, '--out', join(dir, 'configured')],
      { SPECGEN_CODE_CACHE_DIR: cache },
      dir,
    );
    expect(configured).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(join(dir, 'configured/types/package.json'), 'utf8')).toContain('"name": "@from-mjs/types"');
  }, 180_000);

  it('runs the command as strict code, as its ES modules are', () => {
    // A directive after the bundle's banner would be a plain string: the script would run in sloppy mode.
    const source = readFileSync(join(REPO_ROOT, 'packages/cli/bundle/generate-command.cjs'), 'utf8');
    expect(() => new Script(`(function () {${source}\n;with ({}) {}\n})`)).toThrow(/strict mode/i);
  });

  it('leaves --watch to the ES module: a watch session neither reads nor writes the cache', async () => {
    const dir = temp('watch');
    const cache = join(dir, 'cache');
    const spec = join(dir, 'spec.md');
    cpSync(REAL_SPEC, spec);
    const child = spawn(process.execPath, [BIN, 'generate', '--spec', spec, '--out', join(dir, 'out'), '--watch'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '', SPECGEN_CODE_CACHE_DIR: cache },
    });
    let stdout = '';
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
        if (stdout.includes('watching')) resolve();
      });
      child.on('close', () => resolve());
    });
    expect(stdout).toContain('watching');
    child.kill('SIGINT');
    expect(await closed).toBe(0); // a successful exit: a cached script would write its cache now
    expect(existsSync(cache) ? cacheFiles(cache) : []).toEqual([]);
    expect(existsSync(join(dir, 'out/types/package.json'))).toBe(true);
  }, 120_000);
});
