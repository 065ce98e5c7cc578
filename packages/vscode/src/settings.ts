/**
 * The extension's settings, section `specgen`: the names the language server reads (docs/lsp.md,
 * "Settings"), declared for the editor in package.json `contributes.configuration`.
 */
export const SETTINGS_SECTION = 'specgen';

export interface SpecgenSettings {
  /** Globs (relative to the workspace folder) of the spec files; empty: `specgen.config.*`, else `spec/*.md`. */
  specGlobs: string[];
  /** The git ref the code lenses compare against. */
  baseRef: string;
  trace: { server: 'off' | 'messages' | 'verbose' };
}

/** What `workspace.getConfiguration('specgen')` offers (its `get`), so this module needs no `vscode`. */
export interface ConfigurationReader {
  get<T>(key: string): T | undefined;
}

/** The settings as plain JSON for the server's initializationOptions (defaults come from package.json). */
export function currentSettings(config: ConfigurationReader): SpecgenSettings {
  return {
    specGlobs: config.get<string[]>('specGlobs') ?? [],
    baseRef: config.get<string>('baseRef') ?? 'origin/main',
    trace: { server: config.get<SpecgenSettings['trace']['server']>('trace.server') ?? 'off' },
  };
}
