/**
 * `import()` of a user's module by URL (a `specgen.config.mjs`). In bundle/generate-command.cjs, which
 * runs as a `vm.Script` (code-cache/cached-script.ts), a script's own `import()` has no loader once its
 * code comes from the cache (Node 20: "A dynamic import callback was not specified"); the bundle build
 * replaces this module there with the import of the ES module that runs the script (scripts/bundle.mjs).
 */
export function importFile(url: string): Promise<unknown> {
  return import(url);
}
