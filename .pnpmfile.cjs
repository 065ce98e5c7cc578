// Generated package.json files carry real semver ranges (`^0.1.0`), never `workspace:`, so they
// install the same outside this repository. Inside it, this hook reads a dependency on a package
// of this workspace (`@specgen/*`, `@service-api/*`) as `workspace:*`: pnpm links it during
// development, and `pnpm deploy` copies it (packed files only) into the deployed folder, as it
// does for every `workspace:` dependency. See docs/decisions/ship.md.
const { readdirSync, readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

function workspaceNames() {
  const names = new Set();
  for (const group of ['packages', 'generated']) {
    const base = join(__dirname, group);
    if (!existsSync(base)) continue;
    for (const dir of readdirSync(base)) {
      const file = join(base, dir, 'package.json');
      if (!existsSync(file)) continue;
      try {
        names.add(JSON.parse(readFileSync(file, 'utf8')).name);
      } catch {
        // A package.json being edited (or in a merge) names no package until it parses again.
      }
    }
  }
  return names;
}

const WORKSPACE = workspaceNames();

function readPackage(pkg) {
  if (!WORKSPACE.has(pkg.name)) return pkg;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (WORKSPACE.has(name) && !range.startsWith('workspace:')) pkg[field][name] = 'workspace:*';
    }
  }
  return pkg;
}

module.exports = { hooks: { readPackage } };
