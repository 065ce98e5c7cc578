/** `specgen format [--check] [files]`: aligns the spec's tables with the formatter the language server uses. */
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { formatSpecText } from '@specgen/parser';
import { listSpecFiles, specGlobs } from '@specgen/lsp/spec-files';
import type { Command } from '../command.ts';
import { FORMAT_HELP as HELP } from './help/format.ts';
import { defaultsBase, userCwd, userPath } from '../io/paths.ts';

export const formatCommand: Command = {
  name: 'format',
  summary: 'align every table of the spec files (--check: exit 1 when one is not formatted)',
  help: HELP,
  async run(args) {
    const unknown = args.find((a) => a.startsWith('-') && a !== '--check');
    if (unknown) {
      process.stderr.write(`specgen format: unknown option "${unknown}"\n\n${HELP}`);
      return 2;
    }
    const check = args.includes('--check');
    const typed = args.filter((a) => !a.startsWith('-'));
    const cwd = userCwd();
    let files: string[];
    try {
      files =
        typed.length > 0
          ? typed.map((f) => userPath(f, f))
          : await listSpecFiles(defaultsBase(), await specGlobs(defaultsBase()));
    } catch (error) {
      process.stderr.write(`specgen format: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
    if (files.length === 0) {
      process.stderr.write('specgen format: no spec files (specgen.config.* "spec", else spec/*.md)\n');
      return 2;
    }
    const changed: string[] = [];
    for (const file of files) {
      const shown = relative(cwd, file) || file;
      try {
        const text = await readFile(file, 'utf8');
        const formatted = formatSpecText(text);
        if (formatted === text) continue;
        changed.push(shown);
        if (!check) await writeFile(file, formatted);
      } catch (error) {
        process.stderr.write(
          `specgen format: cannot ${check ? 'read' : 'format'} ${shown}: ${(error as Error).message}\n`,
        );
        return 2;
      }
    }
    if (check) {
      for (const file of changed) process.stderr.write(`${file}: not formatted (run specgen format)\n`);
      return changed.length > 0 ? 1 : 0;
    }
    process.stdout.write(`${changed.length} formatted, ${files.length - changed.length} unchanged\n`);
    return 0;
  },
};
