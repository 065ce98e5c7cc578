/** The editor settings of section `specgen` (docs/lsp.md); the names are a contract with the VS Code extension. */
export interface Settings {
  /** Globs relative to the workspace folder; empty: `specgen.config.*` `spec`, else `spec/*.md`. */
  specGlobs: string[];
  /** The git ref the code lenses compare against. */
  baseRef: string;
  trace: { server: 'off' | 'messages' | 'verbose' };
}

export const SETTINGS_SECTION = 'specgen';

export const DEFAULT_SETTINGS: Settings = { specGlobs: [], baseRef: 'origin/main', trace: { server: 'off' } };

/** What a client may send; every value is checked before use. */
interface SentSettings {
  specGlobs?: unknown;
  baseRef?: unknown;
  trace?: { server?: unknown } | null;
}

/** Settings from what a client sent, each value checked; anything missing or malformed keeps its default. */
export function readSettings(value: unknown): Settings {
  const v: SentSettings = value && typeof value === 'object' ? value : {};
  const globs = Array.isArray(v.specGlobs)
    ? v.specGlobs.filter((g): g is string => typeof g === 'string' && g !== '')
    : [];
  const baseRef =
    typeof v.baseRef === 'string' && v.baseRef.trim() !== '' ? v.baseRef.trim() : DEFAULT_SETTINGS.baseRef;
  const trace = v.trace && typeof v.trace === 'object' ? v.trace.server : undefined;
  const server = trace === 'messages' || trace === 'verbose' ? trace : 'off';
  return { specGlobs: globs, baseRef, trace: { server } };
}
