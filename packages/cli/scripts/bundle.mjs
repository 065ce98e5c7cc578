// Build step of @specgen/cli (after tsc): bundles the `specgen` bin's entry (dist/main.js) and the
// render and check workers into bundle/, one ES module per entry plus shared chunks (the commands stay lazy:
// `specgen --help` loads no generator). Loading the ~370 ES modules of dist/ and its dependencies
// one by one cost about 0.2 s of every run (resolution, reading, compiling); the bundle is a few files.
// dist/ stays as it is (per module, with declarations): bin/specgen.js prefers the bundle.
//
// What depends on where a module sits (import.meta.url) keeps working in the bundle:
// - bundle/*.js sit one level below the package folder, like dist/main.js (`../package.json`);
// - the CLI's shipped templates are found from the nearest package.json (src/generate/templates-dir.ts);
// - @specgen/generate-core's repository templates (`../../../templates`, used only in the repository)
//   are as deep from bundle/ as from packages/generate-core/dist/;
// - its precompiled templates (dist/precompiled-templates.cjs: functions, not source text) are bundled:
//   the `createRequire(import.meta.url)` that reads them beside generate-core's dist/ becomes a bundled require;
// - a bundled module's `createRequire(import.meta.url)('../package.json')` is replaced by its own
//   package's manifest fields (below), and any other relative require of a bundled workspace module
//   fails the build rather than read the wrong file;
// - esbuild (the syntax check) stays external: it finds its binary from its own package;
// - Handlebars' compiler, which @specgen/generate-core requires only for a template without a
//   precompiled spec (`createRequire(import.meta.url)('handlebars')`), is bundled as a plain
//   `require('handlebars')`: esbuild wraps it and evaluates it at that call, not at start-up.
import { build } from 'esbuild';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(PACKAGE, 'bundle');
const OWN_MANIFEST = /createRequire\(import\.meta\.url\)\((['"])\.\.\/package\.json\1\)/g;
/** Packages required lazily by a workspace module that the bundle holds (not external, like esbuild). */
const LAZY_BUNDLED = /createRequire\(import\.meta\.url\)\((['"])(handlebars)\1\)/g;
/** generate-core's built-in templates, read beside its module: bundled (esbuild resolves it from dist/). */
const TEMPLATES_MODULE = /createRequire\(import\.meta\.url\)\((['"])(\.\/precompiled-templates\.cjs)\1\)/g;
const TEMPLATES_MODULE_EXISTS = /existsSync\(new URL\((['"])\.\/precompiled-templates\.cjs\1, import\.meta\.url\)\)/g;

/** `createRequire(import.meta.url)('../package.json')` in a workspace module -> that package's name and version. */
const manifests = {
  name: 'own-package-json',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]dist[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('createRequire(')) return undefined;
      const manifest = () => JSON.parse(readFileSync(join(dirname(args.path), '../package.json'), 'utf8'));
      const contents = text
        .replace(OWN_MANIFEST, () => `(${JSON.stringify({ name: manifest().name, version: manifest().version })})`)
        .replace(LAZY_BUNDLED, (_, quote, name) => `require(${quote}${name}${quote})`)
        .replace(TEMPLATES_MODULE_EXISTS, 'true')
        .replace(TEMPLATES_MODULE, (_, quote, name) => `require(${quote}${name}${quote})`);
      // A require of a package by name (esbuild, external) resolves the same from bundle/; a relative one would not.
      if (/createRequire\(import\.meta\.url\)(?!\((['"])[^.'"])/.test(contents)) {
        return {
          errors: [
            { text: `${args.path}: a relative require the bundle cannot keep; bundle/ would read another file` },
          ],
        };
      }
      return { contents, loader: 'js' };
    });
  },
};

/**
 * In generate-command.cjs, a `vm.Script` whose own `import()` has no loader once its code comes from the
 * cache: src/generate/import-file.ts becomes the `__specgenImport` that src/code-cache/ passes in.
 */
const scriptImport = {
  name: 'script-import',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/]cli[\\/]dist[\\/]generate[\\/]import-file\.js$/ }, () => ({
      contents: 'export const importFile = (url) => __specgenImport(url);',
      loader: 'js',
    }));
  },
};

// Built beside bundle/ (same depth, so the relative paths above hold) and swapped in by two renames:
// a `specgen` that starts while a build runs (a test beside `pnpm pack`, say) finds a whole bundle.
const NEXT = join(PACKAGE, `.bundle-next-${process.pid}`);
rmSync(NEXT, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(PACKAGE, 'dist/main.js'),
    'render-worker': join(PACKAGE, 'dist/generate/render-worker.js'),
    'check-worker': join(PACKAGE, 'dist/generate/check-worker.js'),
  },
  outdir: NEXT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['esbuild'],
  // Dependencies in CommonJS (handlebars) call require(): give the ES modules one.
  banner: {
    js: "import { createRequire as __specgenCreateRequire } from 'node:module'; const require = __specgenCreateRequire(import.meta.url);",
  },
  plugins: [manifests],
  logLevel: 'error',
});
await build({
  // `specgen generate` alone, as one CommonJS script: what src/code-cache/ compiles with a V8 code cache
  // (Node 20 keeps none for ES modules). The ES module build above stays for every other command.
  entryPoints: { 'generate-command': join(PACKAGE, 'dist/commands/generate.js') },
  outdir: NEXT,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['esbuild'],
  // A CommonJS script has no import.meta: its URL is the script's own (bundle/, as the chunks above).
  define: { 'import.meta': '__specgenImportMeta' },
  // "use strict" first: the ES modules bundled here are strict code, and a directive after the banner's
  // statement would be a plain string (the whole script would run in sloppy mode).
  banner: {
    js: "'use strict';\nconst __specgenImportMeta = { url: require('node:url').pathToFileURL(__filename).href };",
  },
  plugins: [manifests, scriptImport],
  logLevel: 'error',
});
const script = readFileSync(join(NEXT, 'generate-command.cjs'), 'utf8');
if (!script.includes('"types/index.ts": {') || !script.includes('__specgenImport(url)')) {
  throw new Error('bundle: bundle/generate-command.cjs lacks the precompiled templates or its import()');
}
const OLD = join(PACKAGE, `.bundle-old-${process.pid}`);
if (existsSync(OUT)) renameSync(OUT, OLD);
renameSync(NEXT, OUT);
rmSync(OLD, { recursive: true, force: true });
