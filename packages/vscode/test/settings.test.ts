/**
 * The extension and the server agree on the contract between them: the settings' names and defaults
 * (package.json `contributes.configuration`, the server's DEFAULT_SETTINGS, docs/lsp.md's table), what
 * the client sends, and the name of the code lenses' command that the extension answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_SETTINGS,
  SETTINGS_SECTION as SERVER_SECTION,
  SHOW_CHANGES_COMMAND as SERVER_COMMAND,
} from '@specgen/lsp';
import { describe, expect, it } from 'vitest';
import { SHOW_CHANGES_COMMAND } from '../src/change-list.ts';
import { currentSettings, SETTINGS_SECTION } from '../src/settings.ts';
import { PACKAGE_DIR, type ExtensionManifest } from './vsix.ts';

const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as ExtensionManifest;
const contributed = manifest.contributes.configuration.properties;

/** `{ a: 1, trace: { server: 'off' } }` -> `{ 'specgen.a': 1, 'specgen.trace.server': 'off' }`. */
function flatten(value: object, prefix: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, v]) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.entries(flatten(v, `${prefix}.${key}`))
        : [[`${prefix}.${key}`, v]],
    ),
  );
}

describe('the settings contract between the extension and the server', () => {
  it('contributes exactly the settings the server reads, with its defaults', () => {
    expect(SETTINGS_SECTION).toBe(SERVER_SECTION);
    const defaults = Object.fromEntries(Object.entries(contributed).map(([key, setting]) => [key, setting.default]));
    expect(defaults).toEqual(flatten(DEFAULT_SETTINGS, SERVER_SECTION));
  });

  it('names the settings docs/lsp.md documents', () => {
    const docs = readFileSync(join(PACKAGE_DIR, '../../docs/lsp.md'), 'utf8');
    const table = docs.slice(docs.indexOf('## Settings'), docs.indexOf('\n## ', docs.indexOf('## Settings') + 1));
    const names = [...table.matchAll(/^\| `(specgen\.[\w.]+)` \|/gm)].map((m) => m[1]);
    expect(names.sort()).toEqual(Object.keys(contributed).sort());
  });

  it('sends the editor settings as the server reads them, defaults included', () => {
    const editor = new Map<string, unknown>([
      ['baseRef', 'origin/release'],
      ['specGlobs', ['api/*.md']],
    ]);
    const reader = {
      get: <T>(key: string) => (editor.get(key) ?? contributed[`specgen.${key}`]?.default) as T | undefined,
    };
    expect(currentSettings(reader)).toEqual({
      ...DEFAULT_SETTINGS,
      baseRef: 'origin/release',
      specGlobs: ['api/*.md'],
    });
    expect(currentSettings({ get: () => undefined })).toEqual(DEFAULT_SETTINGS);
  });

  it("answers the command the server's code lenses run", () => {
    expect(SHOW_CHANGES_COMMAND).toBe(SERVER_COMMAND);
  });
});
