/** `specgen lsp --stdio`: starts the language server of @specgen/lsp; it runs until the client says exit. */
import type { Command } from '../command.ts';
import { LSP_HELP as HELP } from './help/lsp.ts';

export const lspCommand: Command = {
  name: 'lsp',
  summary: 'start the spec language server on stdin/stdout (for editors)',
  help: HELP,
  async run(args) {
    if (!args.includes('--stdio') || args.some((a) => a !== '--stdio')) {
      process.stderr.write(`specgen lsp: expected --stdio\n\n${HELP}`);
      return 2;
    }
    const { runStdioServer } = await import('@specgen/lsp');
    return runStdioServer();
  },
};
