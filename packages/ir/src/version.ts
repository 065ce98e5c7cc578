/**
 * Service versions such as 2.9, 2.18, 22.6, 26.7 are compared numerically part by part,
 * never as strings: 2.9 < 2.18 < 22.6 < 26.7.
 */
export const VERSION_PATTERN = /^\d+(\.\d+)*$/;

export function isVersion(text: string): boolean {
  return VERSION_PATTERN.test(text);
}

export function parseVersion(text: string): number[] {
  if (!isVersion(text)) throw new Error(`malformed version "${text}"`);
  return text.split('.').map(Number);
}

/** Parsed versions, cached: a large spec repeats the same few dozen versions thousands of times. */
const parsedVersions = new Map<string, readonly number[]>();

function versionParts(version: string): readonly number[] {
  let parts = parsedVersions.get(version);
  if (!parts) {
    if (parsedVersions.size >= 4096) parsedVersions.clear();
    parts = parseVersion(version);
    parsedVersions.set(version, parts);
  }
  return parts;
}

export function compareVersions(a: string, b: string): number {
  if (a === b && isVersion(a)) return 0;
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** True when something introduced in `since` (null = always there) exists at `version`. */
export function availableAt(since: string | null, version: string): boolean {
  return since === null || compareVersions(since, version) <= 0;
}

export function newestVersion(versions: Iterable<string>): string | null {
  let best: string | null = null;
  for (const v of versions) if (best === null || compareVersions(v, best) > 0) best = v;
  return best;
}

export function sortVersions(versions: Iterable<string>): string[] {
  return [...new Set(versions)].sort(compareVersions);
}
