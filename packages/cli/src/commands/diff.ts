/** `specgen diff`: what changed between two versions of the spec, and what it breaks for readers. */
import { runDiff } from '@specgen/diff';
import type { Command } from '../command.ts';
import { DIFF_HELP as help } from './help/diff.ts';
import { defaultsBase, userCwd } from '../io/paths.ts';
import { readSpecFile } from '../io/spec-file.ts';

export const diffCommand: Command = {
  name: 'diff',
  summary: 'compare two versions of the spec: changes, severities, changesets',
  help,
  run: async (args) => {
    const { parseSpec } = await import('@specgen/parser');
    const cwd = userCwd(); // the caller's folder, also under `pnpm -w specgen` (see io/paths.ts)
    return runDiff(args, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      cwd,
      parse: parseSpec,
      // a missing file names the nearest spec, as parse and generate do
      readSpec: (path, shown) => readSpecFile(path, shown, cwd),
      // a changeset names the packages as generate does (specgen.config.*, --package-scope)
      packageNames: async (scope) => {
        const [{ generators }, { configuredPackageNames }] = await Promise.all([
          import('../generators.ts'),
          import('../generate/config.ts'),
        ]);
        return configuredPackageNames(
          generators.map((g) => g.target),
          scope,
          defaultsBase(),
        );
      },
      root: defaultsBase(), // .changeset and generated/ of the workspace, from any folder
    });
  },
};
